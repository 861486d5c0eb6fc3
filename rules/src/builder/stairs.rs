//! Stairs between overlapping regions of adjacent levels: every pair of regions that
//! share open (x, y) cells gets at least one stair pair, and one more per 250 shared cells.

use super::picks::shuffled;
use super::regions::Regions;
use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::geom::Point;
use crate::space::world::World;

/// Shared cells per stair pair.
pub const CELLS_PER_STAIR: usize = 250;

/// Places stairs between levels `z` and `z + 1` using their region labels.
pub fn connect_overlaps(
    world: &mut World,
    z: i32,
    above: &Regions,
    below: &Regions,
    rng: &mut GameRng,
) {
    let w = world.width() as usize;
    let h = world.height() as usize;
    let (Some(top), Some(bottom)) = (world.level(z), world.level(z + 1)) else {
        return;
    };
    let both_floor = |c: usize| top[c] == Tile::Floor && bottom[c] == Tile::Floor;
    // The shared floor cells, in row order, as stretches: each pair of runs of the two levels
    // that meet (found by walking both levels' runs side by side, row by row) gives the cells
    // from `first` to `end` (indices in the level), of which `count` are floor on both.
    let mut stretches: Vec<Stretch> = Vec::new();
    for y in 0..h {
        let (ra, rb) = (above.row_runs(y), below.row_runs(y));
        let (mut i, mut j) = (0, 0);
        while i < ra.len() && j < rb.len() {
            let (a, b) = (ra[i], rb[j]);
            let (first, end) = (
                y * w + a.x0.max(b.x0) as usize,
                y * w + a.x1.min(b.x1) as usize,
            );
            let count = (first..end).filter(|&c| both_floor(c)).count();
            if count > 0 {
                stretches.push(Stretch {
                    above: a.id,
                    below: b.id,
                    first,
                    end,
                    count,
                });
            }
            if a.x1 <= b.x1 {
                i += 1;
            } else {
                j += 1;
            }
        }
    }
    // Grouped by the pair of regions in their order, each group's cells in row order: the
    // stretches put in order by a stable counting sort (radix sort) by the region below, then
    // by the region above.
    let stretches = counting_sort(&stretches, below.sizes.len(), |s| s.below);
    let stretches = counting_sort(&stretches, above.sizes.len(), |s| s.above);
    let Some(grid) = world.grid(z) else {
        return;
    };
    let mut spots = Vec::new();
    for group in stretches.chunk_by(|p, q| (p.above, p.below) == (q.above, q.below)) {
        // The group's cells as one list, read by number without being gathered: cell n is
        // found by counting along the stretches.
        let nth = |mut n: usize| {
            for s in group {
                if n < s.count {
                    return (s.first..s.end).filter(|&c| both_floor(c)).nth(n);
                }
                n -= s.count;
            }
            None
        };
        // A partial Fisher-Yates shuffle of that list, one stair pair per `CELLS_PER_STAIR`.
        let len: usize = group.iter().map(|s| s.count).sum();
        let picks = shuffled(rng, len, len.div_ceil(CELLS_PER_STAIR), |_| ());
        if let Some(last) = picks.last() {
            rng.clone_from(&last.after);
        }
        for pick in picks {
            let Some(cell) = nth(pick.index) else {
                return;
            };
            spots.push(grid.point(cell, z));
        }
    }
    for p in spots {
        world.set(p, Tile::StairsDown);
        world.set(Point { z: z + 1, ..p }, Tile::StairsUp);
    }
}

/// Cells `first..end` of a level (in one row), shared by region `above` and region `below`
/// of the level under it, `count` of them floor on both.
#[derive(Clone, Copy)]
struct Stretch {
    above: u32,
    below: u32,
    first: usize,
    end: usize,
    count: usize,
}

/// The items stably sorted by `key`, which is below `keys`.
fn counting_sort<T: Copy>(items: &[T], keys: usize, key: impl Fn(&T) -> u32) -> Vec<T> {
    let mut start = vec![0usize; keys + 1];
    for it in items {
        start[key(it) as usize + 1] += 1;
    }
    for k in 0..keys {
        start[k + 1] += start[k];
    }
    let mut out = items.to_vec();
    for it in items {
        let k = key(it) as usize;
        out[start[k]] = *it;
        start[k] += 1;
    }
    out
}
