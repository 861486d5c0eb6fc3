//! Stairs between overlapping regions of adjacent levels: a stair pair joins two regions
//! that share open (x, y) cells, one pair for each pair of regions chosen, the largest
//! overlaps first, each joining regions no stair chosen before joins, and at most
//! `STAIRS_BETWEEN_LEVELS` between two levels. The regions left out are dug to by `connect`.

use super::regions::Regions;
use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::geom::Point;
use crate::space::world::World;
use rand::Rng;

/// The most stair pairs between two adjacent levels, so a level holds at most twice as many
/// stairs (its way out besides, on the first).
pub const STAIRS_BETWEEN_LEVELS: usize = 6;

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
    // Each pair of regions that share cells, with how many: a group of stretches.
    let groups: Vec<&[Stretch]> = stretches
        .chunk_by(|p, q| (p.above, p.below) == (q.above, q.below))
        .collect();
    let shared = |g: &[Stretch]| g.iter().map(|s| s.count).sum::<usize>();
    // The pairs that get a stair: the largest overlaps first (a stable sort keeps the order of
    // the regions among equals), each only where it joins two groups of regions the stairs
    // chosen so far do not (union-find over the regions of both levels), up to
    // `STAIRS_BETWEEN_LEVELS`: a spanning forest of the overlaps, each stair a way no other
    // stair between the two levels gives.
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(shared(groups[k])));
    let mut joined = Forest::new(above.sizes.len() + below.sizes.len());
    let mut chosen = vec![false; groups.len()];
    let mut left = STAIRS_BETWEEN_LEVELS;
    for k in order {
        if left == 0 {
            break;
        }
        let first = groups[k][0];
        if joined.join(
            first.above as usize,
            above.sizes.len() + first.below as usize,
        ) {
            chosen[k] = true;
            left -= 1;
        }
    }
    let mut spots = Vec::new();
    for (group, _) in groups.iter().zip(&chosen).filter(|(_, &c)| c) {
        // The pair's shared cells as one list, read by number without being gathered: cell n
        // is found by counting along the stretches.
        let mut n = rng.random_range(0..shared(group) as u32) as usize;
        for s in group.iter() {
            if n < s.count {
                if let Some(cell) = (s.first..s.end).filter(|&c| both_floor(c)).nth(n) {
                    spots.push(grid.point(cell, z));
                }
                break;
            }
            n -= s.count;
        }
    }
    for p in spots {
        world.set(p, Tile::StairsDown);
        world.set(Point { z: z + 1, ..p }, Tile::StairsUp);
    }
}

/// A union-find over numbered things, by path halving.
struct Forest {
    parent: Vec<usize>,
}

impl Forest {
    fn new(n: usize) -> Forest {
        Forest {
            parent: (0..n).collect(),
        }
    }

    fn root(&mut self, mut a: usize) -> usize {
        while self.parent[a] != a {
            self.parent[a] = self.parent[self.parent[a]];
            a = self.parent[a];
        }
        a
    }

    /// Joins the groups of `a` and `b`; false when they were one already.
    fn join(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.root(a), self.root(b));
        self.parent[ra] = rb;
        ra != rb
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
