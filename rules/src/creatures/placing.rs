//! Where creatures start: how many on each level, which kinds, asleep or wandering, and
//! packs together.

use crate::balance::{asleep_chance, creatures_for, PACK_SPREAD, START_CLEARANCE};
use crate::creatures::monster::{Mind, Monster};
use crate::kinds::creature::Creature;
use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::geom::Point;
use crate::space::grid::Grid;
use crate::space::world::World;
use crate::variants::Variant;
use rand::Rng;

/// Places `creatures_for` creatures on every level: only on plain floor (never walls,
/// features or stairs), never on each other, on the player, on `avoid` (the items), or within
/// `START_CLEARANCE` cells of the player. A kind that comes in packs brings up to `pack` more
/// of its kind on free cells within `PACK_SPREAD` of the first.
/// Each starts asleep (`asleep_chance` in 100, fewer deeper down) or wandering, with the numbers of `variant`.
pub fn place(
    world: &World,
    player: Point,
    avoid: &[Point],
    variant: &Variant,
    rng: &mut GameRng,
) -> Vec<Monster> {
    let mut monsters = Vec::new();
    for z in 0..world.depth() {
        let mut avoided = Grid::new(world.width(), world.height(), false);
        for &p in avoid.iter().filter(|p| p.z == z) {
            avoided.set(p, true);
        }
        let mut free: Vec<Point> = world.points_of(z, Tile::Floor);
        free.retain(|&p| {
            avoided.get(p) != Some(&true)
                && (p.z != player.z || p.chebyshev(player) > START_CLEARANCE)
        });
        let mut free = FreeCells::new(world, free);
        let kinds = kinds_at(z);
        for _ in 0..creatures_for(z, world.width() * world.height()) {
            if free.is_empty() || kinds.is_empty() {
                break;
            }
            let pos = free.take(rng.random_range(0..free.len() as u32) as usize);
            let kind = kinds[rng.random_range(0..kinds.len() as u32) as usize];
            let mind = if rng.random_range(0..100u32) < asleep_chance(z) {
                Mind::Asleep
            } else {
                Mind::Wandering
            };
            monsters.push(Monster::in_variant(kind, pos, variant, mind));
            for _ in 0..kind.behaviour().pack {
                let Some(j) = free.first_near(pos, PACK_SPREAD) else {
                    break;
                };
                monsters.push(Monster::in_variant(kind, free.take(j), variant, mind));
            }
        }
    }
    monsters
}

/// The free cells of one level as a list that random draws take from by index (the last
/// cell moves into the gap), with each cell's place in the list kept by cell, so "the first
/// free cell near a point" looks at the cells around it, not the whole list.
struct FreeCells {
    cells: Vec<Point>,
    /// For every cell of the level, its index in `cells`, or `u32::MAX` when not free.
    at: Grid<u32>,
}

impl FreeCells {
    fn new(world: &World, cells: Vec<Point>) -> Self {
        let mut at = Grid::new(world.width(), world.height(), u32::MAX);
        for (i, &p) in cells.iter().enumerate() {
            at.set(p, i as u32);
        }
        FreeCells { cells, at }
    }

    fn len(&self) -> usize {
        self.cells.len()
    }

    fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Takes the cell at index `i` out of the list.
    fn take(&mut self, i: usize) -> Point {
        let p = self.cells.swap_remove(i);
        self.at.set(p, u32::MAX);
        if let Some(&moved) = self.cells.get(i) {
            self.at.set(moved, i as u32);
        }
        p
    }

    /// The index of the earliest listed free cell within `spread` (king's moves) of `p`.
    fn first_near(&self, p: Point, spread: i32) -> Option<usize> {
        let mut best = None;
        for dy in -spread..=spread {
            for dx in -spread..=spread {
                let i = self.at.get(p.offset(dx, dy)).copied().unwrap_or(u32::MAX);
                if i != u32::MAX {
                    best = Some(best.map_or(i, |b: u32| b.min(i)));
                }
            }
        }
        best.map(|i| i as usize)
    }
}

/// The kinds that live on level `z` (0 = top): those whose first and last levels hold it.
pub fn kinds_at(z: i32) -> Vec<Creature> {
    (Creature::ALL.into_iter())
        .filter(|c| (c.stats().from_level..=c.last_level()).contains(&(z + 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::WorldBuilder;
    use crate::rng::seeded;

    #[test]
    fn placement_respects_the_rules_over_many_seeds() {
        for seed in 0..60 {
            let world = WorldBuilder::new(80, 40, 3, seed).make_caves().build();
            let Some(player) = world
                .points(0)
                .find(|&(_, t)| t == Tile::StairsUp)
                .map(|(p, _)| p)
            else {
                continue;
            };
            let monsters = place(
                &world,
                player,
                &[],
                &crate::variants::NORMAL,
                &mut seeded(seed),
            );
            let mut spots: Vec<Point> = monsters.iter().map(|m| m.pos).collect();
            for m in &monsters {
                assert_eq!(world.tile(m.pos), Tile::Floor, "seed {seed}");
                assert_ne!(m.pos, player);
                assert!(m.pos.z != 0 || m.pos.chebyshev(player) > START_CLEARANCE);
            }
            let n = spots.len();
            spots.sort();
            spots.dedup();
            assert_eq!(spots.len(), n, "seed {seed}: two creatures share a cell");
            let per_level = |z| monsters.iter().filter(|m| m.pos.z == z).count();
            for z in 0..3 {
                assert!(
                    per_level(z) >= creatures_for(z, 80 * 40),
                    "seed {seed}: every level gets its share, packs on top"
                );
            }
            assert!(
                creatures_for(2, 80 * 40) > creatures_for(0, 80 * 40),
                "more deeper down"
            );
        }
    }

    /// The kept indexes answer what a scan of the whole list would: the earliest listed
    /// free cell near a point, after any number of takes.
    #[test]
    fn free_cells_find_what_a_scan_finds() {
        use crate::rng::seeded;
        let world = World::filled(30, 20, 1, Tile::Floor);
        let mut rng = seeded(5);
        let mut scan = world.points_of(0, Tile::Floor);
        let mut free = FreeCells::new(&world, scan.clone());
        while !scan.is_empty() {
            let p = Point::new(rng.random_range(0..30), rng.random_range(0..20), 0);
            let near = scan.iter().position(|q| q.chebyshev(p) <= PACK_SPREAD);
            assert_eq!(free.first_near(p, PACK_SPREAD), near, "near {p:?}");
            let i = near.unwrap_or(rng.random_range(0..scan.len() as u32) as usize);
            assert_eq!(free.take(i), scan.swap_remove(i));
            assert_eq!(free.len(), scan.len());
        }
    }
}
