//! Which cells of a level creatures stand on, for the creatures' turn and for the stirring.

use crate::creatures::monster::Monster;
use crate::space::geom::Point;
use crate::space::grid::Grid;
use crate::space::world::World;

/// How many creatures stand on each cell of one level: a grid, as a level may hold dozens of
/// creatures and their turn asks about every cell they might step into. Kept up to date as
/// they move (`moved`).
pub(crate) struct Crowd {
    count: Grid<u8>,
}

impl Crowd {
    /// The creatures of `monsters` on level `z` of `world`.
    pub(crate) fn new(world: &World, monsters: &[Monster], z: i32) -> Crowd {
        let mut count = Grid::new(world.width(), world.height(), 0u8);
        for m in monsters.iter().filter(|m| m.pos.z == z) {
            if let Some(c) = count.get_mut(m.pos) {
                *c = c.saturating_add(1);
            }
        }
        Crowd { count }
    }

    /// True when a creature stands on `p` (a cell of this level).
    pub(crate) fn taken(&self, p: Point) -> bool {
        self.count.get(p).is_some_and(|&c| c > 0)
    }

    /// A creature left this level from `p`.
    pub(crate) fn left(&mut self, p: Point) {
        if let Some(c) = self.count.get_mut(p) {
            *c = c.saturating_sub(1);
        }
    }

    pub(crate) fn moved(&mut self, from: Point, to: Point) {
        if let Some(c) = self.count.get_mut(from) {
            *c = c.saturating_sub(1);
        }
        if let Some(c) = self.count.get_mut(to) {
            *c = c.saturating_add(1);
        }
    }
}
