//! Creature kinds. Each has a fixed one-byte code and a name (its saved forms) and its
//! cyclopedia entry (look, name, description). Its fighting numbers and behaviour
//! (`Creature::stats`, `Creature::behaviour`) are set in `rules::balance`.

use crate::kinds::coded::coded_kinds;
use crate::kinds::entry::Entry;
use crate::kinds::rgb::hex;

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
    }
}

impl Creature {
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

    /// The cyclopedia entry of this kind: its look, name and description.
    pub fn info(self) -> &'static Entry {
        use table::*;
        match self {
            Creature::Bat => &BAT,
            Creature::Rat => &RAT,
            Creature::Goblin => &GOBLIN,
            Creature::Orc => &ORC,
            Creature::Bugbear => &BUGBEAR,
            Creature::Spider => &SPIDER,
            Creature::Jelly => &JELLY,
            Creature::Shade => &SHADE,
            Creature::Kobold => &KOBOLD,
        }
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }
}

#[rustfmt::skip]
mod table {
    use super::*;
    pub static BAT: Entry = Entry::creature("cave bat", (b'b', hex("#AE81FF")), "A fluttering bat; more noise than bite. It flits about at random half the time.");
    pub static RAT: Entry = Entry::creature("giant rat", (b'r', hex("#C4A484")), "A rat the size of a dog, always hungry. Rats come in packs of up to three.");
    pub static GOBLIN: Entry = Entry::creature("goblin", (b'g', hex("#A6E22E")), "A small, cunning cave dweller with a rusty knife. It flees when badly hurt.");
    pub static ORC: Entry = Entry::creature("orc", (b'o', hex("#FD971F")), "A brutish warrior: slow, but every blow is heavy.");
    pub static BUGBEAR: Entry = Entry::creature("bugbear", (b'B', hex("#F92672")), "A huge hairy goblin-kin that strikes hard and slowly.");
    pub static SPIDER: Entry = Entry::creature("cave spider", (b'S', hex("#E0E0E0")), "A pale spider as big as a shield. From up to five cells away it spits webs that hold you for a few turns; cut through by fighting, or keep out of its sight.");
    pub static JELLY: Entry = Entry::creature("ochre jelly", (b'j', hex("#E6DB74")), "A quivering heap of slime. Every blow that does not kill it splits it in two: strike hard, throw, or leave it be.");
    pub static SHADE: Entry = Entry::creature("shade", (b's', hex("#7E8AA2")), "A shadow that feeds on light. It hunts only a burning torch: douse yours and it loses you.");
    pub static KOBOLD: Entry = Entry::creature("kobold slinger", (b'k', hex("#66D9EF")), "A small scaly pest with a sling. It hurls stones from up to six cells away and backs off when you close in.");
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
