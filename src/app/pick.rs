//! What choosing an item on the inventory screen does: look, drop, use, equip or throw. Keys name
//! a pick (`input`); the inventory screen turns a letter into that pick's action.

use crate::rules::kinds::entry::Effect;
use crate::rules::{Action, Place, Thing};

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

    /// Whether this pick's menu lists carried `thing`: one to quaff or read lists what can
    /// be drunk, read or poured, one to wield or wear weapons and armour, and one to throw
    /// everything but worn armour and the idol; looking and dropping list everything.
    pub fn lists(self, thing: Thing) -> bool {
        let effect = thing.kind.effect();
        let gear = matches!(effect, Effect::Weapon(_) | Effect::Armour(_));
        match self {
            Pick::Browse | Pick::Drop => true,
            Pick::Use => !gear && !matches!(effect, Effect::Missile(_) | Effect::Treasure),
            Pick::Equip => gear,
            Pick::Throw => thing.place != Place::Worn && effect != Effect::Treasure,
        }
    }

    /// Why this pick's menu does not list carried `thing`, called `name`.
    pub fn refusal(self, thing: Thing, name: &str) -> String {
        match (self, thing.place) {
            (Pick::Throw, Place::Worn) => {
                format!("You are wearing the {name}: take it off (w) to throw it.")
            }
            (Pick::Throw, _) => "Keep the idol: carry it out of the caves.".into(),
            (Pick::Equip, _) => format!("You cannot wield or wear the {name}."),
            _ => format!("You cannot quaff or read the {name}."),
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
