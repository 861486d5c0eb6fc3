//! Doors in the narrow passages: a floor cell with solid ground on two opposite sides and
//! open ground on the other two. A door stands only where the open cells around it stay
//! joined with it closed (it is no articulation point of the 8-way walking graph), so a
//! creature that cannot open doors still reaches every cell it could before: no stairs, no
//! idol and no part of a level is ever behind a door only hands pass.

use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::geom::Point;
use crate::space::grid::Grid;
use crate::space::world::World;
use rand::Rng;

/// The most doors on one level.
pub const DOORS_PER_LEVEL: usize = 2;
/// The most doorways tried per level: each try is a search of the level, so a level builds
/// fast however many doorways it has.
const TRIES: usize = 32;
/// Chance in 100 that a door starts open.
const OPEN_CHANCE: u32 = 30;

/// Puts up to `DOORS_PER_LEVEL` doors on every level, in doorways drawn at random (a
/// partial Fisher-Yates shuffle of the level's doorways, in scan order), never beside
/// another door.
pub fn place(world: &mut World, rng: &mut GameRng) {
    for z in 0..world.depth() {
        let mut spots = world.points_where(z, &|p, t| t == Tile::Floor && doorway(world, p));
        let mut placed = 0;
        for k in 0..spots.len().min(TRIES) {
            if placed == DOORS_PER_LEVEL {
                break;
            }
            let j = rng.random_range(k as u32..spots.len() as u32) as usize;
            spots.swap(k, j);
            let p = spots[k];
            let open = rng.random_range(0..100u32) < OPEN_CHANCE;
            let crowded = p.neighbours8().any(|q| world.tile(q).is_door());
            if crowded || !stays_joined(world, p, Tile::is_open) {
                continue;
            }
            world.set(
                p,
                if open {
                    Tile::DoorOpen
                } else {
                    Tile::DoorClosed
                },
            );
            placed += 1;
        }
    }
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

/// True when the neighbours of `p` that `open` accepts stay joined by 8-way steps over such
/// cells with `p` closed: at once when all eight are open, else a breadth-first search from
/// one of them that must reach all the others (most are found a step or two away).
pub(super) fn stays_joined(world: &World, p: Point, open: fn(Tile) -> bool) -> bool {
    let mut around = Vec::new();
    for q in p.neighbours8() {
        if open(world.tile(q)) {
            around.push(q);
        }
    }
    let Some(&first) = around.first() else {
        return true;
    };
    if around.len() == 8 {
        return true;
    }
    let mut seen = Grid::new(world.width(), world.height(), false);
    seen.set(p, true);
    seen.set(first, true);
    let mut queue = vec![first];
    let mut next = 0;
    let mut missing = around.len() - 1;
    while let Some(&here) = queue.get(next) {
        next += 1;
        for q in here.neighbours8() {
            if seen.get(q) != Some(&false) || !open(world.tile(q)) {
                continue;
            }
            seen.set(q, true);
            if around.contains(&q) {
                missing -= 1;
                if missing == 0 {
                    return true;
                }
            }
            queue.push(q);
        }
    }
    missing == 0
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(
            !stays_joined(&world, at(2, 2), Tile::is_open),
            "the only way through"
        );
        let ring = World::from_text(&["#####\n#...#\n#.#.#\n#...#\n#####"]).expect("map");
        assert!(doorway(&ring, at(1, 2)));
        assert!(
            stays_joined(&ring, at(1, 2), Tile::is_open),
            "the ring goes round the other side"
        );
    }
}
