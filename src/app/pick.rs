//! What choosing an item on the inventory screen does: look, drop, use, equip or throw. Keys name
//! a pick (`input`); the inventory screen turns a letter into that pick's action.

use crate::rules::kinds::entry::Effect;
use crate::rules::{Action, Thing};

/// What choosing an item on the inventory screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Looking: a letter uses a potion or scroll and equips a weapon or armour.
    Browse,
    Drop,
    Use,
    Equip,
    /// Choosing an item to throw, then its target.
    Throw,
}

impl Pick {
    /// The screen's title.
    pub fn title(self) -> &'static str {
        match self {
            Pick::Browse => "Inventory",
            Pick::Drop => "Drop which item?",
            Pick::Use => "Quaff or read which item?",
            Pick::Equip => "Wield or wear which item?",
            Pick::Throw => "Throw which item?",
        }
    }

    /// The action for carried item `thing` in pack slot `slot`, if this pick has one (a
    /// throw needs a target first: none here).
    pub fn action(self, slot: u8, thing: Thing) -> Option<Action> {
        Some(match (self, thing.kind.effect()) {
            (Pick::Drop, _) => Action::Drop(slot),
            (Pick::Use, _) => Action::Use(slot),
            (Pick::Equip, _) => Action::Equip(slot),
            (Pick::Throw, _) => return None,
            (Pick::Browse, Effect::Weapon(_) | Effect::Armour(_)) => Action::Equip(slot),
            (Pick::Browse, Effect::Treasure) => return None,
            (Pick::Browse, _) => Action::Use(slot),
        })
    }
}
