//! Item kinds. Each has a fixed one-byte code and a name (its saved forms, and the log's
//! word for it) and a character in text dumps. What it does, where it lies and how common it
//! is (`Item::data`, `Item::effect`) are set in `rules::balance`.

use crate::kinds::coded::coded_kinds;

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
        FlarePotion = 17,
        DescentPotion = 18,
        FirePotion = 19,
        KindlingScroll = 20,
        RecallScroll = 21,
        SlumberScroll = 22,
    }
}

impl Item {
    /// The potion kinds: each run gives them random looks until drunk.
    pub const POTIONS: [Item; 7] = [
        Item::HealingPotion,
        Item::StrengthPotion,
        Item::ConfusionPotion,
        Item::DarknessPotion,
        Item::FlarePotion,
        Item::DescentPotion,
        Item::FirePotion,
    ];
    /// The scroll kinds: each run gives them random titles until read.
    pub const SCROLLS: [Item; 7] = [
        Item::LightScroll,
        Item::TeleportScroll,
        Item::SummonScroll,
        Item::MappingScroll,
        Item::KindlingScroll,
        Item::RecallScroll,
        Item::SlumberScroll,
    ];

    /// True for potions and scrolls, whose kind is unknown until one is used.
    pub fn is_unknown_kind(self) -> bool {
        Item::POTIONS.contains(&self) || Item::SCROLLS.contains(&self)
    }

    /// True for kinds that stack: the potions and scrolls of one kind share a pack slot.
    pub fn stacks(self) -> bool {
        self.is_unknown_kind()
    }

    /// This kind's name and its character in text dumps (`!` potion, `)` weapon, `[` armour,
    /// `?` scroll, `%` oil, `*` the idol), by an exhaustive `match`.
    const fn words(self) -> &'static (&'static str, char) {
        match self {
            Item::Idol => &("golden idol", '*'),
            Item::HealingPotion => &("potion of healing", '!'),
            Item::StrengthPotion => &("potion of strength", '!'),
            Item::Dagger => &("dagger", ')'),
            Item::Sword => &("sword", ')'),
            Item::Axe => &("battle axe", ')'),
            Item::Leather => &("leather armour", '['),
            Item::Mail => &("chain mail", '['),
            Item::LightScroll => &("scroll of light", '?'),
            Item::TeleportScroll => &("scroll of teleport", '?'),
            Item::Oil => &("flask of oil", '%'),
            Item::Dart => &("dart", ')'),
            Item::ConfusionPotion => &("potion of confusion", '!'),
            Item::DarknessPotion => &("potion of darkness", '!'),
            Item::SummonScroll => &("scroll of summoning", '?'),
            Item::MappingScroll => &("scroll of mapping", '?'),
            Item::FlarePotion => &("potion of flare", '!'),
            Item::DescentPotion => &("potion of descent", '!'),
            Item::FirePotion => &("potion of fire", '!'),
            Item::KindlingScroll => &("scroll of kindling", '?'),
            Item::RecallScroll => &("scroll of recall", '?'),
            Item::SlumberScroll => &("scroll of slumber", '?'),
        }
    }

    /// What the log calls this kind once it is known ("potion of healing").
    pub const fn name(self) -> &'static str {
        self.words().0
    }

    /// This kind's character in text dumps (the `dump` example's).
    pub const fn dump(self) -> char {
        self.words().1
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

    #[test]
    fn all_lists_every_code_in_order_without_gaps() {
        for (i, k) in Item::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(k.code()), i + 1, "{k:?}");
        }
        assert_eq!(Item::from_code((Item::ALL.len() + 1) as u8), None);
    }
}
