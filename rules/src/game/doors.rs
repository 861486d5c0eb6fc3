//! Doors: walking into a closed door opens it (the turn is spent, the player stays where they
//! are), and `Action::CloseDoors` closes every open door beside the player that nothing
//! stands or lies in. A closed door is not transparent, so it stops sight and light
//! (`space::sight`); creatures with hands open doors on their way (`creatures::behaviour`).

use crate::game::events::Event;
use crate::game::parts::Spent;
use crate::game::state::State;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;

impl State {
    /// Sets the door at `p` to `tile` (open or closed); the views kept from before no longer
    /// hold, so sight scans afresh.
    pub(crate) fn set_door(&mut self, p: Point, tile: Tile) {
        self.world.set(p, tile);
        self.knowledge.sight.terrain_changed();
    }

    /// The player opens the closed door at `p`: a turn, and they stay where they are.
    pub(crate) fn open_door(&mut self, p: Point) -> Spent {
        self.set_door(p, Tile::DoorOpen);
        self.events.push(Event::Door(p));
        self.log.add("You open the door.");
        Spent::Turn
    }

    /// Closes the open doors beside the player that no creature stands in and no item lies
    /// in: a turn. With none to close, it says why and takes no time.
    pub(crate) fn close_doors(&mut self) -> Spent {
        // One pass round the player: closing a door changes no other cell's tile, creature
        // or item.
        let (mut open, mut closed) = (0, 0);
        for p in self.hero.pos.neighbours8() {
            if self.world.tile(p) != Tile::DoorOpen {
                continue;
            }
            open += 1;
            if self.monster_at(p).is_none() && self.item_at(p).is_none() {
                self.set_door(p, Tile::DoorClosed);
                self.events.push(Event::Door(p));
                closed += 1;
            }
        }
        self.log.add(match (closed, open) {
            (0, 0) => "There is no open door next to you.",
            (0, _) => "Something is in the doorway.",
            (1, _) => "You close the door.",
            _ => "You close the doors.",
        });
        if closed == 0 {
            Spent::Nothing
        } else {
            Spent::Turn
        }
    }
}
