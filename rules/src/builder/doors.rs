//! Doors in the narrow passages: a floor cell with solid ground on two opposite sides and
//! open ground on the other two. A door stands only where the open cells around it stay
//! joined with it closed (it is no articulation point of the 8-way walking graph), so a
//! creature that cannot open doors still reaches every cell it could before: no stairs, no
//! idol and no part of a level is ever behind a door only hands pass.

use super::bitgrid::{from_east, from_west, BitGrid};
use super::detour::Detours;
use super::joins::JoinCheck;
use super::picks::shuffled;
use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::geom::Point;
use crate::space::world::World;
use rand::Rng;

/// The most doors on one level.
pub const DOORS_PER_LEVEL: usize = 2;
/// The most doorways tried per level.
const TRIES: usize = 32;
/// Chance in 100 that a door starts open.
const OPEN_CHANCE: u32 = 30;

/// Puts up to `DOORS_PER_LEVEL` doors on every level, in doorways drawn at random (a
/// partial Fisher-Yates shuffle of the level's doorways, in scan order), never beside
/// another door. `open` holds the open cells of every level as the world stands; `detours`
/// are made for the world's size.
///
/// The doorways a level will try are drawn ahead (`picks`), so whether one keeps the level
/// joined is asked with bounded work per doorway and at most one look at the whole level
/// (`JoinCheck`), not a search of the level per doorway.
pub(super) fn place(world: &mut World, open: &[BitGrid], detours: &mut Detours, rng: &mut GameRng) {
    for z in 0..world.depth() {
        let grid = &open[z as usize];
        let spots = doorways(world, z, grid);
        let picks = shuffled(rng, spots.len(), TRIES, |rng| {
            rng.random_range(0..100u32) < OPEN_CHANCE
        });
        let cells: Vec<(usize, usize)> = picks
            .iter()
            .map(|pick| {
                let p = spots[pick.index];
                (p.x as usize, p.y as usize)
            })
            .collect();
        let mut check = JoinCheck::new(z, Tile::is_open, &cells, detours);
        check.place(
            world,
            rng,
            &picks,
            DOORS_PER_LEVEL,
            |world, _, pick| {
                let p = spots[pick.index];
                !p.neighbours8().any(|q| world.tile(q).is_door())
            },
            |world, _, pick| {
                let open = pick.extra;
                let door = if open {
                    Tile::DoorOpen
                } else {
                    Tile::DoorClosed
                };
                world.set(spots[pick.index], door);
                !open
            },
        );
    }
}

/// The doorways of level `z` in scan order. The open cells `grid` holds (the level's, as the
/// world stands) narrow them down a word at a time to cells with open ground on two opposite
/// sides and none on the other two, which every doorway is; each of those is then looked at.
fn doorways(world: &World, z: i32, grid: &BitGrid) -> Vec<Point> {
    let mut out = Vec::new();
    let level = world.level(z).unwrap_or(&[]);
    let width = grid.width();
    for y in 0..grid.height() {
        let row = grid.row(y);
        for i in 0..row.len() {
            let (n, s) = (grid.word(i, y as isize - 1), grid.word(i, y as isize + 1));
            let (w, e) = (from_west(row, i), from_east(row, i));
            let mut narrow = row[i] & (!n & !s & w & e | n & s & !w & !e);
            while narrow != 0 {
                let x = i * 64 + narrow.trailing_zeros() as usize;
                narrow &= narrow - 1;
                let p = Point::new(x as i32, y as i32, z);
                if level[y * width + x] == Tile::Floor && doorway(world, p) {
                    out.push(p);
                }
            }
        }
    }
    out
}

/// A narrow passage at `p`: on two opposite sides cave wall, or cave wall and a feature
/// that blocks the way (a stalagmite, a pool), and open ground on the other two sides.
fn doorway(world: &World, p: Point) -> bool {
    let t = |dx, dy| world.tile(p.offset(dx, dy));
    let [n, s, w, e] = [t(0, -1), t(0, 1), t(-1, 0), t(1, 0)];
    let open = |t: Tile| t.is_open() && !t.is_door();
    let jambs = |a: Tile, b: Tile| {
        (a == Tile::Wall || b == Tile::Wall) && !a.is_passable() && !b.is_passable()
    };
    (jambs(n, s) && open(w) && open(e)) || (jambs(w, e) && open(n) && open(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::WorldBuilder;

    fn at(x: i32, y: i32) -> Point {
        Point::new(x, y, 0)
    }

    #[test]
    fn doorways_are_narrow_passages() {
        let world = World::from_text(&["#####\n#...#\n##.##\n#...#\n#####"]).expect("map");
        assert!(
            doorway(&world, at(2, 2)),
            "walls west and east, floor north and south"
        );
        assert!(!doorway(&world, at(2, 1)), "open ground is no doorway");
        let ring = World::from_text(&["#####\n#...#\n#.#.#\n#...#\n#####"]).expect("map");
        assert!(doorway(&ring, at(1, 2)));
        assert_eq!(
            doorways(&ring, 0, &BitGrid::from_level(&ring, 0)),
            [at(2, 1), at(1, 2), at(3, 2), at(2, 3)]
        );
    }

    /// The doorways found through the open cells' words are those a look at every floor
    /// cell finds, in the same order, on worlds with features, doors and plates.
    #[test]
    fn doorways_narrowed_by_words_are_those_of_a_look_at_every_cell() {
        let mut found = 0;
        for seed in 0..12 {
            let world = WorldBuilder::new(70 + seed, 40, 3, seed as u64)
                .make_caves()
                .build();
            for z in 0..world.depth() {
                let every = world.points_where(z, &|p, t| t == Tile::Floor && doorway(&world, p));
                let grid = BitGrid::from_level(&world, z);
                assert_eq!(doorways(&world, z, &grid), every, "seed {seed} level {z}");
                found += every.len();
            }
        }
        assert!(found > 100, "{found} doorways");
    }
}
