//! A level as bits (1 = open floor), 64 cells per `u64`, for fast cellular automata and for
//! finding the cells where things may be placed a word at a time.

use crate::kinds::tile::Tile;
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
        BitGrid::of_tiles(world, z, Tile::is_open)
    }

    /// The cells of level `z` of a world whose tile `keep` chooses (empty outside the world).
    /// Read eight tiles at a time as the bytes of a word: each byte is compared at once (SWAR)
    /// with the codes of the kinds `keep` chooses, or, when it chooses all but a few, of those
    /// it leaves (and the answer turned round).
    pub fn of_tiles(world: &World, z: i32, keep: fn(Tile) -> bool) -> BitGrid {
        let Some(level) = world.level(z) else {
            return BitGrid::new(0, 0);
        };
        let mut g = BitGrid::new(world.width() as usize, world.height() as usize);
        let (kept, left): (Vec<Tile>, Vec<Tile>) = Tile::ALL.iter().partition(|&&t| keep(t));
        let (codes, flip) = if kept.len() <= left.len() {
            (kept, 0)
        } else {
            (left, u64::MAX)
        };
        let c: Vec<u64> = codes.iter().map(|&t| u64::from(t.code()) * BYTES).collect();
        // One copy of the loop for each number of codes up to three, the comparisons written
        // out; more codes are compared in a loop.
        match *c.as_slice() {
            [] => g.pack(level, flip, |_| 0),
            [a] => g.pack(level, flip, |x| zero_bytes(x ^ a)),
            [a, b] => g.pack(level, flip, |x| zero_bytes(x ^ a) | zero_bytes(x ^ b)),
            [a, b, d] => g.pack(level, flip, |x| {
                zero_bytes(x ^ a) | zero_bytes(x ^ b) | zero_bytes(x ^ d)
            }),
            _ => g.pack(level, flip, |x| {
                c.iter().fold(0, |m, &code| m | zero_bytes(x ^ code))
            }),
        }
        g
    }

    /// Sets the bits of the tiles of `level` (this grid's size) for which `matches` puts the
    /// top bit of their byte in a word of eight tiles' codes, each turned round by `flip`.
    fn pack(&mut self, level: &[Tile], flip: u64, matches: impl Fn(u64) -> u64) {
        let last = self.last_mask();
        for (y, tiles) in level.chunks_exact(self.width.max(1)).enumerate() {
            let row = self.row_mut(y);
            for (word, cells) in row.iter_mut().zip(tiles.chunks(64)) {
                let mut bits = 0;
                let eights = cells.chunks_exact(8);
                let rest = eights.remainder();
                for (k, eight) in eights.enumerate() {
                    let x = u64::from_le_bytes(std::array::from_fn(|b| eight[b].code()));
                    bits |= high_bits(matches(x)) << (8 * k);
                }
                if !rest.is_empty() {
                    let mut bytes = [Tile::Bounds.code(); 8];
                    for (b, &t) in bytes.iter_mut().zip(rest) {
                        *b = t.code();
                    }
                    let k = cells.len() / 8;
                    bits |= high_bits(matches(u64::from_le_bytes(bytes))) << (8 * k);
                }
                *word = bits ^ flip;
            }
            if let Some(end) = row.last_mut() {
                *end &= last;
            }
        }
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

    /// Word `i` of row `y`, or 0 for a row outside the grid.
    pub(crate) fn word(&self, i: usize, y: isize) -> u64 {
        if y < 0 || y as usize >= self.height {
            return 0;
        }
        self.bits[y as usize * self.words + i]
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

/// A byte of 1 in each of a word's eight bytes.
const BYTES: u64 = 0x0101_0101_0101_0101;

/// The top bit of each byte of `x` that is zero, and nothing else.
fn zero_bytes(x: u64) -> u64 {
    let low = 0x7f * BYTES;
    !(((x & low) + low) | x | low)
}

/// The top bits of a word's eight bytes gathered into its lowest eight bits, byte k's in bit
/// k: a multiplication moves each to its place, with no two products meeting.
fn high_bits(x: u64) -> u64 {
    ((x >> 7) & BYTES).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Word `i` of a row with each cell holding the bit of the cell west of it (clear at the
/// west edge).
pub(crate) fn from_west(row: &[u64], i: usize) -> u64 {
    row[i] << 1 | i.checked_sub(1).map_or(0, |j| row[j] >> 63)
}

/// Word `i` of a row with each cell holding the bit of the cell east of it (clear past the
/// east edge, as the bits past the width are).
pub(crate) fn from_east(row: &[u64], i: usize) -> u64 {
    row[i] >> 1 | row.get(i + 1).map_or(0, |next| next << 63)
}

/// The set cells of a bit grid numbered in scan order from 0, so one can be drawn by its
/// number as from a list of them, without the list: the cells set in the rows above each
/// row are counted once, then a number is found by a search of the rows and a walk of one.
pub(crate) struct Numbered<'a> {
    grid: &'a BitGrid,
    /// `before[y]`: the cells set in the rows above row `y` (`height + 1` of them).
    before: Vec<usize>,
}

impl<'a> Numbered<'a> {
    pub(crate) fn new(grid: &'a BitGrid) -> Self {
        let mut before = Vec::with_capacity(grid.height + 1);
        let mut n = 0;
        before.push(0);
        for y in 0..grid.height {
            n += grid
                .row(y)
                .iter()
                .map(|w| w.count_ones() as usize)
                .sum::<usize>();
            before.push(n);
        }
        Numbered { grid, before }
    }

    /// How many cells are set.
    pub(crate) fn len(&self) -> usize {
        self.before.last().copied().unwrap_or(0)
    }

    /// The set cell numbered `k` (x, y), if there are more than `k`.
    pub(crate) fn nth(&self, k: usize) -> Option<(usize, usize)> {
        if k >= self.len() {
            return None;
        }
        let y = self.before.partition_point(|&n| n <= k) - 1;
        let mut k = (k - self.before[y]) as u32;
        for (i, &word) in self.grid.row(y).iter().enumerate() {
            let n = word.count_ones();
            if k < n {
                let mut bits = word;
                for _ in 0..k {
                    bits &= bits - 1;
                }
                return Some((i * 64 + bits.trailing_zeros() as usize, y));
            }
            k -= n;
        }
        None
    }
}

/// Random grids for the builder's tests.
#[cfg(test)]
impl BitGrid {
    /// A `width` x `height` grid with each cell set at `chance`, drawn row by row.
    pub(crate) fn random(
        width: usize,
        height: usize,
        chance: f64,
        rng: &mut impl rand::Rng,
    ) -> Self {
        let mut g = BitGrid::new(width, height);
        for y in 0..height {
            for x in 0..width {
                g.set(x, y, rng.random_bool(chance));
            }
        }
        g
    }

    /// The set cells, (x, y) in scan order.
    pub(crate) fn cells(&self) -> Vec<(usize, usize)> {
        let width = self.width;
        (0..self.height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.get(x as isize, y as isize))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn numbered_cells_are_the_set_cells_in_scan_order() {
        let mut rng = crate::rng::seeded(3);
        for (w, h, chance) in [
            (1, 1, 0.5),
            (64, 3, 0.5),
            (65, 4, 0.2),
            (200, 7, 0.9),
            (130, 5, 0.0),
        ] {
            let g = BitGrid::random(w, h, chance, &mut rng);
            let listed = g.cells();
            let numbered = Numbered::new(&g);
            assert_eq!(numbered.len(), listed.len(), "{w}x{h}");
            for (k, &cell) in listed.iter().enumerate() {
                assert_eq!(numbered.nth(k), Some(cell), "{w}x{h} cell {k}");
            }
            assert_eq!(numbered.nth(listed.len()), None);
        }
    }

    #[test]
    fn shifted_words_hold_the_neighbours_bits() {
        let g = BitGrid::from_text(&format!("{}\n", ".#..".repeat(40)));
        let row = g.row(0);
        for x in 0..160usize {
            let (i, b) = (x / 64, x % 64);
            let west = x > 0 && g.get(x as isize - 1, 0);
            let east = g.get(x as isize + 1, 0);
            assert_eq!(from_west(row, i) >> b & 1 == 1, west, "west of {x}");
            assert_eq!(from_east(row, i) >> b & 1 == 1, east, "east of {x}");
        }
        assert_eq!(g.word(0, -1), 0);
        assert_eq!(g.word(1, 1), 0);
    }

    #[test]
    fn tiles_are_packed_as_a_cell_by_cell_look_finds_them() {
        let mut world = crate::builder::WorldBuilder::new(150, 9, 2, 4)
            .make_caves()
            .build();
        // Every kind somewhere, the last row's ragged end included.
        for (i, t) in Tile::ALL.into_iter().enumerate() {
            world.set(crate::space::geom::Point::new(149 - i as i32, 8, 1), t);
        }
        let keeps: [fn(Tile) -> bool; 5] = [
            |t| t == Tile::Floor,
            |t| t.is_stairs() || t.is_door(),
            Tile::is_open,
            Tile::is_passable,
            |t| t.code() % 2 == 1,
        ];
        for keep in keeps {
            for z in 0..2 {
                let grid = BitGrid::of_tiles(&world, z, keep);
                for (p, t) in world.points(z) {
                    assert_eq!(grid.get(p.x as isize, p.y as isize), keep(t), "{p:?} {t:?}");
                }
                assert_eq!(
                    grid.count(),
                    world.points(z).filter(|&(_, t)| keep(t)).count()
                );
            }
        }
        assert_eq!(BitGrid::of_tiles(&world, 2, Tile::is_open).width(), 0);
    }
}
