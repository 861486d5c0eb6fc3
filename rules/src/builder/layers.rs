//! The layered tunnel search that joins a level's regions (see `connect` for what it
//! guarantees). The search runs on bit rows, one distance layer at a time: a layer is the
//! rock next to everything reached so far, and a region touched by the layer is taken in
//! whole through its runs. It stops once every region is reached.

use super::bitgrid::BitGrid;
use super::regions::Regions;
use super::tunnel::{carve_back, dig, NONE};
use crate::space::world::World;

/// Row `y` of `g` with the rows above and below it (the edge rows stand in for the rows
/// past the edges).
fn three_rows(g: &BitGrid, y: usize) -> [&[u64]; 3] {
    // Written out, not an array's `map`: each `map` is a generic function of its own.
    [
        g.row(y.saturating_sub(1)),
        g.row(y),
        g.row((y + 1).min(g.height() - 1)),
    ]
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
pub(super) fn join(
    world: &mut World,
    z: i32,
    open: &mut BitGrid,
    regions: &Regions,
    start: &[u32],
) {
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
            next_live[y] |= layers.settle(open, y, &mut grown, j, &mut gave).0;
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
            let (fresh, touches) = layers.settle(open, y, &mut grown, j + 1, &mut gave);
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
    dig(world, z, open, &dug);
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
    /// Finishes the 3x3 dilation of row `y` in `grown`, which holds the row and the rows
    /// above and below it ORed together (each cell spread to its left and right neighbours,
    /// none past the width), and puts the cells of it that are neither open nor reached yet
    /// into layer `k`, writing them to `gave`: one pass over the row's words, each dilated
    /// (from its own and its neighbours' bits as they were) as it is settled. Answers whether
    /// any cell went into the layer and whether the dilation touches an open cell not
    /// reached yet.
    fn settle(
        &mut self,
        open: &BitGrid,
        y: usize,
        grown: &mut [u64],
        k: u32,
        gave: &mut [u64],
    ) -> (bool, bool) {
        let words = grown.len();
        let last = open.last_mask();
        let open = &open.row(y)[..words];
        let reached = &mut self.reached.row_mut(y)[..words];
        let gave = &mut gave[..words];
        let [low, high] = &mut self.planes;
        let (low, high) = (&mut low.row_mut(y)[..words], &mut high.row_mut(y)[..words]);
        let (mut fresh, mut touches) = (0, 0);
        let mut carry = 0;
        for i in 0..words {
            let v = grown[i];
            let next = if i + 1 < words { grown[i + 1] << 63 } else { 0 };
            let mut g = v | v << 1 | v >> 1 | carry | next;
            if i + 1 == words {
                g &= last;
            }
            carry = v >> 63;
            grown[i] = g;
            let (o, r) = (open[i], reached[i]);
            let new = g & !o & !r;
            touches |= g & o & !r;
            reached[i] = r | new;
            gave[i] = new;
            fresh |= new;
            if k & 1 == 1 {
                low[i] |= new;
            }
            if k & 2 == 2 {
                high[i] |= new;
            }
        }
        (fresh != 0, touches != 0)
    }

    /// The layer number, modulo 4, of rock cell (x, y).
    fn layer_at(&self, x: isize, y: isize) -> u32 {
        u32::from(self.planes[0].get(x, y)) | u32::from(self.planes[1].get(x, y)) << 1
    }
}
