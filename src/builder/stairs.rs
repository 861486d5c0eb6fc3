//! Stairs between overlapping regions of adjacent levels: every pair of regions that
//! share open (x, y) cells gets at least one stair pair, and one more per 250 shared cells.

use super::regions::Regions;
use crate::geom::Point;
use crate::rng::GameRng;
use crate::tile::Tile;
use crate::world::World;
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
    let w = world.width();
    let (Some(top), Some(bottom)) = (world.level(z), world.level(z + 1)) else {
        return;
    };
    // Shared cells as (region above, region below, cell), grouped by the pair of regions in
    // their order, each group's cells in row order.
    let mut shared: Vec<(u32, u32, u32)> = Vec::new();
    for (i, (&a, &b)) in top.iter().zip(bottom).enumerate() {
        let (ra, rb) = (above.labels[i], below.labels[i]);
        if a == Tile::Floor && b == Tile::Floor && ra != 0 && rb != 0 {
            shared.push((ra, rb, i as u32));
        }
    }
    shared.sort_unstable();
    for group in shared.chunk_by(|p, q| (p.0, p.1) == (q.0, q.1)) {
        let mut cells: Vec<u32> = group.iter().map(|c| c.2).collect();
        let count = cells.len().div_ceil(CELLS_PER_STAIR);
        for k in 0..count {
            let pick = k + rng.random_range(0..(cells.len() - k) as u32) as usize;
            cells.swap(k, pick);
            let i = cells[k] as i32;
            let (x, y) = (i % w, i / w);
            world.set(Point::new(x, y, z), Tile::StairsDown);
            world.set(Point::new(x, y, z + 1), Tile::StairsUp);
        }
    }
}
