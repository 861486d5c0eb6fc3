//! The reachability guarantee. Stairs alone leave islands: regions that overlap nothing
//! above or below, and level graphs that fall apart. This pass digs them in, level by level
//! from the top, so every open tile is reachable from the largest region of the first level:
//! - on a level, a 0-1 breadth-first search (open cells cost 0, rock costs 1; run layer by
//!   layer on bit rows in `layers`) from the part already reachable finds, for every other
//!   region, the shortest tunnel through rock, which is then carved. A region's distance is the number of rock cells between it and the part
//!   reached; its tunnel starts at its first cell (in scan order) next to rock of that
//!   distance and steps back through rock one distance closer each time, taking the first
//!   such neighbour in scan order, until it meets a region closer still;
//! - a level that no stair reaches gets a new stair pair from the level above, with a tunnel
//!   on the upper level leading to it;
//! - the idol's level gives its way: every area of the level above the last gets a stair
//!   down, and the last level's search starts from one region only, so it digs to all the
//!   others and the last level is one cave.
//!
//! Digging keeps the caves (nothing is filled in) and adds only a few short tunnels.

use super::bitgrid::BitGrid;
use super::layers;
use super::regions::Regions;
use super::tunnel::NONE;
use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::geom::Point;
use crate::space::world::World;
use rand::Rng;
use std::collections::VecDeque;

/// Makes every open tile reachable from the largest region of level 0. When level 0 has no
/// open tile there is nowhere to start, so the whole world is filled with rock. `grids` and
/// `labels` are the open cells and region labels of every level as the world stands (stairs
/// placed, nothing dug). `grids` is updated to match: every cell dug is set in it, and a
/// world filled with rock empties it.
pub fn ensure_reachable(
    world: &mut World,
    grids: &mut [BitGrid],
    labels: Vec<Regions>,
    rng: &mut GameRng,
) {
    let (w, h) = (world.width() as usize, world.height() as usize);
    let mut labels = labels.into_iter();
    let level0 = labels.next().unwrap_or_else(|| label(world, 0));
    let Some(start) = level0.largest() else {
        *world = World::filled(world.width(), world.height(), world.depth(), Tile::Wall);
        grids.fill(BitGrid::new(w, h));
        return;
    };
    layers::join(world, 0, &mut grids[0], &level0, &[start]);
    for z in 1..world.depth() {
        let last = z == world.depth() - 1;
        // Digging so far touched only the levels above, so these labels still hold.
        let mut regions = labels.next().unwrap_or_else(|| label(world, z));
        if last && ways_down_from_every_area(world, z - 1, &grids[z as usize - 1], rng) {
            regions = label(world, z);
            grids[z as usize] = BitGrid::from_level(world, z);
        }
        let mut start = reached_from_above(world, z, &regions);
        // The last level is one cave: the search starts from the largest region a stair comes
        // down into and digs to every other, so whichever stair a player takes down to it,
        // the idol can be walked to.
        if last {
            start.sort_by_key(|&id| std::cmp::Reverse(regions.sizes[id as usize]));
            start.truncate(1);
        }
        if start.is_empty() {
            let Some(spot) = dig_stairs_into(world, z, rng) else {
                continue;
            };
            regions = label(world, z);
            start = vec![regions.id_at(spot as usize % w, spot as usize / w)];
            grids[z as usize - 1] = BitGrid::from_level(world, z - 1);
            grids[z as usize] = BitGrid::from_level(world, z);
        }
        layers::join(world, z, &mut grids[z as usize], &regions, &start);
    }
}

/// The regions of level `z` a stair pair from the level above comes down into.
fn reached_from_above(world: &World, z: i32, regions: &Regions) -> Vec<u32> {
    let h = world.height() as usize;
    let mut reached = vec![false; regions.sizes.len()];
    let down = BitGrid::of_tiles(world, z - 1, |t| t == Tile::StairsDown);
    let up = BitGrid::of_tiles(world, z, |t| t == Tile::StairsUp);
    for y in 0..h {
        for (i, (&d, &u)) in down.row(y).iter().zip(up.row(y)).enumerate() {
            let mut pairs = d & u;
            while pairs != 0 {
                let x = i * 64 + pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                reached[regions.id_at(x, y) as usize] = true;
            }
        }
    }
    (1..reached.len() as u32)
        .filter(|&id| reached[id as usize])
        .collect()
}

/// Gives every area of level `z` (joined already; `open` holds its open cells) a stair down
/// to level `z + 1`, the last: an area with none gets one on a floor cell of its own, over
/// floor below where it has such a cell, else over rock, which becomes the stair's cell (the
/// last level's search then digs to it). So a player on the level above the idol's finds a
/// way down in whatever area it stands. Answers whether a stair was added.
fn ways_down_from_every_area(world: &mut World, z: i32, open: &BitGrid, rng: &mut GameRng) -> bool {
    let regions = Regions::of_grid(open);
    let w = world.width() as usize;
    let (Some(top), Some(bottom)) = (world.level(z), world.level(z + 1)) else {
        return false;
    };
    let cells = |run: &super::regions::Run| {
        let at = run.y as usize * w;
        at + run.x0 as usize..at + run.x1 as usize
    };
    let mut has_way = vec![false; regions.sizes.len()];
    for run in &regions.runs {
        if cells(run).any(|c| top[c] == Tile::StairsDown) {
            has_way[run.id as usize] = true;
        }
    }
    // For each area without one, its floor cells over floor (or, with none, over rock), in
    // scan order, one drawn at random.
    let mut spots = Vec::new();
    for id in 1..regions.sizes.len() as u32 {
        if has_way[id as usize] || regions.sizes[id as usize] == 0 {
            continue;
        }
        let area = || {
            regions
                .runs
                .iter()
                .filter(move |r| r.id == id)
                .flat_map(cells)
                .filter(|&c| top[c] == Tile::Floor)
        };
        let over_floor: Vec<usize> = area().filter(|&c| bottom[c] == Tile::Floor).collect();
        let pool = if over_floor.is_empty() {
            area().filter(|&c| bottom[c] == Tile::Wall).collect()
        } else {
            over_floor
        };
        if !pool.is_empty() {
            spots.push(pool[rng.random_range(0..pool.len() as u32) as usize]);
        }
    }
    let Some(grid) = world.grid(z) else {
        return false;
    };
    let spots: Vec<Point> = spots.into_iter().map(|i| grid.point(i, z)).collect();
    for &p in &spots {
        world.set(p, Tile::StairsDown);
        world.set(Point { z: z + 1, ..p }, Tile::StairsUp);
    }
    !spots.is_empty()
}

fn label(world: &World, z: i32) -> Regions {
    Regions::label(
        world.width() as usize,
        world.height() as usize,
        &world.open_cells(z),
    )
}

/// Adds a stair pair from level `z - 1` (all reachable by now) down into level `z`, preferring
/// a spot on an open cell of `z`, and carves a tunnel to it on level `z - 1`. Returns the spot.
fn dig_stairs_into(world: &mut World, z: i32, rng: &mut GameRng) -> Option<u32> {
    let (up, here) = (world.level(z - 1)?, world.level(z)?);
    let free = |i: usize| !up[i].is_stairs() && !here[i].is_stairs();
    // The free cells, and those of them on plain floor, in one pass.
    let (mut open, mut any) = (Vec::new(), Vec::new());
    for (i, &t) in here.iter().enumerate() {
        if free(i) {
            any.push(i as u32);
            if t == Tile::Floor {
                open.push(i as u32);
            }
        }
    }
    let pool = if open.is_empty() { &any } else { &open };
    if pool.is_empty() || !up.iter().any(|t| t.is_open()) {
        return None;
    }
    let spot = pool[rng.random_range(0..pool.len() as u32) as usize];
    let upper_open: Vec<u32> = cells_where_tiles(up, Tile::is_open);
    carve_to(world, z - 1, &upper_open, spot);
    let p = world.grid(z)?.point(spot as usize, z);
    world.set(Point { z: z - 1, ..p }, Tile::StairsDown);
    world.set(p, Tile::StairsUp);
    Some(spot)
}

fn cells_where_tiles(level: &[Tile], keep: impl Fn(Tile) -> bool) -> Vec<u32> {
    let mut cells = Vec::new();
    for (i, &t) in level.iter().enumerate() {
        if keep(t) {
            cells.push(i as u32);
        }
    }
    cells
}

/// 0-1 breadth-first search over level `z` from `seeds`: distance = rock cells to dig. Cells
/// leave the deque in order of distance; the search ends early once `target` does (its path
/// is final then). Returns the distances and the parent links.
fn search(world: &World, z: i32, seeds: &[u32], target: Option<u32>) -> (Vec<u32>, Vec<u32>) {
    let (w, h) = (world.width() as usize, world.height() as usize);
    let open = world.open_cells(z);
    let mut dist = vec![NONE; w * h];
    let mut parent = vec![NONE; w * h];
    let mut done = vec![false; w * h];
    let mut queue: VecDeque<u32> = VecDeque::with_capacity(seeds.len());
    for &s in seeds {
        dist[s as usize] = 0;
        queue.push_back(s);
    }
    while let Some(i) = queue.pop_front() {
        let i = i as usize;
        if done[i] {
            continue;
        }
        done[i] = true;
        if target == Some(i as u32) {
            break;
        }
        let (x, y) = (i % w, i / w);
        for ny in y.saturating_sub(1)..(y + 2).min(h) {
            for nx in x.saturating_sub(1)..(x + 2).min(w) {
                let n = ny * w + nx;
                let cost = u32::from(!open[n]);
                let d = dist[i] + cost;
                if d < dist[n] {
                    dist[n] = d;
                    parent[n] = i as u32;
                    if cost == 0 {
                        queue.push_front(n as u32);
                    } else {
                        queue.push_back(n as u32);
                    }
                }
            }
        }
    }
    (dist, parent)
}

fn carve_path(world: &mut World, z: i32, parent: &[u32], from: u32) {
    let mut i = from;
    while i != NONE {
        let Some(p) = world.grid(z).map(|g| g.point(i as usize, z)) else {
            return;
        };
        if !world.tile(p).is_open() {
            world.set(p, Tile::Floor);
        }
        i = parent[i as usize];
    }
}

/// Carves the cheapest tunnel on level `z` from the `seeds` to `target`.
fn carve_to(world: &mut World, z: i32, seeds: &[u32], target: u32) {
    let (_, parent) = search(world, z, seeds, Some(target));
    carve_path(world, z, &parent, target);
}
