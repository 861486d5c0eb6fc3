//! The inventory screen: the carried items by letter. Opened to look (`i`) or to choose an
//! item to drop, use or equip; a letter then becomes that item action of the rules.

use super::input::{command, Command};
pub use super::pick::Pick;
use super::{App, Next};
use crate::rules::{Place, Thing};

/// The letter a key names, if it is one: "a" is 'a'.
pub fn letter_of(key: &str) -> Option<char> {
    match key.as_bytes() {
        [c @ b'a'..=b'z'] => Some(char::from(*c)),
        _ => None,
    }
}

/// One line of an item menu: the thing's letter, its pack slot (what actions name) and the
/// thing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub letter: char,
    pub slot: u8,
    pub thing: Thing,
}

impl App {
    /// The screen row of the inventory's first item.
    pub fn inventory_top(&self) -> i32 {
        self.layout.top + 5
    }

    /// What the menu for `pick` lists, by letter: the carried things it can be used on.
    pub fn menu(&self, pick: Pick) -> Vec<Line> {
        let Some(state) = self.state() else {
            return Vec::new();
        };
        let carried = state.carried();
        ('a'..='z')
            .filter_map(|letter| {
                let slot = state.slot_of(letter)?;
                let thing = *carried.get(usize::from(slot))?;
                Some(Line {
                    letter,
                    slot,
                    thing,
                })
            })
            .filter(|l| pick.lists(l.thing))
            .collect()
    }

    pub(super) fn inventory_key(&mut self, key: &str, pick: Pick) -> bool {
        if Self::ignorable(key) {
            return false;
        }
        let slot = letter_of(key).and_then(|c| self.state()?.slot_of(c));
        let picked = slot.is_some_and(|slot| self.pick_slot(slot, pick));
        let closes = matches!(
            command(key),
            Some(Command::Back | Command::Confirm | Command::Inventory(Pick::Browse))
        );
        if !picked && closes {
            self.play.throw_asked = None;
            self.go(Next::Pop);
        }
        true
    }

    /// Does what `pick` asks with the thing carried in `slot`, closing the inventory; false
    /// (and nothing done) when no thing is carried there. A thing the menu does not list is
    /// refused with a word, and a wielded weapon is thrown only when chosen a second time.
    pub(super) fn pick_slot(&mut self, slot: u8, pick: Pick) -> bool {
        let Some(state) = self.state() else {
            return false;
        };
        let Some(&thing) = state.carried().get(usize::from(slot)) else {
            return false;
        };
        let name = state.item_name(thing.kind);
        let asked = std::mem::take(&mut self.play.throw_asked) == Some(slot);
        let said = if !pick.lists(thing) {
            Some(pick.refusal(thing, name))
        } else if pick == Pick::Throw && thing.place == Place::Wielded && !asked {
            self.play.throw_asked = Some(slot);
            let again = if self.touch() { "tap" } else { "choose" };
            Some(format!(
                "You wield the {name}: {again} it again to throw it."
            ))
        } else {
            None
        };
        if let Some(said) = said {
            self.announcer.say(&said);
            self.play.hint = Some(said);
            return true;
        }
        self.go(Next::Pop);
        if pick == Pick::Throw {
            self.start_aim(slot);
        } else if let Some(action) = pick.action(slot, thing) {
            self.act(action);
        }
        true
    }
}
