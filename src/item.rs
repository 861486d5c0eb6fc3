//! Item kinds. Each has a fixed one-byte code and a name (its saved forms) and its look in the
//! cyclopedia.

use crate::cyclopedia::Entry;

/// The kinds of item in the caves. The discriminants are the saved codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Item {
    /// The treasure: carry it out of the caves to win.
    Idol = 1,
}

impl Item {
    pub const ALL: [Item; 1] = [Item::Idol];

    pub const fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(code: u8) -> Option<Item> {
        Item::ALL.into_iter().find(|i| i.code() == code)
    }

    pub fn info(self) -> &'static Entry {
        crate::cyclopedia::item(self)
    }
}
