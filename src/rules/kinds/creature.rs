//! Creature kinds. Each has a fixed one-byte code and a name (its saved forms) and its look and
//! fighting numbers in the cyclopedia.

use crate::rules::kinds::cyclopedia::{Behaviour, Entry, Stats};

/// The kinds of creature in the caves. The discriminants are the saved codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Creature {
    Bat = 1,
    Rat = 2,
    Goblin = 3,
    Orc = 4,
    Bugbear = 5,
}

impl Creature {
    pub const ALL: [Creature; 5] = [
        Creature::Bat,
        Creature::Rat,
        Creature::Goblin,
        Creature::Orc,
        Creature::Bugbear,
    ];

    pub const fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(code: u8) -> Option<Creature> {
        Creature::ALL.into_iter().find(|c| c.code() == code)
    }

    /// The kind called `name` ("orc").
    pub fn named(name: &str) -> Option<Creature> {
        Creature::ALL.into_iter().find(|c| c.info().name == name)
    }

    pub fn info(self) -> &'static Entry {
        crate::rules::kinds::cyclopedia::creature(self)
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn stats(self) -> Stats {
        crate::rules::kinds::cyclopedia::creature_stats(self)
    }

    pub fn behaviour(self) -> Behaviour {
        crate::rules::kinds::cyclopedia::behaviour(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_round_trip() {
        for c in Creature::ALL {
            assert_eq!(Creature::from_code(c.code()), Some(c));
            assert_eq!(Creature::named(c.name()), Some(c));
        }
        assert_eq!(Creature::from_code(0), None);
        assert_eq!(Creature::named("dragon"), None);
        assert_eq!(Creature::Orc.code(), 4, "saved codes never change");
    }
}
