//! The balance of the game: the numbers of every kind and of the player.
//!
//! Every kind's numbers are found by an exhaustive `match`, so a new creature or item kind
//! does not compile until it has its numbers here. Changing any number here can change how a
//! recorded run plays out: raise `rules::RULESET` when you do.

use crate::rules::kinds::creature::Creature;
use crate::rules::kinds::entry::{Behaviour, Effect, ItemData, Stats};
use crate::rules::kinds::item::Item;

const fn stats(hp: i32, attack: i32, defence: i32, from_level: i32) -> Stats {
    Stats {
        hp,
        attack,
        defence,
        from_level,
    }
}

const fn ways(erratic: bool, pack: u32, flee_below: i32, slow: bool, drops: u32) -> Behaviour {
    Behaviour {
        erratic,
        pack,
        flee_below,
        slow,
        drops,
    }
}

const fn data(effect: Effect, from_level: i32, weight: u32) -> ItemData {
    ItemData {
        effect,
        from_level,
        weight,
    }
}

// The player.

/// The player's fighting numbers at experience level 1, before strength and gear.
pub const PLAYER: Stats = stats(30, 5, 2, 1);

// Creatures.

impl Creature {
    /// Fighting numbers of this kind: stats(hit points, attack, defence, first level from 1).
    pub const fn stats(self) -> Stats {
        match self {
            Creature::Bat => stats(3, 2, 0, 1),
            Creature::Rat => stats(5, 3, 0, 1),
            Creature::Goblin => stats(7, 4, 1, 1),
            Creature::Orc => stats(14, 9, 2, 2),
            Creature::Bugbear => stats(22, 12, 3, 4),
        }
    }

    /// How this kind behaves: ways(erratic, pack, flee below % of hit points, slow, drops
    /// an item in % of kills).
    pub const fn behaviour(self) -> Behaviour {
        match self {
            Creature::Bat => ways(true, 0, 0, false, 0),
            Creature::Rat => ways(false, 2, 0, false, 0),
            Creature::Goblin => ways(false, 0, 30, false, 30),
            Creature::Orc => ways(false, 0, 0, true, 40),
            Creature::Bugbear => ways(false, 0, 0, true, 60),
        }
    }
}

// Items.

impl Item {
    /// What this kind does, the first level (from 1) where it lies, and its weight among the
    /// kinds placed there: data(effect, first level, weight; 0 = never placed at random).
    pub const fn data(self) -> ItemData {
        match self {
            // Never placed at random: `items::place` puts it on the last level.
            Item::Idol => data(Effect::Treasure, 99, 0),
            Item::HealingPotion => data(Effect::Heal(15), 1, 30),
            Item::StrengthPotion => data(Effect::Strength(1), 2, 8),
            Item::Dagger => data(Effect::Weapon(2), 1, 10),
            Item::Sword => data(Effect::Weapon(4), 2, 8),
            Item::Axe => data(Effect::Weapon(6), 4, 6),
            Item::Leather => data(Effect::Armour(1), 1, 10),
            Item::Mail => data(Effect::Armour(3), 3, 7),
            Item::LightScroll => data(Effect::Light(20), 1, 10),
            Item::TeleportScroll => data(Effect::Teleport, 2, 8),
        }
    }

    /// What this kind does when used, wielded or worn.
    pub const fn effect(self) -> Effect {
        self.data().effect
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_creature_fights_and_the_player_starts_strong() {
        for c in Creature::ALL {
            let s = c.stats();
            assert!(
                s.hp > 0 && s.attack > 0 && s.from_level >= 1,
                "{}",
                c.name()
            );
            let b = c.behaviour();
            assert!(
                (0..100).contains(&b.flee_below) && b.drops <= 100,
                "{}",
                c.name()
            );
        }
        assert_eq!(PLAYER.hp, 30);
    }

    #[test]
    fn item_descriptions_state_their_numbers() {
        for i in Item::ALL {
            let text = i.info().description;
            let said = match i.effect() {
                Effect::Heal(n) => format!("{n} hit points"),
                Effect::Weapon(n) => format!("attack +{n}"),
                Effect::Armour(n) => format!("defence +{n}"),
                Effect::Light(r) => format!("within {r} cells"),
                Effect::Strength(_) | Effect::Teleport | Effect::Treasure => continue,
            };
            assert!(
                text.contains(&said),
                "{}: {text:?} should say {said:?}",
                i.name()
            );
        }
    }
}
