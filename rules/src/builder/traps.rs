//! Pressure plates (`Trap`): a few on each level, in plain view on the first levels and
//! hidden deeper. A plate stands only on bare floor away from stairs and doors, and only
//! where the cells around it stay joined without it and without every plate placed before:
//! every stair, the idol and every part of a level can be reached without stepping on one.

use super::bitgrid::{BitGrid, Numbered};
use super::detour::Detours;
use super::joins::JoinCheck;
use super::picks::shuffled;
use crate::kinds::tile::{Tile, Trap};
use crate::rng::GameRng;
use crate::space::geom::Point;
use crate::space::world::World;
use rand::Rng;

/// Pressure plates on each level (fewer where there is no room for them).
pub const TRAPS_PER_LEVEL: usize = 3;
/// On the first this many levels plates are in plain view; deeper they are hidden.
pub const SEEN_TRAP_LEVELS: i32 = 2;
/// The most cells tried per level.
const TRIES: usize = 24;

/// Open ground a walker may cross without setting a plate off.
const fn safe(t: Tile) -> bool {
    t.is_passable() && t.trap().is_none()
}

/// Puts up to `TRAPS_PER_LEVEL` plates on every level, on floor cells drawn at random (a
/// partial Fisher-Yates shuffle, in scan order). No trapdoor opens on the last level.
/// `floors` holds the bare floor of every level and is kept so (a plate's cell leaves it);
/// `open` holds the cells of every level that were open before the doors went up (so
/// every stair and door among them); `detours` are made for the world's size.
///
/// The cells a level will try are drawn ahead (`picks`), so whether one keeps the level
/// joined is asked with bounded work per cell and at most one look at the whole level
/// (`JoinCheck`); in open ground the cells around it are joined round it at once.
pub(super) fn place(
    world: &mut World,
    open: &[BitGrid],
    floors: &mut [BitGrid],
    detours: &mut Detours,
    rng: &mut GameRng,
) {
    for z in 0..world.depth() {
        let floor = &mut floors[z as usize];
        let grid = spots(world, z, &open[z as usize], floor);
        let spots = Numbered::new(&grid);
        let picks = shuffled(rng, spots.len(), TRIES, |rng| {
            [Trap::Alarm, Trap::Net, Trap::Gas, Trap::Pit][rng.random_range(0..4u32) as usize]
        });
        let cells: Vec<(usize, usize)> = picks
            .iter()
            .filter_map(|pick| spots.nth(pick.index))
            .collect();
        let mut check = JoinCheck::new(z, safe, &cells, detours);
        let at = |k: usize| Point::new(cells[k].0 as i32, cells[k].1 as i32, z);
        let last = z + 1 == world.depth();
        check.place(
            world,
            rng,
            &picks,
            TRAPS_PER_LEVEL,
            |world, k, _| !at(k).neighbours8().any(|q| world.tile(q).trap().is_some()),
            |world, k, pick| {
                let trap = match pick.extra {
                    Trap::Pit if last => Trap::Gas,
                    trap => trap,
                };
                world.set(at(k), Tile::plate(trap, z >= SEEN_TRAP_LEVELS));
                floor.set(cells[k].0, cells[k].1, false);
                true
            },
        );
    }
}

/// The bare floor cells of level `z` with no stairs and no door beside them: the floor less
/// the cells around each stair and door. The stairs and doors are among the open cells that
/// are no bare floor (few: stairs, doors, fungus, rubble), which alone are looked at.
fn spots(world: &World, z: i32, open: &BitGrid, floor: &BitGrid) -> BitGrid {
    let (w, h) = (floor.width(), floor.height());
    let level = world.level(z).unwrap_or(&[]);
    let mut grid = floor.clone();
    for y in 0..h {
        for (i, (&o, &f)) in open.row(y).iter().zip(floor.row(y)).enumerate() {
            let mut other = o & !f;
            while other != 0 {
                let x = i * 64 + other.trailing_zeros() as usize;
                other &= other - 1;
                let t = level[y * w + x];
                if t.is_stairs() || t.is_door() {
                    for ny in y.saturating_sub(1)..(y + 2).min(h) {
                        for nx in x.saturating_sub(1)..(x + 2).min(w) {
                            grid.set(nx, ny, false);
                        }
                    }
                }
            }
        }
    }
    grid
}
