//! The reachability guarantee. Stairs alone leave islands: regions that overlap nothing
//! above or below, and level graphs that fall apart. This pass digs them in, level by level
//! from the top, so every open tile is reachable from the largest region of the first level:
//! - on a level, a 0-1 breadth-first search (open cells cost 0, rock costs 1) from the part
//!   already reachable finds, for every other region, the shortest tunnel through rock, which
//!   is then carved. The search runs on bit rows, one distance layer at a time: a layer is
//!   the rock next to everything reached so far, and a region touched by the layer is taken
//!   in whole through its runs. It stops once every region is reached;
//! - a level that no stair reaches gets a new stair pair from the level above, with a tunnel
//!   on the upper level leading to it.
//!
//! Digging keeps the caves (nothing is filled in) and adds only a few short tunnels.

use super::bitgrid::BitGrid;
use super::regions::Regions;
use crate::geom::Point;
use crate::rng::GameRng;
use crate::tile::Tile;
use crate::world::World;
use rand::Rng;
use std::collections::VecDeque;

const NONE: u32 = u32::MAX;

/// Makes every open tile reachable from the largest region of level 0. When level 0 has no
/// open tile there is nowhere to start, so the whole world is filled with rock. `grids` and
/// `labels` are the open cells and region labels of every level as the world stands (stairs
/// placed, nothing dug).
pub fn ensure_reachable(
    world: &mut World,
    grids: &[BitGrid],
    labels: Vec<Regions>,
    rng: &mut GameRng,
) {
    let (w, h) = (world.width() as usize, world.height() as usize);
    let mut labels = labels.into_iter();
    let level0 = labels.next().unwrap_or_else(|| label(world, 0));
    let Some(start) = level0.largest() else {
        *world = World::filled(world.width(), world.height(), world.depth(), Tile::Wall);
        return;
    };
    connect_level(world, 0, &grids[0], &level0, &[start]);
    for z in 1..world.depth() {
        // Digging so far touched only the levels above, so these labels still hold.
        let mut regions = labels.next().unwrap_or_else(|| label(world, z));
        let mut reached = vec![false; regions.sizes.len()];
        let (up, here) = (world.level(z - 1), world.level(z));
        if let (Some(up), Some(here)) = (up, here) {
            for i in 0..w * h {
                if up[i] == Tile::StairsDown && here[i] == Tile::StairsUp {
                    reached[regions.id_at(i % w, i / w) as usize] = true;
                }
            }
        }
        let mut start: Vec<u32> = (1..reached.len() as u32)
            .filter(|&id| reached[id as usize])
            .collect();
        if start.is_empty() {
            let Some(spot) = dig_stairs_into(world, z, rng) else {
                continue;
            };
            regions = label(world, z);
            start = vec![regions.id_at(spot as usize % w, spot as usize / w)];
            let grid = BitGrid::from_level(world, z);
            connect_level(world, z, &grid, &regions, &start);
        } else {
            connect_level(world, z, &grids[z as usize], &regions, &start);
        }
    }
}

/// The 3x3 dilation of row `y` into `out`: cells with a set cell among their 8 neighbours
/// or themselves. `column` is scratch space of the row's length.
fn dilate_row(g: &BitGrid, y: usize, column: &mut [u64], out: &mut [u64]) {
    let (up, down) = (
        g.row(y.saturating_sub(1)),
        g.row((y + 1).min(g.height() - 1)),
    );
    for (((c, &a), &b), &d) in column.iter_mut().zip(up).zip(g.row(y)).zip(down) {
        *c = a | b | d;
    }
    let mut carry = 0;
    for (i, o) in out.iter_mut().enumerate() {
        let v = column[i];
        let next = column.get(i + 1).map_or(0, |n| n << 63);
        *o = v | v << 1 | v >> 1 | carry | next;
        carry = v >> 63;
    }
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
    let w = world.width();
    let (up, here) = (world.level(z - 1)?, world.level(z)?);
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
        return None;
    }
    let spot = pool[rng.random_range(0..pool.len() as u32) as usize];
    let upper_open: Vec<u32> = cells_where_tiles(up, Tile::is_open);
    carve_to(world, z - 1, &upper_open, spot);
    let p = Point::new(spot as i32 % w, spot as i32 / w, z);
    world.set(Point { z: z - 1, ..p }, Tile::StairsDown);
    world.set(p, Tile::StairsUp);
    Some(spot)
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

/// Joins every region of level `z` to the regions `start` with the shortest tunnels, by a
/// layered 0-1 search over bit rows (see the module notes). `open` holds the level's open
/// cells and `regions` their labels.
fn connect_level(world: &mut World, z: i32, open: &BitGrid, regions: &Regions, start: &[u32]) {
    let (w, h) = (open.width(), open.height());
    let mut reach = vec![NONE; regions.sizes.len()];
    let mut left = regions.sizes[1..].iter().filter(|&&n| n > 0).count();
    let (order, first) = regions.runs_by_region();
    let mut reached = BitGrid::new(w, h);
    let mut front = BitGrid::new(w, h);
    let mut live = vec![false; h];
    let take_in = |id: u32, mut grids: [&mut BitGrid; 2], live: &mut [bool]| {
        for &r in &order[first[id as usize] as usize..first[id as usize + 1] as usize] {
            let run = regions.runs[r as usize];
            live[run.y as usize] = true;
            for g in grids.iter_mut() {
                g.set_range(run.y as usize, run.x0 as usize, run.x1 as usize);
            }
        }
    };
    for &id in start {
        if id != 0 && reach[id as usize] == NONE {
            reach[id as usize] = 0;
            left -= 1;
            take_in(id, [&mut reached, &mut front], &mut live);
        }
    }
    // The rock at distance j is reached, closed and has j written in bit planes: bit p of j
    // in `planes[p]`. found[k] = (region, its first cell touched, j).
    // A layer's front is the rock of the layer before plus the regions that rock took in. The
    // rock's dilation (`spread`) is kept from taking the regions in, so only `front`, the
    // regions, is dilated again, and only on rows next to a row marked in `live`; `rock` is
    // cleared row by row after each layer.
    let mut planes: Vec<BitGrid> = Vec::new();
    let mut found: Vec<(u32, u32, u32)> = Vec::new();
    let words = open.row(0).len();
    let mask = open.last_mask();
    let (mut column, mut grown) = (vec![0u64; words], vec![0u64; words]);
    let (mut rock, mut spread) = (BitGrid::new(w, h), BitGrid::new(w, h));
    let (mut rock_live, mut spread_live) = (vec![false; h], vec![false; h]);
    let near = |live: &[bool], y: usize| live[y.saturating_sub(1)..(y + 2).min(h)].contains(&true);
    let mut j = 0u32;
    while left > 0 {
        j += 1;
        if j == 1 << planes.len() {
            planes.push(BitGrid::new(w, h));
        }
        let mut any = false;
        for (y, row_live) in rock_live.iter_mut().enumerate() {
            *row_live = false;
            if near(&live, y) {
                dilate_row(&front, y, &mut column, &mut grown);
            } else if spread_live[y] {
                grown.fill(0);
            } else {
                continue;
            }
            let (o, s) = (open.row(y), spread.row(y));
            let (r, out) = (reached.row_mut(y), rock.row_mut(y));
            for (i, out) in out.iter_mut().enumerate() {
                *out = (grown[i] | s[i]) & !o[i] & !r[i];
            }
            if let Some(last) = out.last_mut() {
                *last &= mask;
            }
            for (r, &k) in r.iter_mut().zip(out.iter()) {
                *r |= k;
                *row_live |= k != 0;
            }
            if *row_live {
                any = true;
                for (_, plane) in planes
                    .iter_mut()
                    .enumerate()
                    .filter(|(p, _)| j >> p & 1 == 1)
                {
                    for (d, &k) in plane.row_mut(y).iter_mut().zip(rock.row(y)) {
                        *d |= k;
                    }
                }
            }
        }
        if !any {
            break;
        }
        for (y, l) in live.iter_mut().enumerate().filter(|(_, l)| **l) {
            front.row_mut(y).fill(0);
            *l = false;
        }
        for (y, row_spread) in spread_live.iter_mut().enumerate() {
            let was = std::mem::replace(row_spread, near(&rock_live, y));
            if !*row_spread {
                if was {
                    spread.row_mut(y).fill(0);
                }
                continue;
            }
            dilate_row(&rock, y, &mut column, spread.row_mut(y));
            for (i, &g) in spread.row(y).iter().enumerate() {
                let mut touched = g & open.row(y)[i] & !reached.row(y)[i];
                while touched != 0 {
                    let x = i * 64 + touched.trailing_zeros() as usize;
                    touched &= touched - 1;
                    let id = regions.id_at(x, y);
                    if reach[id as usize] == NONE {
                        reach[id as usize] = j;
                        found.push((id, (y * w + x) as u32, j));
                        left -= 1;
                        take_in(id, [&mut reached, &mut front], &mut live);
                    }
                }
            }
        }
        for (y, _) in rock_live.iter().enumerate().filter(|(_, l)| **l) {
            rock.row_mut(y).fill(0);
        }
    }
    let in_layer = |k: u32, (x, y): (usize, usize)| {
        let (x, y) = (x as isize, y as isize);
        let j = planes
            .iter()
            .enumerate()
            .map(|(p, g)| u32::from(g.get(x, y)) << p);
        reached.get(x, y) && !open.get(x, y) && j.sum::<u32>() == k
    };
    for (_, cell, j) in found {
        carve_back(world, z, &in_layer, regions, &reach, cell as usize, j);
    }
}

/// Carves the tunnel from `cell` (open, first touched by layer `j`) back through the layers
/// to the part reached before: each step goes to a neighbour one layer closer, and the tunnel
/// ends at an open cell of a region reached earlier.
fn carve_back(
    world: &mut World,
    z: i32,
    in_layer: &impl Fn(u32, (usize, usize)) -> bool,
    regions: &Regions,
    reach: &[u32],
    cell: usize,
    j: u32,
) {
    let w = world.width() as usize;
    let h = world.height() as usize;
    let neighbours = |c: usize| {
        let (x, y) = (c % w, c / w);
        (y.saturating_sub(1)..(y + 2).min(h))
            .flat_map(move |ny| (x.saturating_sub(1)..(x + 2).min(w)).map(move |nx| (nx, ny)))
    };
    let Some(mut cur) = neighbours(cell).find(|&p| in_layer(j, p)) else {
        return;
    };
    for k in (0..j).rev() {
        world.set(Point::new(cur.0 as i32, cur.1 as i32, z), Tile::Floor);
        let c = cur.1 * w + cur.0;
        let done = neighbours(c).any(|(x, y)| {
            let id = regions.id_at(x, y);
            id != 0 && reach[id as usize] <= k
        });
        if done || k == 0 {
            return;
        }
        match neighbours(c).find(|&p| in_layer(k, p)) {
            Some(p) => cur = p,
            None => return,
        }
    }
}
