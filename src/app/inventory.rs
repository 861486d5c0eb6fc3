//! The inventory screen: the carried items by letter. Opened to look (`i`) or to choose an
//! item to drop, use or equip; a letter then becomes that item action of the rules.

use super::input::{command, Command};
pub use super::pick::Pick;
use super::{App, Next};

/// The pack slot of a letter key: "a" is 0.
pub fn slot_of(key: &str) -> Option<u8> {
    match key.as_bytes() {
        [c @ b'a'..=b'z'] => Some(c - b'a'),
        _ => None,
    }
}

impl App {
    /// The screen row of the inventory's first item.
    pub fn inventory_top(&self) -> i32 {
        self.layout.top + 5
    }

    pub(super) fn inventory_key(&mut self, key: &str, pick: Pick) -> bool {
        if Self::ignorable(key) {
            return false;
        }
        let picked = slot_of(key).is_some_and(|slot| self.pick_slot(slot, pick));
        let closes = matches!(
            command(key),
            Some(Command::Back | Command::Confirm | Command::Inventory(Pick::Browse))
        );
        if !picked && closes {
            self.go(Next::Pop);
        }
        true
    }

    /// Closes the inventory and does what `pick` asks with the thing carried in `slot`; false
    /// (and nothing done) when no thing is carried there.
    pub(super) fn pick_slot(&mut self, slot: u8, pick: Pick) -> bool {
        let carried = self.state().map(|s| s.carried()).unwrap_or_default();
        let Some(&thing) = carried.get(usize::from(slot)) else {
            return false;
        };
        self.go(Next::Pop);
        if pick == Pick::Throw {
            self.start_aim(slot);
        } else if let Some(action) = pick.action(slot, thing) {
            self.act(action);
        }
        true
    }
}
