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

/// A bit-sliced count from 0 to 9 of a 3x3 block: four bit planes, the lowest first.
type BlockCount = [u64; 4];

/// The sums of three 0..=3 counts (the rows above, here and below).
fn block_count(t: Count, m: Count, b: Count) -> BlockCount {
    // t + m, a 3-bit count (s0, s1, s2).
    let s0 = t[0] ^ m[0];
    let c0 = t[0] & m[0];
    let s1 = t[1] ^ m[1] ^ c0;
    let s2 = (t[1] & m[1]) | (c0 & (t[1] ^ m[1]));
    // + b, a 4-bit count.
    let k0 = s0 & b[0];
    let k1 = (s1 & b[1]) | (k0 & (s1 ^ b[1]));
    [s0 ^ b[0], s1 ^ b[1] ^ k0, s2 ^ k1, s2 & k1]
}

/// Bits where a block count is at least `n` (1 to 5; more counts as 5).
fn at_least(count: BlockCount, n: u32) -> u64 {
    let [r0, r1, r2, r3] = count;
    match n {
        0 | 1 => r0 | r1 | r2 | r3,
        2 => r1 | r2 | r3,
        3 => r3 | r2 | (r1 & r0),
        4 => r3 | r2,
        _ => r3 | (r2 & (r1 | r0)),
    }
}

/// The floors a cell needs among `cells` cells of its block inside the grid to be floor by
/// the majority rule (at least half of them).
fn half_of(cells: u32) -> u32 {
    cells.div_ceil(2)
}

/// One smoothing step: reads `src`, writes `dst` (same size). Majority: floor where at least
/// half the cells of the 3x3 block that lie inside the grid are floor. Five of nine: floor
/// where at least 5 of the 9 are, cells outside counting as wall. On whole words: 64 cells at
/// a time by bit-sliced adders, cells outside counting 0; the majority rule then needs fewer
/// floors on the border rows (blocks of 6 cells, or of 3 on a grid one cell wide) and in the
/// first and last columns.
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
    // Cells of a block inside the grid across, in the first and last columns.
    let edge_cols = w.min(2) as u32;
    let ends = [(0, 1u64), ((w - 1) / 64, 1 << ((w - 1) % 64))];
    row_sums(src, 0, &mut here);
    for y in 0..h {
        row_sums(src, y as isize + 1, &mut below);
        let rows = 1 + u32::from(y > 0) + u32::from(y + 1 < h);
        let (inner, edge) = match rule {
            SmoothRule::Majority => (half_of(3 * rows), half_of(edge_cols * rows)),
            SmoothRule::FiveOfNine => (5, 5),
        };
        let out = dst.row_mut(y);
        for i in 0..words {
            out[i] = at_least(block_count(above[i], here[i], below[i]), inner);
        }
        if edge != inner {
            for (i, bit) in ends {
                let count = block_count(above[i], here[i], below[i]);
                out[i] = out[i] & !bit | at_least(count, edge) & bit;
            }
        }
        out[words - 1] &= mask;
        std::mem::swap(&mut above, &mut here);
        std::mem::swap(&mut here, &mut below);
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

    /// One step of `rule` cell by cell: the floors of each cell's 3x3 block that lie inside
    /// the grid, against half the cells inside (majority) or 5 (five of nine).
    fn plain_step(src: &BitGrid, rule: SmoothRule) -> BitGrid {
        let (w, h) = (src.width() as isize, src.height() as isize);
        let mut out = BitGrid::new(src.width(), src.height());
        for y in 0..h {
            for x in 0..w {
                let (mut floors, mut cells) = (0, 0);
                for ny in y - 1..=y + 1 {
                    for nx in x - 1..=x + 1 {
                        if (0..w).contains(&nx) && (0..h).contains(&ny) {
                            cells += 1;
                            floors += u32::from(src.get(nx, ny));
                        }
                    }
                }
                let floor = match rule {
                    SmoothRule::Majority => 2 * floors >= cells,
                    SmoothRule::FiveOfNine => floors >= 5,
                };
                out.set(x as usize, y as usize, floor);
            }
        }
        out
    }

    /// Over random grids of every shape from one cell up (one wide, one high, a word wide
    /// and just over), both rules give what a look at each cell gives.
    #[test]
    fn a_step_is_the_cell_by_cell_rule_on_grids_of_every_shape() {
        use rand::Rng;
        let mut rng = crate::rng::seeded(5);
        let sides = [1, 2, 3, 4, 7, 63, 64, 65, 100, 130];
        for rule in SmoothRule::ALL {
            for &w in &sides {
                for &h in &sides[..7] {
                    for _ in 0..3 {
                        let chance = rng.random_range(0.2..0.8);
                        let src = BitGrid::random(w, h, chance, &mut rng);
                        let mut dst = BitGrid::new(w, h);
                        smooth_step(&src, &mut dst, rule);
                        assert!(
                            dst == plain_step(&src, rule),
                            "{rule:?} {w}x{h}:\n{}\nbecame\n{}",
                            src.to_text(),
                            dst.to_text()
                        );
                    }
                }
            }
        }
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
