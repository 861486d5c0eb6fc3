//! Unknown potions and scrolls. Every run gives the potion kinds random looks ("a murky
//! potion") and the scroll kinds random titles ("a scroll titled XOTH"), drawn from the seed:
//! the same look means the same kind all run. Using one (or seeing a thrown one take effect)
//! identifies its kind for the rest of the run.

use crate::game::state::State;
use crate::items::looks::{Guise, Looks};
use crate::kinds::item::Item;

const fn bit(kind: Item) -> u32 {
    1 << kind.code()
}

impl State {
    /// True when the player knows what `kind` is: always for kinds that are not potions or
    /// scrolls, and for those once one was identified.
    pub fn knows(&self, kind: Item) -> bool {
        !kind.is_unknown_kind() || self.knowledge.known & bit(kind) != 0
    }

    /// How the player sees `kind`: as itself once known, else as its look this run.
    pub fn seen_as(&self, kind: Item) -> Guise {
        if self.knows(kind) {
            return Guise::Known(kind);
        }
        self.knowledge
            .looks
            .of_kind(kind)
            .unwrap_or(Guise::Known(kind))
    }

    /// The name the player knows `kind` by.
    pub fn item_name(&self, kind: Item) -> &'static str {
        self.seen_as(kind).name()
    }

    /// Learns what `kind` is; true when it was not known before.
    pub(crate) fn identify(&mut self, kind: Item) -> bool {
        let new = !self.knows(kind);
        self.knowledge.known |= bit(kind);
        new
    }

    /// The looks of this run.
    pub fn looks(&self) -> &Looks {
        &self.knowledge.looks
    }
}
