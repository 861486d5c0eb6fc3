//! Item kinds. Each has a fixed one-byte code and a name (its saved forms) and its look and
//! effect in the cyclopedia.

use crate::rules::kinds::cyclopedia::{Effect, Entry, ItemData};

/// The kinds of item in the caves. The discriminants are the saved codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Item {
    /// The treasure: carry it out of the caves to win.
    Idol = 1,
    HealingPotion = 2,
    StrengthPotion = 3,
    Dagger = 4,
    Sword = 5,
    Axe = 6,
    Leather = 7,
    Mail = 8,
    LightScroll = 9,
    TeleportScroll = 10,
}

impl Item {
    pub const ALL: [Item; 10] = [
        Item::Idol,
        Item::HealingPotion,
        Item::StrengthPotion,
        Item::Dagger,
        Item::Sword,
        Item::Axe,
        Item::Leather,
        Item::Mail,
        Item::LightScroll,
        Item::TeleportScroll,
    ];

    pub const fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(code: u8) -> Option<Item> {
        Item::ALL.into_iter().find(|i| i.code() == code)
    }

    pub fn info(self) -> &'static Entry {
        crate::rules::kinds::cyclopedia::item(self)
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// What it does, where it appears and how common it is.
    pub fn data(self) -> ItemData {
        crate::rules::kinds::cyclopedia::item_data(self)
    }

    pub fn effect(self) -> Effect {
        self.data().effect
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for i in Item::ALL {
            assert_eq!(Item::from_code(i.code()), Some(i));
        }
        assert_eq!(Item::from_code(0), None);
        assert_eq!(Item::Idol.code(), 1, "saved codes never change");
    }
}
