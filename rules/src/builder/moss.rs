//! Dry moss: a few patches on every level, each grown from a floor cell drawn at random over
//! the floor beside it, in a random order (a cell joins a patch only from one already in it).
//! Moss is walked and seen over like floor; it is fuel for fire (`game::fire`).

use super::bitgrid::{BitGrid, Numbered};
use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::world::World;
use rand::Rng;

/// Patches on each level.
pub const PATCHES: usize = 3;
/// Cells of moss a patch grows to, where the floor around allows.
pub const PATCH_CELLS: usize = 14;

/// Grows the moss patches of every level, on bare floor only. `floors` holds the bare floor
/// of every level and is kept so (a patch's cells leave it); each patch starts on the cell
/// of it drawn by number, in scan order.
pub fn place(world: &mut World, floors: &mut [BitGrid], rng: &mut GameRng) {
    let w = world.width() as usize;
    for z in 0..world.depth() {
        let floor = &mut floors[z as usize];
        let level = world.level_mut(z);
        for _ in 0..PATCHES {
            let numbered = Numbered::new(floor);
            if numbered.len() == 0 {
                break;
            }
            let k = rng.random_range(0..numbered.len() as u32) as usize;
            let Some((x, y)) = numbered.nth(k) else {
                break;
            };
            let (mut edge, mut grown) = (vec![y * w + x], 0);
            while grown < PATCH_CELLS && !edge.is_empty() {
                let at = edge.swap_remove(rng.random_range(0..edge.len() as u32) as usize);
                if level.get(at) != Some(&Tile::Floor) {
                    continue;
                }
                level[at] = Tile::Moss;
                floor.set(at % w, at / w, false);
                grown += 1;
                edge.extend([at + 1, at.wrapping_sub(1), at + w, at.wrapping_sub(w)]);
            }
        }
    }
}
