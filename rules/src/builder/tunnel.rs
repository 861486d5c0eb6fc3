//! The pieces of a tunnel that both the reachability pass (`connect`) and the layered search
//! (`layers`) use: the mark for no cell, a cell's neighbours, tracing a tunnel back through
//! its distance layers, and digging it.

use super::bitgrid::BitGrid;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;
use crate::space::world::World;

/// No cell, no region or no distance (yet).
pub(super) const NONE: u32 = u32::MAX;

/// Turns the cells `dug` on level `z` to floor, in the world and in its open cells `open`.
pub(super) fn dig(world: &mut World, z: i32, open: &mut BitGrid, dug: &[(usize, usize)]) {
    for &(x, y) in dug {
        world.set(Point::new(x as i32, y as i32, z), Tile::Floor);
        open.set(x, y, true);
    }
}

/// The cells around cell `c` of a `w` x `h` level, `c` included, in scan order: the first
/// `n` of the array.
fn neighbours(c: usize, (w, h): (usize, usize)) -> ([(usize, usize); 9], usize) {
    let (x, y) = (c % w, c / w);
    let (mut out, mut n) = ([(0, 0); 9], 0);
    for ny in y.saturating_sub(1)..(y + 2).min(h) {
        for nx in x.saturating_sub(1)..(x + 2).min(w) {
            out[n] = (nx, ny);
            n += 1;
        }
    }
    (out, n)
}

/// Traces the tunnel from `cell` (open, first touched by layer `j`) back through the layers
/// to the part reached before, pushing its rock cells to `dug`: each step goes to a neighbour
/// one layer closer, and the tunnel ends next to a cell for which `joined(k, cell)` holds, an
/// open cell of a region reached by layer k.
pub(super) fn carve_back(
    (w, h): (usize, usize),
    in_layer: &impl Fn(u32, (usize, usize)) -> bool,
    joined: &impl Fn(u32, (usize, usize)) -> bool,
    cell: usize,
    j: u32,
    dug: &mut Vec<(usize, usize)>,
) {
    let around = |c: usize| {
        let (cells, n) = neighbours(c, (w, h));
        cells.into_iter().take(n)
    };
    let Some(mut cur) = around(cell).find(|&p| in_layer(j, p)) else {
        return;
    };
    for k in (0..j).rev() {
        dug.push(cur);
        let c = cur.1 * w + cur.0;
        if around(c).any(|p| joined(k, p)) || k == 0 {
            return;
        }
        match around(c).find(|&p| in_layer(k, p)) {
            Some(p) => cur = p,
            None => return,
        }
    }
}
