//! Cellular-automaton smoothing over a `BitGrid`, 64 cells at a time.
//!
//! Both rules look at the 3x3 block around a cell, the cell included:
//! - `Majority` (the majority rule): floor when floors >= walls among the cells inside the world
//!   (cells outside are not counted, so edges and corners need fewer floors);
//! - `FiveOfNine` (the 5-of-9 rule): floor iff at least 5 of the 9 are floor, with
//!   cells outside the world counted as wall.
//!
//! Inside the grid the two agree (5 of 9); they differ only on the border.

use super::bitgrid::BitGrid;
use crate::kinds::tile::Tile;
use crate::space::world::World;

/// Which smoothing rule to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SmoothRule {
    #[default]
    Majority,
    FiveOfNine,
}

impl SmoothRule {
    pub const ALL: [SmoothRule; 2] = [SmoothRule::Majority, SmoothRule::FiveOfNine];

    /// The rule's name in queries, on the dump's command line and in the lab.
    pub fn name(self) -> &'static str {
        match self {
            SmoothRule::Majority => "majority",
            SmoothRule::FiveOfNine => "five-of-nine",
        }
    }

    /// The rule named `name`, if any.
    pub fn named(name: &str) -> Option<SmoothRule> {
        SmoothRule::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// A bit-sliced count from 0 to 3: (low bits, high bits), one count per bit position.
type Count = [u64; 2];

/// Horizontal 3-sums of a row (left + self + right), one bit-sliced count per word.
fn row_sums(g: &BitGrid, y: isize, out: &mut [Count]) {
    if y < 0 || y as usize >= g.height() {
        out.fill([0; 2]);
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
        out[i] = [w ^ left ^ right, (w & left) | (right & (w ^ left))];
    }
}

/// Bits where the three 0..=3 counts add up to 5 or more (a full 3x3 block count).
fn at_least_five(t: Count, m: Count, b: Count) -> u64 {
    // t + m, a 3-bit count (s0, s1, s2).
    let s0 = t[0] ^ m[0];
    let c0 = t[0] & m[0];
    let s1 = t[1] ^ m[1] ^ c0;
    let s2 = (t[1] & m[1]) | (c0 & (t[1] ^ m[1]));
    // + b, a 4-bit count (r0, r1, r2, r3).
    let r0 = s0 ^ b[0];
    let k0 = s0 & b[0];
    let r1 = s1 ^ b[1] ^ k0;
    let k1 = (s1 & b[1]) | (k0 & (s1 ^ b[1]));
    let r2 = s2 ^ k1;
    let r3 = s2 & k1;
    r3 | (r2 & (r1 | r0))
}

/// Bits where two 0..=3 counts add up to 3 or more (the top or bottom row's 2x3 block).
fn at_least_three(a: Count, b: Count) -> u64 {
    let s0 = a[0] ^ b[0];
    let c0 = a[0] & b[0];
    let s1 = a[1] ^ b[1] ^ c0;
    let s2 = (a[1] & b[1]) | (c0 & (a[1] ^ b[1]));
    s2 | (s1 & s0)
}

/// The floor cells and all cells of the 3x3 block around (x, y) that lie inside `g`.
fn block(g: &BitGrid, x: usize, y: usize) -> (usize, usize) {
    let (mut floors, mut cells) = (0, 0);
    for ny in y.saturating_sub(1)..(y + 2).min(g.height()) {
        for nx in x.saturating_sub(1)..(x + 2).min(g.width()) {
            cells += 1;
            floors += usize::from(g.get(nx as isize, ny as isize));
        }
    }
    (floors, cells)
}

/// One smoothing step: reads `src`, writes `dst` (same size). Majority: floor where at least
/// half the cells of the 3x3 block that lie inside the grid are floor. Five of nine: floor
/// where at least 5 of the 9 are, cells outside counting as wall. On whole words: 64 cells at
/// a time by bit-sliced adders.
pub fn smooth_step(src: &BitGrid, dst: &mut BitGrid, rule: SmoothRule) {
    let (w, h) = (src.width(), src.height());
    if h == 0 || w == 0 {
        return;
    }
    let words = src.row(0).len();
    let mask = src.last_mask();
    let mut above = vec![[0; 2]; words];
    let mut here = vec![[0; 2]; words];
    let mut below = vec![[0; 2]; words];
    row_sums(src, 0, &mut here);
    for y in 0..h {
        row_sums(src, y as isize + 1, &mut below);
        let out = dst.row_mut(y);
        let edge_row = rule == SmoothRule::Majority && (y == 0 || y + 1 == h) && h >= 2;
        for i in 0..words {
            out[i] = if !edge_row {
                at_least_five(above[i], here[i], below[i])
            } else if y == 0 {
                at_least_three(here[i], below[i])
            } else {
                at_least_three(above[i], here[i])
            };
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
/// The top and bottom rows (6 cells inside) were done bit-parallel; this fixes the left and
/// right columns (corners included) and, for grids under 2 rows, every cell.
fn fix_border_majority(src: &BitGrid, dst: &mut BitGrid) {
    let (w, h) = (src.width(), src.height());
    let mut fix = |x: usize, y: usize| {
        let (floors, cells) = block(src, x, y);
        dst.set(x, y, 2 * floors >= cells);
    };
    if h < 2 {
        for x in 0..w {
            fix(x, 0);
        }
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

/// One more smoothing pass over a whole floor/wall world (every level), as the recipe's own
/// passes do it. Open tiles count as floor; the result holds only floor and wall.
pub fn smooth_once(world: &World, rule: SmoothRule) -> World {
    let (w, h) = (world.width() as usize, world.height() as usize);
    let mut out = World::filled(world.width(), world.height(), world.depth(), Tile::Wall);
    for z in 0..world.depth() {
        let src = BitGrid::from_level(world, z);
        let mut dst = BitGrid::new(w, h);
        smooth_step(&src, &mut dst, rule);
        let Some(plane) = world.grid(z) else {
            continue;
        };
        for (i, open) in dst.to_bools().into_iter().enumerate() {
            if open {
                out.set(plane.point(i, z), Tile::Floor);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One step of `rule` over a map.
    fn step(text: &str, rule: SmoothRule) -> String {
        let src = BitGrid::from_text(text);
        let mut dst = BitGrid::new(src.width(), src.height());
        smooth_step(&src, &mut dst, rule);
        dst.to_text()
    }

    /// Lone walls and floors, on the edges and off them.
    const LONE: &str = "
            .....
            .#...
            ...#.
            #....
        ";

    #[test]
    fn five_of_nine_fills_lone_floors_and_treats_outside_as_wall() {
        let after = "\
#...#
.....
#....
#...#
";
        assert_eq!(step(LONE, SmoothRule::FiveOfNine), after);
    }

    #[test]
    fn majority_keeps_open_edges_open() {
        let after = "\
.....
.....
.....
.....
";
        assert_eq!(step(LONE, SmoothRule::Majority), after);
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
}
