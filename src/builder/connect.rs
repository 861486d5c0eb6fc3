//! The reachability guarantee. Stairs alone leave islands: regions that overlap nothing
//! above or below, and level graphs that fall apart. This pass digs them in, level by level
//! from the top, so every open tile is reachable from the largest region of the first level:
//! - on a level, a 0-1 breadth-first search (open cells cost 0, rock costs 1) from the part
//!   already reachable finds, for every other region, the shortest tunnel through rock, which
//!   is then carved;
//! - a level that no stair reaches gets a new stair pair from the level above, with a tunnel
//!   on the upper level leading to it.
//!
//! Digging keeps the caves (nothing is filled in) and adds only a few short tunnels.

use super::regions::Regions;
use crate::geom::Point;
use crate::rng::GameRng;
use crate::tile::Tile;
use crate::world::World;
use rand::Rng;
use std::collections::VecDeque;

const NONE: u32 = u32::MAX;

/// Makes every open tile reachable from the largest region of level 0. When level 0 has no
/// open tile there is nowhere to start, so the whole world is filled with rock. `labels`
/// are the region labels of every level as the world stands (stairs placed, nothing dug).
pub fn ensure_reachable(world: &mut World, labels: Vec<Regions>, rng: &mut GameRng) {
    let (w, h) = (world.width() as usize, world.height() as usize);
    let mut labels = labels.into_iter();
    let level0 = labels.next().unwrap_or_else(|| label(world, 0));
    let Some(start) = level0.largest() else {
        *world = World::filled(world.width(), world.height(), world.depth(), Tile::Wall);
        return;
    };
    let seeds: Vec<u32> = cells_where(&level0.labels, |l| l == start);
    connect_level(world, 0, &seeds, &level0);
    for z in 1..world.depth() {
        // Digging so far touched only the levels above, so these labels still hold.
        let mut regions = labels.next().unwrap_or_else(|| label(world, z));
        let mut seeds: Vec<u32> = Vec::new();
        let mut reached = vec![false; regions.sizes.len()];
        let (up, here) = (world.level(z - 1), world.level(z));
        if let (Some(up), Some(here)) = (up, here) {
            for i in 0..w * h {
                if up[i] == Tile::StairsDown && here[i] == Tile::StairsUp {
                    reached[regions.labels[i] as usize] = true;
                }
            }
        }
        for (i, &l) in regions.labels.iter().enumerate() {
            if l != 0 && reached[l as usize] {
                seeds.push(i as u32);
            }
        }
        if seeds.is_empty() {
            seeds = dig_stairs_into(world, z, &regions, rng);
            regions = label(world, z);
        }
        connect_level(world, z, &seeds, &regions);
    }
}

fn label(world: &World, z: i32) -> Regions {
    Regions::label(
        world.width() as usize,
        world.height() as usize,
        &world.open_cells(z),
    )
}

fn cells_where(labels: &[u32], keep: impl Fn(u32) -> bool) -> Vec<u32> {
    (0..labels.len() as u32)
        .filter(|&i| keep(labels[i as usize]))
        .collect()
}

/// Adds a stair pair from level `z - 1` (all reachable by now) down into level `z`, preferring
/// a spot on an open cell of `z`, and carves a tunnel to it on level `z - 1`. Returns the
/// cells of level `z` that are now reachable.
fn dig_stairs_into(world: &mut World, z: i32, regions: &Regions, rng: &mut GameRng) -> Vec<u32> {
    let w = world.width();
    let (Some(up), Some(here)) = (world.level(z - 1), world.level(z)) else {
        return Vec::new();
    };
    let free = |i: usize| !up[i].is_stairs() && !here[i].is_stairs();
    let open: Vec<u32> = (0..here.len())
        .filter(|&i| here[i] == Tile::Floor && free(i))
        .map(|i| i as u32)
        .collect();
    let any: Vec<u32> = (0..here.len())
        .filter(|&i| free(i))
        .map(|i| i as u32)
        .collect();
    let pool = if open.is_empty() { &any } else { &open };
    if pool.is_empty() || !up.iter().any(|t| t.is_open()) {
        return Vec::new();
    }
    let spot = pool[rng.random_range(0..pool.len() as u32) as usize];
    let upper_open: Vec<u32> = cells_where_tiles(up, Tile::is_open);
    carve_to(world, z - 1, &upper_open, spot);
    let p = Point::new(spot as i32 % w, spot as i32 / w, z);
    world.set(Point { z: z - 1, ..p }, Tile::StairsDown);
    world.set(p, Tile::StairsUp);
    match regions.labels[spot as usize] {
        0 => vec![spot],
        id => cells_where(&regions.labels, |l| l == id),
    }
}

fn cells_where_tiles(level: &[Tile], keep: impl Fn(Tile) -> bool) -> Vec<u32> {
    (0..level.len() as u32)
        .filter(|&i| keep(level[i as usize]))
        .collect()
}

/// 0-1 breadth-first search over level `z` from `seeds`: distance = rock cells to dig.
/// `stop(i)` is called for each cell as its distance becomes final (cells leave the deque
/// in order of distance); returning true ends the search early. Returns the parent links.
fn search(world: &World, z: i32, seeds: &[u32], mut stop: impl FnMut(usize) -> bool) -> Vec<u32> {
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
        if stop(i) {
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
    parent
}

fn carve_path(world: &mut World, z: i32, parent: &[u32], from: u32) {
    let w = world.width();
    let mut i = from;
    while i != NONE {
        let p = Point::new(i as i32 % w, i as i32 / w, z);
        if !world.tile(p).is_open() {
            world.set(p, Tile::Floor);
        }
        i = parent[i as usize];
    }
}

/// Carves the cheapest tunnel on level `z` from the `seeds` to `target`.
fn carve_to(world: &mut World, z: i32, seeds: &[u32], target: u32) {
    let parent = search(world, z, seeds, |i| i == target as usize);
    carve_path(world, z, &parent, target);
}

/// Joins every region of level `z` to the `seeds` with the shortest tunnels. The first cell
/// of a region to leave the search is its nearest to the seeds; the search stops once every
/// region has been reached.
fn connect_level(world: &mut World, z: i32, seeds: &[u32], regions: &Regions) {
    if seeds.is_empty() {
        return;
    }
    let mut pending = vec![true; regions.sizes.len()];
    pending[0] = false;
    for &s in seeds {
        pending[regions.labels[s as usize] as usize] = false;
    }
    let mut left = pending.iter().filter(|&&p| p).count();
    if left == 0 {
        return;
    }
    let mut nearest: Vec<u32> = Vec::new();
    let parent = search(world, z, seeds, |i| {
        let l = regions.labels[i] as usize;
        if pending[l] {
            pending[l] = false;
            nearest.push(i as u32);
            left -= 1;
        }
        left == 0
    });
    for cell in nearest {
        carve_path(world, z, &parent, cell);
    }
}
