//! The altar's choice: what lies beside a warm altar is its offering. Taking one of them
//! turns the rest to dust and the altar cold; a cold altar asks nothing more.

use crate::game::parts::Place;
use crate::game::state::State;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;

impl State {
    /// The warm altar beside `p`, if there is one: whatever is taken from `p` is its
    /// offering.
    pub fn warm_altar_beside(&self, p: Point) -> Option<Point> {
        p.neighbours8().find(|&q| self.world.tile(q) == Tile::Altar)
    }

    /// True when something lies at `p` beside a warm altar: taking it is the altar's choice,
    /// which only the player makes (the autopilot never picks it up).
    pub fn offering_at(&self, p: Point) -> bool {
        self.item_at(p).is_some() && self.warm_altar_beside(p).is_some()
    }

    /// The player took an item from `p`: beside a warm altar, that was the choice.
    pub(crate) fn take_offering(&mut self, p: Point) {
        let Some(altar) = self.warm_altar_beside(p) else {
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
