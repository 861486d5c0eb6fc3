//! Creature kinds. Each has a fixed one-byte code and a name (its saved forms, and the log's
//! word for it). Its fighting numbers and behaviour (`Creature::stats`,
//! `Creature::behaviour`) are set in `rules::balance`.

use crate::kinds::coded::coded_kinds;

coded_kinds! {
    /// The kinds of creature in the caves. The discriminants are the saved codes.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Creature {
        Bat = 1,
        Rat = 2,
        Goblin = 3,
        Orc = 4,
        Bugbear = 5,
        Spider = 6,
        Jelly = 7,
        Shade = 8,
        Kobold = 9,
        Monkey = 10,
        Bloat = 11,
        Stalker = 12,
    }
}

impl Creature {
    /// The kind called `name` ("orc").
    pub fn named(name: &str) -> Option<Creature> {
        Creature::ALL.into_iter().find(|c| c.name() == name)
    }

    /// What the log calls this kind ("cave bat"), by an exhaustive `match`.
    pub const fn name(self) -> &'static str {
        match self {
            Creature::Bat => "cave bat",
            Creature::Rat => "giant rat",
            Creature::Goblin => "goblin",
            Creature::Orc => "orc",
            Creature::Bugbear => "bugbear",
            Creature::Spider => "cave spider",
            Creature::Jelly => "ochre jelly",
            Creature::Shade => "shade",
            Creature::Kobold => "kobold slinger",
            Creature::Monkey => "cave monkey",
            Creature::Bloat => "bloat",
            Creature::Stalker => "gloom stalker",
        }
    }

    /// This kind's character in text listings and fixtures: its letter on screen, except
    /// where that letter is already a terrain's (a rat is `R` beside rubble's `r`, a spider
    /// `A` beside the stalagmite's `S`).
    pub const fn dump(self) -> char {
        match self {
            Creature::Bat => 'b',
            Creature::Rat => 'R',
            Creature::Goblin => 'g',
            Creature::Orc => 'o',
            Creature::Bugbear => 'B',
            Creature::Spider => 'A',
            Creature::Jelly => 'j',
            Creature::Shade => 's',
            Creature::Kobold => 'k',
            Creature::Monkey => 'm',
            Creature::Bloat => 'e',
            Creature::Stalker => 'G',
        }
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

    #[test]
    fn all_lists_every_code_in_order_without_gaps() {
        for (i, k) in Creature::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(k.code()), i + 1, "{k:?}");
        }
        assert_eq!(Creature::from_code((Creature::ALL.len() + 1) as u8), None);
    }
}
