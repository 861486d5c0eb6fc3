//! Which cells of a level creatures stand on, for the creatures' turn and for the stirring.

use crate::creatures::monster::Monster;
use crate::space::geom::Point;
use crate::space::world::World;

/// How many creatures stand on each cell of one level: a grid, as a level may hold dozens of
/// creatures and their turn asks about every cell they might step into. Kept up to date as
/// they move (`moved`).
pub(crate) struct Crowd {
    count: Vec<u8>,
}

impl Crowd {
    /// The creatures of `monsters` on level `z` of `world`.
    pub(crate) fn new(world: &World, monsters: &[Monster], z: i32) -> Crowd {
        let mut count = vec![0u8; (world.width() * world.height()).max(0) as usize];
        for m in monsters.iter().filter(|m| m.pos.z == z) {
            if let Some(i) = world.level_index(m.pos) {
                count[i] = count[i].saturating_add(1);
            }
        }
        Crowd { count }
    }

    /// True when a creature stands on `p` (a cell of this level).
    pub(crate) fn taken(&self, world: &World, p: Point) -> bool {
        world.level_index(p).is_some_and(|i| self.count[i] > 0)
    }

    pub(crate) fn moved(&mut self, world: &World, from: Point, to: Point) {
        if let Some(i) = world.level_index(from) {
            self.count[i] = self.count[i].saturating_sub(1);
        }
        if let Some(i) = world.level_index(to) {
            self.count[i] = self.count[i].saturating_add(1);
        }
    }
}
