//! The balance of the game in one place: every number the rules play by and every formula
//! that turns those numbers into a blow, a level, a population or a score. The rest of the
//! rules only apply them.
//!
//! Every kind's numbers are found by an exhaustive `match`, so a new creature or item kind
//! does not compile until it has its numbers here. Changing any number here can change how a
//! recorded run plays out: raise `rules::RULESET` when you do.

use crate::rules::kinds::creature::Creature;
use crate::rules::kinds::entry::{Behaviour, Effect, ItemData, Stats};
use crate::rules::kinds::item::Item;
use crate::rules::rng::GameRng;
use rand::Rng;

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

/// Level area, in cells, that earns one share of creatures and items (a 100 x 60 level is
/// one share; smaller levels get fewer).
pub const AREA_SHARE: i32 = 6000;
/// Creatures per share of area on the top level.
pub const CREATURES_AT_TOP: i32 = 5;
/// Creatures per share of area added for every level further down.
pub const CREATURES_PER_DEPTH: i32 = 3;
/// Every level gets at least this many creatures (packs come on top).
pub const MIN_CREATURES: i32 = 1;
/// Creatures start farther than this (in king's moves) from the player's starting cell.
pub const START_CLEARANCE: i32 = 6;
/// A pack's other members are placed within this many cells of its first.
pub const PACK_SPREAD: i32 = 2;

/// How many creatures (before packs) a level of `area` cells at depth `z` (0 = top) gets:
/// more deeper down.
pub fn creatures_for(z: i32, area: i32) -> usize {
    ((CREATURES_AT_TOP + CREATURES_PER_DEPTH * z) * area / AREA_SHARE).max(MIN_CREATURES) as usize
}

/// Creatures farther than this (in steps, on the player's level) do not act.
pub const ACTIVE_RANGE: i32 = 30;
/// Creatures in sight this close to the stairs follow the player up or down.
pub const FOLLOW_RANGE: i32 = 3;
/// Chance that a creature that does not see the player stays put for a turn (else it steps
/// at random).
pub const IDLE_CHANCE: f64 = 0.5;
/// Chance that an erratic creature moves at random on a turn instead of hunting.
pub const FLUTTER_CHANCE: f64 = 0.5;
/// Slow creatures act only on turns that are a multiple of this.
pub const SLOW_PERIOD: u32 = 2;

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

/// Items per share of area on the top level.
pub const ITEMS_AT_TOP: i32 = 4;
/// Items per share of area added for every level further down.
pub const ITEMS_PER_DEPTH: i32 = 1;

/// How many items (besides the idol) a level of `area` cells at depth `z` (0 = top) gets:
/// more deeper down (4 to 8 on the game's 100 x 60 levels; none on tiny ones).
pub fn items_for(z: i32, area: i32) -> usize {
    ((ITEMS_AT_TOP + ITEMS_PER_DEPTH * z) * area / AREA_SHARE) as usize
}

/// The most items a player picks up; a full pack refuses more, except the idol, which is
/// taken even into a full pack (it is the goal of the run). `PACK_SLOTS` counts the idol too.
pub const PACK_LIMIT: u8 = 10;

// Fighting.

/// Luck in every blow: a number from 0 up to this (exclusive) is added to its damage.
pub const DAMAGE_LUCK: i32 = 3;
/// A blow always does at least this much damage.
pub const MIN_DAMAGE: i32 = 1;

/// Damage of one blow: attack against defence plus a little luck, at least `MIN_DAMAGE`.
pub fn damage(attacker: Stats, defender: Stats, rng: &mut GameRng) -> i32 {
    (attacker.attack - defender.defence + rng.random_range(0..DAMAGE_LUCK)).max(MIN_DAMAGE)
}

// Experience.

/// Experience steps between levels: level L (from 1) is reached at `XP_STEP * L * (L - 1)`.
pub const XP_STEP: i32 = 10;
/// Hit points gained per experience level above the first.
pub const HP_PER_LEVEL: i32 = 5;
/// Attack gained per experience level above the first.
pub const ATTACK_PER_LEVEL: i32 = 1;

/// The experience at which level `level` is reached (20, 60, 120, 200 ...).
pub const fn xp_needed(level: i32) -> i32 {
    XP_STEP * level * (level - 1)
}

/// Experience for killing a creature of `kind`: its full hit points.
pub const fn xp_worth(kind: Creature) -> i32 {
    kind.stats().hp
}

// Healing.

/// The player regains `REGEN_HP` hit points every this many turns.
pub const REGEN_TURNS: u32 = 8;
/// Hit points regained every `REGEN_TURNS` turns.
pub const REGEN_HP: i32 = 1;
/// Resting stops after this many turns, healed or not.
pub const REST_TURNS: u32 = 100;

// Sight.

/// Radius of the torch's light, in cells.
pub const TORCH_RADIUS: i32 = 7;
/// Cells within this radius are bright; the rest of the torch's circle is dim.
pub const BRIGHT_RADIUS: i32 = 4;
/// How far creatures and the player notice each other in the dark (line of sight).
pub const SIGHT_RADIUS: i32 = 12;

// Score.

/// Points per level reached (from 1).
pub const SCORE_PER_LEVEL: u32 = 100;
/// Points per point of experience.
pub const SCORE_PER_XP: u32 = 10;
/// Points for carrying the idol out.
pub const SCORE_IDOL: u32 = 1000;
/// On a win, every turn under this earns half a point.
pub const PAR_TURNS: u32 = 3000;

/// The score for a run that reached `depth` (from 1) with `xp` experience, in `turns`.
pub fn score(depth: i32, xp: i32, won: bool, turns: u32) -> u32 {
    let base = SCORE_PER_LEVEL * depth.max(0) as u32 + SCORE_PER_XP * xp.max(0) as u32;
    if won {
        base + SCORE_IDOL + PAR_TURNS.saturating_sub(turns) / 2
    } else {
        base
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

    #[test]
    fn populations_grow_with_depth() {
        let area = 100 * 60;
        assert_eq!(
            (0..5).map(|z| items_for(z, area)).collect::<Vec<_>>(),
            [4, 5, 6, 7, 8]
        );
        assert!(creatures_for(2, area) > creatures_for(0, area));
        assert_eq!(creatures_for(0, 10), 1, "every level gets a creature");
        assert_eq!(items_for(0, 10), 0, "tiny levels get no items");
    }

    #[test]
    fn levels_need_more_experience_each_time() {
        assert_eq!(
            (1..=5).map(xp_needed).collect::<Vec<_>>(),
            [0, 20, 60, 120, 200]
        );
        assert_eq!(xp_worth(Creature::Orc), Creature::Orc.stats().hp);
    }

    #[test]
    fn depth_kills_and_a_quick_return_all_count() {
        assert_eq!(score(1, 0, false, 10), 100);
        assert_eq!(score(3, 12, false, 500), 420);
        assert_eq!(score(5, 50, true, 1000), 500 + 500 + 1000 + 1000);
        assert!(score(5, 50, true, 900) > score(5, 50, true, 1000));
        assert_eq!(score(5, 0, true, 5000), 1500);
    }

    #[test]
    fn blows_always_land() {
        let mut rng = crate::rules::rng::seeded(3);
        let weak = stats(1, 0, 0, 1);
        let armoured = stats(1, 0, 50, 1);
        for _ in 0..50 {
            let d = damage(weak, armoured, &mut rng);
            assert_eq!(d, MIN_DAMAGE);
            let d = damage(PLAYER, weak, &mut rng);
            assert!((PLAYER.attack..PLAYER.attack + DAMAGE_LUCK).contains(&d));
        }
    }
}
