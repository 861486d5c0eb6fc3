//! A level as bits (1 = open floor), 64 cells per `u64`, for fast cellular automata.

use crate::space::world::World;

/// A `width` x `height` grid of bits stored row by row; bits past the width are kept zero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitGrid {
    width: usize,
    height: usize,
    words: usize,
    bits: Vec<u64>,
}

impl BitGrid {
    /// An all-zero (all-wall) grid.
    pub fn new(width: usize, height: usize) -> Self {
        let words = width.div_ceil(64).max(1);
        BitGrid {
            width,
            height,
            words,
            bits: vec![0; words * height],
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }

    /// The bit at (x, y); false outside the grid.
    pub fn get(&self, x: isize, y: isize) -> bool {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return false;
        }
        let (x, y) = (x as usize, y as usize);
        self.bits[y * self.words + x / 64] >> (x % 64) & 1 == 1
    }

    /// Sets the bit at (x, y), which must lie inside the grid.
    pub fn set(&mut self, x: usize, y: usize, on: bool) {
        let w = &mut self.bits[y * self.words + x / 64];
        let m = 1u64 << (x % 64);
        if on {
            *w |= m
        } else {
            *w &= !m
        }
    }

    /// The open cells of level `z` of a world (empty outside the world).
    pub fn from_level(world: &World, z: i32) -> BitGrid {
        let Some(level) = world.level(z) else {
            return BitGrid::new(0, 0);
        };
        let w = world.width() as usize;
        let mut g = BitGrid::new(w, world.height() as usize);
        for (i, t) in level.iter().enumerate() {
            if t.is_open() {
                g.set(i % w, i / w, true);
            }
        }
        g
    }

    /// Sets cells `x0..x1` of row `y` (inside the grid, `x0 < x1`).
    pub(crate) fn set_range(&mut self, y: usize, x0: usize, x1: usize) {
        self.write_range(y, x0, x1, true);
    }

    /// Clears cells `x0..x1` of row `y` (inside the grid, `x0 < x1`).
    pub(crate) fn clear_range(&mut self, y: usize, x0: usize, x1: usize) {
        self.write_range(y, x0, x1, false);
    }

    /// Writes `on` to cells `x0..x1` of row `y`: the end words by masks, the words between
    /// whole.
    fn write_range(&mut self, y: usize, x0: usize, x1: usize, on: bool) {
        debug_assert!(x0 < x1, "an empty range {x0}..{x1}");
        let row = self.row_mut(y);
        let (a, b) = (x0 / 64, (x1 - 1) / 64);
        let (head, tail) = (u64::MAX << (x0 % 64), u64::MAX >> (63 - (x1 - 1) % 64));
        let put = |word: &mut u64, mask: u64| {
            if on {
                *word |= mask;
            } else {
                *word &= !mask;
            }
        };
        if a == b {
            put(&mut row[a], head & tail);
        } else {
            put(&mut row[a], head);
            row[a + 1..b].fill(if on { u64::MAX } else { 0 });
            put(&mut row[b], tail);
        }
    }

    /// The words of row `y` (least significant bit is the leftmost cell of the word).
    pub fn row(&self, y: usize) -> &[u64] {
        &self.bits[y * self.words..(y + 1) * self.words]
    }

    pub(crate) fn row_mut(&mut self, y: usize) -> &mut [u64] {
        &mut self.bits[y * self.words..(y + 1) * self.words]
    }

    /// The mask of valid bits in the last word of a row.
    pub(crate) fn last_mask(&self) -> u64 {
        match self.width % 64 {
            0 if self.width > 0 => u64::MAX,
            0 => 0,
            r => (1u64 << r) - 1,
        }
    }

    /// The cells as booleans, row-major.
    pub fn to_bools(&self) -> Vec<bool> {
        let mut out = Vec::with_capacity(self.width * self.height);
        for y in 0..self.height {
            for (i, &word) in self.row(y).iter().enumerate() {
                let n = (self.width - i * 64).min(64);
                out.extend((0..n).map(|b| word >> b & 1 == 1));
            }
        }
        out
    }

    /// Number of set bits.
    pub fn count(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Parses '.' (set) and '#' (clear) lines; for test fixtures.
    pub fn from_text(text: &str) -> BitGrid {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        let width = rows.first().map_or(0, |r| r.len());
        let mut g = BitGrid::new(width, rows.len());
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.bytes().enumerate() {
                g.set(x, y, c == b'.');
            }
        }
        g
    }

    /// The grid as '.' and '#' lines.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for y in 0..self.height as isize {
            for x in 0..self.width as isize {
                s.push(if self.get(x, y) { '.' } else { '#' });
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::BitGrid;

    #[test]
    fn ranges_set_and_clear_exactly_their_cells_within_and_across_words() {
        let width = 200;
        for (x0, x1) in [
            (0, 1),
            (3, 9),
            (0, 64),
            (63, 65),
            (5, 130),
            (64, 128),
            (190, 200),
        ] {
            let mut g = BitGrid::new(width, 2);
            g.set_range(1, x0, x1);
            for x in 0..width {
                assert_eq!(
                    g.get(x as isize, 1),
                    (x0..x1).contains(&x),
                    "set {x0}..{x1} at {x}"
                );
                assert!(
                    !g.get(x as isize, 0),
                    "set {x0}..{x1} spilled into row 0 at {x}"
                );
            }
            g.set_range(1, 0, width);
            g.clear_range(1, x0, x1);
            for x in 0..width {
                assert_eq!(
                    g.get(x as isize, 1),
                    !(x0..x1).contains(&x),
                    "clear {x0}..{x1} at {x}"
                );
            }
        }
    }
}
