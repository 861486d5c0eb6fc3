//! Cellular-automaton smoothing over a `BitGrid`, 64 cells at a time.
//!
//! Both rules look at the 3x3 block around a cell, the cell included:
//! - `Majority` (seed 000): floor when floors >= walls among the cells inside the world
//!   (cells outside are not counted, so edges and corners need fewer floors);
//! - `FiveOfNine` (seed 001, RogueBasin): floor iff at least 5 of the 9 are floor, with
//!   cells outside the world counted as wall.
//!
//! Inside the grid the two agree (5 of 9); they differ only on the border.

use super::bitgrid::BitGrid;

/// Which smoothing rule to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SmoothRule {
    #[default]
    Majority,
    FiveOfNine,
}

type Count = [u64; 4];

fn add(a: Count, b: Count) -> Count {
    let mut out = [0; 4];
    let mut carry = 0;
    for i in 0..4 {
        out[i] = a[i] ^ b[i] ^ carry;
        carry = (a[i] & b[i]) | (carry & (a[i] ^ b[i]));
    }
    out
}

/// Horizontal 3-sums of a row (left + self + right), one bit-sliced count per word.
fn row_sums(g: &BitGrid, y: isize, out: &mut [Count]) {
    if y < 0 || y as usize >= g.height() {
        out.fill([0; 4]);
        return;
    }
    let row = g.row(y as usize);
    let n = row.len();
    for i in 0..n {
        let w = row[i];
        let prev = if i > 0 { row[i - 1] } else { 0 };
        let next = if i + 1 < n { row[i + 1] } else { 0 };
        let left = (w << 1) | (prev >> 63);
        let right = (w >> 1) | (next << 63);
        out[i] = add(add([w, 0, 0, 0], [left, 0, 0, 0]), [right, 0, 0, 0]);
    }
}

/// One smoothing step: reads `src`, writes `dst` (same size).
pub fn smooth_step(src: &BitGrid, dst: &mut BitGrid, rule: SmoothRule) {
    let (w, h) = (src.width(), src.height());
    if h == 0 || w == 0 {
        return;
    }
    let words = src.row(0).len();
    let mask = src.last_mask();
    let mut above = vec![[0; 4]; words];
    let mut here = vec![[0; 4]; words];
    let mut below = vec![[0; 4]; words];
    row_sums(src, 0, &mut here);
    for y in 0..h {
        row_sums(src, y as isize + 1, &mut below);
        let out = dst.row_mut(y);
        for i in 0..words {
            let c = add(add(above[i], here[i]), below[i]);
            out[i] = c[3] | (c[2] & (c[1] | c[0]));
        }
        out[words - 1] &= mask;
        std::mem::swap(&mut above, &mut here);
        std::mem::swap(&mut here, &mut below);
    }
    if rule == SmoothRule::Majority {
        fix_border_majority(src, dst);
    }
}

/// On the border fewer than 9 cells lie inside: floor when 2 * floors >= cells counted.
fn fix_border_majority(src: &BitGrid, dst: &mut BitGrid) {
    let (w, h) = (src.width(), src.height());
    let mut fix = |x: usize, y: usize| {
        let (mut floors, mut cells) = (0, 0);
        for dy in -1..=1isize {
            for dx in -1..=1isize {
                let (nx, ny) = (x as isize + dx, y as isize + dy);
                if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                    cells += 1;
                    floors += usize::from(src.get(nx, ny));
                }
            }
        }
        dst.set(x, y, 2 * floors >= cells);
    };
    for x in 0..w {
        fix(x, 0);
        fix(x, h - 1);
    }
    for y in 0..h {
        fix(0, y);
        fix(w - 1, y);
    }
}

/// Applies `times` smoothing steps, alternating between `grid` and a scratch grid.
pub fn smooth(grid: &mut BitGrid, times: u32, rule: SmoothRule) {
    let mut scratch = BitGrid::new(grid.width(), grid.height());
    for _ in 0..times {
        smooth_step(grid, &mut scratch, rule);
        std::mem::swap(grid, &mut scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A slow, obvious version of both rules to check the bit-parallel one against.
    fn reference(src: &BitGrid, rule: SmoothRule) -> BitGrid {
        let mut out = BitGrid::new(src.width(), src.height());
        for y in 0..src.height() {
            for x in 0..src.width() {
                let (mut floors, mut inside) = (0, 0);
                for dy in -1..=1isize {
                    for dx in -1..=1isize {
                        let (nx, ny) = (x as isize + dx, y as isize + dy);
                        let is_in = nx >= 0
                            && ny >= 0
                            && (nx as usize) < src.width()
                            && (ny as usize) < src.height();
                        inside += usize::from(is_in);
                        floors += usize::from(src.get(nx, ny));
                    }
                }
                let floor = match rule {
                    SmoothRule::Majority => 2 * floors >= inside,
                    SmoothRule::FiveOfNine => floors >= 5,
                };
                out.set(x, y, floor);
            }
        }
        out
    }

    fn step(text: &str, rule: SmoothRule) -> String {
        let src = BitGrid::from_text(text);
        let mut dst = BitGrid::new(src.width(), src.height());
        smooth_step(&src, &mut dst, rule);
        dst.to_text()
    }

    #[test]
    fn five_of_nine_fills_lone_floors_and_treats_outside_as_wall() {
        let before = "
            .....
            .#...
            ...#.
            #....
        ";
        let after = "\
#...#
.....
#....
#...#
";
        assert_eq!(step(before, SmoothRule::FiveOfNine), after);
    }

    #[test]
    fn majority_keeps_open_edges_open() {
        let before = "
            .....
            .#...
            ...#.
            #....
        ";
        let after = "\
.....
.....
.....
.....
";
        assert_eq!(step(before, SmoothRule::Majority), after);
    }

    #[test]
    fn majority_counts_only_cells_inside_at_the_edge() {
        let before = "
            ###..
            ##...
            #....
        ";
        let after = "\
##...
##...
#....
";
        assert_eq!(step(before, SmoothRule::Majority), after);
    }

    #[test]
    fn bit_parallel_matches_the_reference_on_random_grids() {
        use rand::Rng;
        let mut rng = crate::rng::seeded(3);
        for (w, h) in [(1, 1), (2, 50), (63, 5), (64, 3), (65, 7), (130, 9), (3, 1)] {
            for rule in [SmoothRule::Majority, SmoothRule::FiveOfNine] {
                let mut g = BitGrid::new(w, h);
                for y in 0..h {
                    for x in 0..w {
                        g.set(x, y, rng.random_bool(0.5));
                    }
                }
                let mut fast = BitGrid::new(w, h);
                smooth_step(&g, &mut fast, rule);
                assert_eq!(fast, reference(&g, rule), "{w}x{h} {rule:?}");
            }
        }
    }
}
