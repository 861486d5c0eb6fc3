//! The environment layer: stalagmites, deep pools, glowing fungus and
//! rubble scattered over the floor. A feature that blocks walking is placed only where it
//! cannot cut a path: the open cells around it must stay joined among themselves.

use crate::geom::Point;
use crate::rng::GameRng;
use crate::tile::Tile;
use crate::world::World;
use rand::Rng;

/// Chance per floor tile, in thousandths, for each feature.
pub const FEATURES: [(Tile, u32); 4] = [
    (Tile::Stalagmite, 25),
    (Tile::Pool, 12),
    (Tile::Fungus, 15),
    (Tile::Rubble, 20),
];

/// The eight neighbours in ring order (clockwise from north-west).
const RING: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

/// True when blocking `p` keeps every pair of its open neighbours connected through the ring
/// around it, so no path through `p` is lost (a local, sufficient test).
pub fn can_block(world: &World, p: Point) -> bool {
    let open: Vec<bool> = RING
        .iter()
        .map(|&(dx, dy)| world.tile(p.offset(dx, dy)).is_open())
        .collect();
    let total = open.iter().filter(|&&o| o).count();
    if total == 0 {
        return false;
    }
    // Walk the ring from one open cell; neighbours in the ring are adjacent to each other, and
    // so are two edge cells (orthogonal neighbours) two steps apart across a closed corner.
    let first = (0..8).find(|&i| open[i]).unwrap_or(0);
    let mut seen = [false; 8];
    let mut stack = Vec::with_capacity(8);
    stack.push(first);
    seen[first] = true;
    while let Some(i) = stack.pop() {
        let across = if i % 2 == 1 {
            [(i + 2) % 8, (i + 6) % 8]
        } else {
            [(i + 1) % 8, (i + 7) % 8]
        };
        for j in [(i + 1) % 8, (i + 7) % 8, across[0], across[1]] {
            if open[j] && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen.iter().filter(|&&s| s).count() == total
}

/// Scatters features over floor tiles (never on stairs) of every level.
pub fn decorate(world: &mut World, rng: &mut GameRng) {
    let w = world.width();
    let total: u32 = FEATURES.iter().map(|&(_, chance)| chance).sum();
    for z in 0..world.depth() {
        let cells = (world.width() * world.height()) as usize;
        for i in 0..cells {
            if world.level(z).is_none_or(|level| level[i] != Tile::Floor) {
                continue;
            }
            let roll = rng.random_range(0..1000u32);
            if roll >= total {
                continue;
            }
            let mut acc = 0;
            let Some(&(tile, _)) = FEATURES.iter().find(|&&(_, chance)| {
                acc += chance;
                roll < acc
            }) else {
                continue;
            };
            let p = Point::new(i as i32 % w, i as i32 / w, z);
            if tile.is_open() || can_block(world, p) {
                world.set(p, tile);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn centre_blockable(map: &str) -> bool {
        let world = World::from_text(&[map]).expect("fixture");
        can_block(&world, Point::new(1, 1, 0))
    }

    #[test]
    fn a_corridor_cell_cannot_be_blocked_but_open_ground_can() {
        assert!(!centre_blockable("###\n...\n###"));
        assert!(!centre_blockable(".#.\n#.#\n.#."));
        assert!(centre_blockable("...\n...\n..."));
        assert!(centre_blockable("...\n#..\n##."));
        assert!(
            centre_blockable("#.#\n#.#\n###"),
            "a dead end can be closed"
        );
    }
}
