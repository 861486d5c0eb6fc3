//! Stairs between overlapping regions of adjacent levels: every pair of regions that
//! share open (x, y) cells gets at least one stair pair, and one more per 250 shared cells.

use super::regions::Regions;
use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::geom::Point;
use crate::space::world::World;
use rand::Rng;

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
    // Shared floor cells in row order, found by walking the runs of both levels side by side,
    // row by row; each pair of runs that meet gives a stretch of them (region above, region
    // below, and where the stretch lies in `cells`).
    let mut cells: Vec<u32> = Vec::with_capacity(w * h / 4);
    let mut stretches: Vec<(u32, u32, usize, usize)> = Vec::new();
    for y in 0..h {
        let (ra, rb) = (above.row_runs(y), below.row_runs(y));
        let (mut i, mut j) = (0, 0);
        while i < ra.len() && j < rb.len() {
            let (a, b) = (ra[i], rb[j]);
            let (s, e) = (a.x0.max(b.x0) as usize, a.x1.min(b.x1) as usize);
            let first = cells.len();
            for c in y * w + s..y * w + e.max(s) {
                if top[c] == Tile::Floor && bottom[c] == Tile::Floor {
                    cells.push(c as u32);
                }
            }
            if cells.len() > first {
                stretches.push((a.id, b.id, first, cells.len()));
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
    let stretches = counting_sort(&stretches, below.sizes.len(), |s| s.1);
    let stretches = counting_sort(&stretches, above.sizes.len(), |s| s.0);
    for group in stretches.chunk_by(|p, q| (p.0, p.1) == (q.0, q.1)) {
        let mut spots = Vec::with_capacity(group.iter().map(|s| s.3 - s.2).sum());
        for &(_, _, first, end) in group {
            spots.extend_from_slice(&cells[first..end]);
        }
        let count = spots.len().div_ceil(CELLS_PER_STAIR);
        for k in 0..count {
            let pick = k + rng.random_range(0..(spots.len() - k) as u32) as usize;
            spots.swap(k, pick);
            let Some(p) = world.grid(z).map(|g| g.point(spots[k] as usize, z)) else {
                return;
            };
            world.set(p, Tile::StairsDown);
            world.set(Point { z: z + 1, ..p }, Tile::StairsUp);
        }
    }
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
