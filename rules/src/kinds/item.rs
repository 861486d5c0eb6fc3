//! Item kinds. Each has a fixed one-byte code and a name (its saved forms) and its
//! cyclopedia entry (look, name, description, dump character). What it does, where it lies
//! and how common it is (`Item::data`, `Item::effect`) are set in `rules::balance`.

use crate::kinds::coded::coded_kinds;
use crate::kinds::entry::Entry;
use crate::kinds::rgb::hex;

coded_kinds! {
    /// The kinds of item in the caves. The discriminants are the saved codes.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
        Oil = 11,
        Dart = 12,
        ConfusionPotion = 13,
        DarknessPotion = 14,
        SummonScroll = 15,
        MappingScroll = 16,
    }
}

impl Item {
    /// The potion kinds: each run gives them random looks until drunk.
    pub const POTIONS: [Item; 4] = [
        Item::HealingPotion,
        Item::StrengthPotion,
        Item::ConfusionPotion,
        Item::DarknessPotion,
    ];
    /// The scroll kinds: each run gives them random titles until read.
    pub const SCROLLS: [Item; 4] = [
        Item::LightScroll,
        Item::TeleportScroll,
        Item::SummonScroll,
        Item::MappingScroll,
    ];

    /// True for potions and scrolls, whose kind is unknown until one is used.
    pub fn is_unknown_kind(self) -> bool {
        Item::POTIONS.contains(&self) || Item::SCROLLS.contains(&self)
    }

    pub const fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(code: u8) -> Option<Item> {
        Item::ALL.into_iter().find(|i| i.code() == code)
    }

    /// The cyclopedia entry of this kind: its look, name, description and the character of
    /// text dumps (`!` potion, `)` weapon, `[` armour, `?` scroll, `*` the idol).
    pub fn info(self) -> &'static Entry {
        use table::*;
        match self {
            Item::Idol => &IDOL,
            Item::HealingPotion => &HEALING,
            Item::StrengthPotion => &STRENGTH,
            Item::Dagger => &DAGGER,
            Item::Sword => &SWORD,
            Item::Axe => &AXE,
            Item::Leather => &LEATHER,
            Item::Mail => &MAIL,
            Item::LightScroll => &LIGHT,
            Item::TeleportScroll => &TELEPORT,
            Item::Oil => &OIL,
            Item::Dart => &DART,
            Item::ConfusionPotion => &CONFUSION,
            Item::DarknessPotion => &DARKNESS,
            Item::SummonScroll => &SUMMON,
            Item::MappingScroll => &MAPPING,
        }
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }
}

#[rustfmt::skip]
mod table {
    use super::*;
    pub static IDOL: Entry = Entry::item("golden idol", (b'$', hex("#FFD700"), '*'), "The treasure you came for. Carry it out to win.");
    pub static HEALING: Entry = Entry::item("potion of healing", (b'!', hex("#F92672"), '!'), "A red draught that closes wounds: 15 hit points.");
    pub static STRENGTH: Entry = Entry::item("potion of strength", (b'!', hex("#FD971F"), '!'), "A bitter orange brew: one more point of attack, for good.");
    pub static DAGGER: Entry = Entry::item("dagger", (b')', hex("#C0C0C0"), ')'), "A short blade. Wielded: attack +2.");
    pub static SWORD: Entry = Entry::item("sword", (b')', hex("#E6E6FA"), ')'), "A long straight blade. Wielded: attack +4.");
    pub static AXE: Entry = Entry::item("battle axe", (b')', hex("#FFD580"), ')'), "A heavy double-bladed axe. Wielded: attack +6.");
    pub static LEATHER: Entry = Entry::item("leather armour", (b'[', hex("#C4A484"), '['), "Stiff boiled leather. Worn: defence +1.");
    pub static MAIL: Entry = Entry::item("chain mail", (b'[', hex("#C0C0C0"), '['), "Rings of iron. Worn: defence +3.");
    pub static LIGHT: Entry = Entry::item("scroll of light", (b'?', hex("#FFFF99"), '?'), "Read it and a flash shows the caves within 20 cells.");
    pub static TELEPORT: Entry = Entry::item("scroll of teleport", (b'?', hex("#66D9EF"), '?'), "Read it to vanish and reappear somewhere else on this level.");
    pub static OIL: Entry = Entry::item("flask of oil", (b'\xAD', hex("#F4BF75"), '%'), "Lamp oil: use it to feed your torch 400 turns of fuel.");
    pub static DART: Entry = Entry::item("dart", (b'\x18', hex("#A0A0A0"), ')'), "A weighted throwing dart. Thrown: damage 5 and up.");
    pub static CONFUSION: Entry = Entry::item("potion of confusion", (b'!', hex("#AE81FF"), '!'), "The world spins for 8 turns: your steps go astray. Thrown, it befuddles what it splashes.");
    pub static DARKNESS: Entry = Entry::item("potion of darkness", (b'!', hex("#465457"), '!'), "Ink for the eyes: it puts out your torch and spoils 150 turns of its fuel. Thrown, the creatures it splashes lose track of you.");
    pub static SUMMON: Entry = Entry::item("scroll of summoning", (b'?', hex("#F92672"), '?'), "A shrill rune that calls 3 creatures of the level to the reader.");
    pub static MAPPING: Entry = Entry::item("scroll of mapping", (b'?', hex("#A6E22E"), '?'), "Read it and the whole level is drawn in your memory.");
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

    #[test]
    fn all_lists_every_code_in_order_without_gaps() {
        for (i, k) in Item::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(k.code()), i + 1, "{k:?}");
        }
        assert_eq!(Item::from_code((Item::ALL.len() + 1) as u8), None);
    }
}
