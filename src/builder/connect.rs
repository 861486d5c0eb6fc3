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
    connect_level(world, 0, &mut grids[0], &level0, &[start]);
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
            grids[z as usize - 1] = BitGrid::from_level(world, z - 1);
            grids[z as usize] = BitGrid::from_level(world, z);
        }
        connect_level(world, z, &mut grids[z as usize], &regions, &start);
    }
}

/// Finishes the 3x3 dilation of a row in `out`, which holds the row and the rows above and
/// below it ORed together: spreads each cell to its left and right neighbours, none past the
/// width (`last` masks the last word).
fn dilate(out: &mut [u64], last: u64) {
    let mut carry = 0;
    for i in 0..out.len() {
        let (v, next) = (out[i], out.get(i + 1).map_or(0, |n| n << 63));
        out[i] = v | v << 1 | v >> 1 | carry | next;
        carry = v >> 63;
    }
    if let Some(o) = out.last_mut() {
        *o &= last;
    }
}

/// Row `y` of `g` with the rows above and below it (the edge rows stand in for the rows
/// past the edges).
fn three_rows(g: &BitGrid, y: usize) -> [&[u64]; 3] {
    [y.saturating_sub(1), y, (y + 1).min(g.height() - 1)].map(|r| g.row(r))
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
/// cells and `regions` their labels; the tunnels are set in `open` once all are found.
///
/// Layer j + 1 is the unreached rock next to anything reached by layer j. One sweep over the
/// rows near layer j's rock dilates everything reached: where the dilation touches an
/// unreached region, the region is taken in at j; where it covers unreached rock, that rock
/// joins layer j + 1. Dilating all that is reached rather than layer j alone changes nothing,
/// as whatever lies next to an earlier layer or region is reached already; only the row
/// swept just before leaves out the rock it gave to layer j + 1. A region taken in is part of
/// the dilation of the rows swept after it, which so give its ring of rock to layer j + 1;
/// the rest of the ring joins layer j + 1 after the sweep, from the dilation of the open cells
/// reached on the ring rows that were swept before the region came in or not at all.
fn connect_level(world: &mut World, z: i32, open: &mut BitGrid, regions: &Regions, start: &[u32]) {
    let (w, h) = (open.width(), open.height());
    let mut reach = vec![NONE; regions.sizes.len()];
    let mut left = regions.sizes[1..].iter().filter(|&&n| n > 0).count();
    let (first, next) = regions.run_chains();
    let mut layers = Layers {
        reached: BitGrid::new(w, h),
        planes: [BitGrid::new(w, h), BitGrid::new(w, h)],
    };
    // taken[y]: 0, or 1 + the row swept when a region with a run on row y was taken in
    // (u32::MAX for the start).
    let mut taken = vec![0u32; h];
    let take_in = |id: u32, reached: &mut BitGrid, taken: &mut [u32], at: u32| {
        let mut r = first[id as usize];
        while r != NONE {
            let run = regions.runs[r as usize];
            taken[run.y as usize] = at;
            reached.set_range(run.y as usize, run.x0 as usize, run.x1 as usize);
            r = next[r as usize];
        }
    };
    for &id in start {
        if id != 0 && reach[id as usize] == NONE {
            reach[id as usize] = 0;
            left -= 1;
            take_in(id, &mut layers.reached, &mut taken, u32::MAX);
        }
    }
    // found[k] = (region, its first cell touched, j).
    let mut found: Vec<(u32, u32, u32)> = Vec::new();
    let words = open.row(0).len();
    let last = open.last_mask();
    let (mut grown, mut gave) = (vec![0u64; words], vec![0u64; words]);
    let (mut rock_live, mut next_live) = (vec![false; h], vec![false; h]);
    let around = |y: usize| [y.saturating_sub(1), y, (y + 1).min(h - 1)];
    let near = |live: &[bool], y: usize| around(y).iter().any(|&r| live[r]);
    let mut j = 0u32;
    while left > 0 {
        j += 1;
        let lacks = |y: usize| {
            let at = around(y).map(|r| taken[r]).into_iter().max().unwrap_or(0);
            y < at as usize || at != 0 && !near(&rock_live, y)
        };
        for y in (0..h).filter(|&y| lacks(y)) {
            let [a, b, c] = three_rows(&layers.reached, y);
            let [oa, ob, oc] = three_rows(open, y);
            let rows = a.iter().zip(oa).zip(b.iter().zip(ob)).zip(c.iter().zip(oc));
            for (o, (((a, oa), (b, ob)), (c, oc))) in grown.iter_mut().zip(rows) {
                *o = a & oa | b & ob | c & oc;
            }
            dilate(&mut grown, last);
            next_live[y] |= layers.settle(open, y, &grown, j, &mut gave).0;
        }
        taken.fill(0);
        if !next_live.contains(&true) {
            break;
        }
        std::mem::swap(&mut rock_live, &mut next_live);
        next_live.fill(false);
        let mut swept = None;
        for y in (0..h).filter(|&y| near(&rock_live, y)) {
            let [a, b, c] = three_rows(&layers.reached, y);
            let above = if y > 0 && swept == Some(y - 1) {
                u64::MAX
            } else {
                0
            };
            let rows = a.iter().zip(&gave).zip(b.iter().zip(c));
            for (o, ((a, g), (b, c))) in grown.iter_mut().zip(rows) {
                *o = a & !(g & above) | b | c;
            }
            dilate(&mut grown, last);
            let (fresh, touches) = layers.settle(open, y, &grown, j + 1, &mut gave);
            next_live[y] = fresh;
            swept = Some(y);
            if !touches {
                continue;
            }
            for (i, &g) in grown.iter().enumerate() {
                let mut touched = g & open.row(y)[i] & !layers.reached.row(y)[i];
                while touched != 0 {
                    let x = i * 64 + touched.trailing_zeros() as usize;
                    touched &= touched - 1;
                    let id = regions.id_at(x, y);
                    if reach[id as usize] == NONE {
                        reach[id as usize] = j;
                        found.push((id, (y * w + x) as u32, j));
                        left -= 1;
                        take_in(id, &mut layers.reached, &mut taken, y as u32 + 1);
                        touched &= !layers.reached.row(y)[i];
                    }
                }
            }
            if left == 0 {
                break;
            }
        }
    }
    let in_layer = |k: u32, (x, y): (usize, usize)| {
        let (x, y) = (x as isize, y as isize);
        layers.reached.get(x, y) && !open.get(x, y) && layers.layer_at(x, y) == k % 4
    };
    let joined = |k: u32, (x, y): (usize, usize)| {
        open.get(x as isize, y as isize) && reach[regions.id_at(x, y) as usize] <= k
    };
    let mut dug = Vec::new();
    for (_, cell, j) in found {
        carve_back((w, h), &in_layer, &joined, cell as usize, j, &mut dug);
    }
    for (x, y) in dug {
        world.set(Point::new(x as i32, y as i32, z), Tile::Floor);
        open.set(x, y, true);
    }
}

/// What the search has reached: every cell taken in (regions and rock) and, for each rock
/// cell, its layer number modulo 4 in two bit planes (bit p in `planes[p]`). Two touching
/// rock cells lie at most one layer apart (each is next to the other), so among the
/// neighbours of a cell of layer k + 1 the remainder tells layer k from the others.
struct Layers {
    reached: BitGrid,
    planes: [BitGrid; 2],
}

impl Layers {
    /// Puts the cells of `grown` (row `y`) that are neither open nor reached yet into layer
    /// `k`, and writes them to `gave`. Answers whether there were any and whether `grown`
    /// touches an open cell not reached yet.
    fn settle(
        &mut self,
        open: &BitGrid,
        y: usize,
        grown: &[u64],
        k: u32,
        gave: &mut [u64],
    ) -> (bool, bool) {
        let (mut fresh, mut touches) = (0, 0);
        let cells = self.reached.row_mut(y).iter_mut().zip(gave.iter_mut());
        for ((r, n), (&g, &o)) in cells.zip(grown.iter().zip(open.row(y))) {
            *n = g & !o & !*r;
            touches |= g & o & !*r;
            *r |= *n;
            fresh |= *n;
        }
        if fresh != 0 {
            for (p, plane) in self.planes.iter_mut().enumerate() {
                if k >> p & 1 == 1 {
                    for (d, &n) in plane.row_mut(y).iter_mut().zip(gave.iter()) {
                        *d |= n;
                    }
                }
            }
        }
        (fresh != 0, touches != 0)
    }

    /// The layer number, modulo 4, of rock cell (x, y).
    fn layer_at(&self, x: isize, y: isize) -> u32 {
        u32::from(self.planes[0].get(x, y)) | u32::from(self.planes[1].get(x, y)) << 1
    }
}

/// Traces the tunnel from `cell` (open, first touched by layer `j`) back through the layers
/// to the part reached before, pushing its rock cells to `dug`: each step goes to a neighbour
/// one layer closer, and the tunnel ends next to a cell for which `joined(k, cell)` holds, an
/// open cell of a region reached by layer k.
fn carve_back(
    (w, h): (usize, usize),
    in_layer: &impl Fn(u32, (usize, usize)) -> bool,
    joined: &impl Fn(u32, (usize, usize)) -> bool,
    cell: usize,
    j: u32,
    dug: &mut Vec<(usize, usize)>,
) {
    let neighbours = |c: usize| {
        let (x, y) = (c % w, c / w);
        (y.saturating_sub(1)..(y + 2).min(h))
            .flat_map(move |ny| (x.saturating_sub(1)..(x + 2).min(w)).map(move |nx| (nx, ny)))
    };
    let Some(mut cur) = neighbours(cell).find(|&p| in_layer(j, p)) else {
        return;
    };
    for k in (0..j).rev() {
        dug.push(cur);
        let c = cur.1 * w + cur.0;
        if neighbours(c).any(|p| joined(k, p)) || k == 0 {
            return;
        }
        match neighbours(c).find(|&p| in_layer(k, p)) {
            Some(p) => cur = p,
            None => return,
        }
    }
}
