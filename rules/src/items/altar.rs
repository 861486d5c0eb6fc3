//! The altar's choice: what lies beside a warm altar is its offering. Taking one of them
//! turns the rest to dust and the altar cold; a cold altar asks nothing more.

use crate::game::parts::Place;
use crate::game::state::State;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;

impl State {
    /// The player took an item from `p`: beside a warm altar, that was the choice.
    pub(crate) fn take_offering(&mut self, p: Point) {
        let Some(altar) = p.neighbours8().find(|&q| self.world.tile(q) == Tile::Altar) else {
            return;
        };
        self.world.set(altar, Tile::ColdAltar);
        self.things
            .all
            .retain(|t| !matches!(t.place, Place::Floor(q) if q.chebyshev(altar) == 1));
        self.log
            .add("The altar goes cold, and the other offerings crumble to dust.");
    }
}
