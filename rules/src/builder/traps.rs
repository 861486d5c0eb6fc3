//! Pressure plates (`Trap`): a few on each level, in plain view on the first levels and
//! hidden deeper. A plate stands only on bare floor away from stairs and doors, and only
//! where the cells around it stay joined without it and without every plate placed before:
//! every stair, the idol and every part of a level can be reached without stepping on one.

use super::doors::stays_joined;
use crate::kinds::tile::{Tile, Trap};
use crate::rng::GameRng;
use crate::space::world::World;
use rand::Rng;

/// Pressure plates on each level (fewer where there is no room for them).
pub const TRAPS_PER_LEVEL: usize = 3;
/// On the first this many levels plates are in plain view; deeper they are hidden.
pub const SEEN_TRAP_LEVELS: i32 = 2;
/// The most cells tried per level (each try is a search of the level).
const TRIES: usize = 24;

/// Open ground a walker may cross without setting a plate off.
const fn safe(t: Tile) -> bool {
    t.is_passable() && t.trap().is_none()
}

/// Puts up to `TRAPS_PER_LEVEL` plates on every level, on floor cells drawn at random (a
/// partial Fisher-Yates shuffle, in scan order). No trapdoor opens on the last level.
pub fn place(world: &mut World, rng: &mut GameRng) {
    for z in 0..world.depth() {
        let mut spots = world.points_where(z, &|p, t| {
            t == Tile::Floor
                && p.neighbours8().all(|q| {
                    let t = world.tile(q);
                    !t.is_stairs() && !t.is_door()
                })
        });
        let mut placed = 0;
        for k in 0..spots.len().min(TRIES) {
            if placed == TRAPS_PER_LEVEL {
                break;
            }
            let j = rng.random_range(k as u32..spots.len() as u32) as usize;
            spots.swap(k, j);
            let p = spots[k];
            let mut trap =
                [Trap::Alarm, Trap::Net, Trap::Gas, Trap::Pit][rng.random_range(0..4u32) as usize];
            if trap == Trap::Pit && z + 1 == world.depth() {
                trap = Trap::Gas;
            }
            let crowded = p.neighbours8().any(|q| world.tile(q).trap().is_some());
            if crowded || !stays_joined(world, p, safe) {
                continue;
            }
            world.set(p, Tile::plate(trap, z >= SEEN_TRAP_LEVELS));
            placed += 1;
        }
    }
}
