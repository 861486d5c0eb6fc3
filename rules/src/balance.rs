//! The balance of the game in one place: every number the rules play by and every formula
//! that turns those numbers into a blow, a level, a population or a score. The rest of the
//! rules only apply them.
//!
//! Every kind's numbers are found by an exhaustive `match`, so a new creature or item kind
//! does not compile until it has its numbers here. Changing any number here can change how a
//! recorded run plays out: raise `rules::RULESET` when you do.

use crate::kinds::creature::Creature;
use crate::kinds::entry::{Behaviour, Effect, ItemData, Stats, Tactic};
use crate::kinds::item::Item;
use crate::rng::GameRng;
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
        tactic: Tactic::None,
    }
}

const fn with(b: Behaviour, tactic: Tactic) -> Behaviour {
    Behaviour { tactic, ..b }
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
            Creature::Bugbear => stats(20, 11, 3, 4),
            Creature::Spider => stats(9, 5, 1, 2),
            Creature::Jelly => stats(16, 5, 0, 2),
            Creature::Shade => stats(12, 7, 2, 4),
            Creature::Kobold => stats(6, 3, 0, 1),
            Creature::Monkey => stats(8, 3, 1, 2),
            Creature::Bloat => stats(4, 2, 0, 3),
            Creature::Stalker => stats(14, 11, 2, 4),
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
            Creature::Spider => with(ways(false, 0, 0, false, 0), Tactic::Webs),
            Creature::Jelly => with(ways(false, 0, 0, true, 0), Tactic::Splits),
            Creature::Shade => with(ways(false, 0, 0, false, 0), Tactic::LightHunter),
            Creature::Kobold => with(ways(false, 0, 0, false, 30), Tactic::Slings),
            Creature::Monkey => with(ways(false, 0, 0, false, 0), Tactic::Steals),
            Creature::Bloat => with(ways(false, 0, 0, true, 0), Tactic::Bursts),
            Creature::Stalker => with(ways(false, 0, 0, false, 20), Tactic::ShunsLight),
        }
    }

    /// The last level (from 1) this kind is met on: the weakest leave the deep levels to what
    /// is worth fighting there, so each level has creatures of its own.
    pub const fn last_level(self) -> i32 {
        match self {
            Creature::Bat | Creature::Rat => 3,
            Creature::Goblin | Creature::Kobold | Creature::Monkey => 4,
            Creature::Bloat => 5,
            Creature::Orc
            | Creature::Bugbear
            | Creature::Spider
            | Creature::Jelly
            | Creature::Shade
            | Creature::Stalker => crate::builder::MAX_DEPTH,
        }
    }

    /// Whether this kind has hands, so opens doors (a closed door is a wall to the rest).
    pub const fn has_hands(self) -> bool {
        match self {
            Creature::Goblin
            | Creature::Orc
            | Creature::Bugbear
            | Creature::Kobold
            | Creature::Monkey => true,
            Creature::Bat
            | Creature::Bloat
            | Creature::Stalker
            | Creature::Rat
            | Creature::Spider
            | Creature::Jelly
            | Creature::Shade => false,
        }
    }

    /// Whether this kind flies, so passes over pressure plates without setting them off.
    pub const fn flies(self) -> bool {
        matches!(self, Creature::Bat | Creature::Bloat)
    }
}

/// Level area, in cells, that earns one share of creatures and items (a 100 x 60 level is
/// one share; smaller levels get fewer).
pub const AREA_SHARE: i32 = 6000;
/// Creatures per share of area on the top level.
pub const CREATURES_AT_TOP: i32 = 5;
/// Creatures per share of area added for every level further down.
pub const CREATURES_PER_DEPTH: i32 = 4;
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
            // Never placed at random: `items::placing::place` puts it on the last level.
            Item::Idol => data(Effect::Treasure, 99, 0),
            Item::HealingPotion => data(Effect::Heal(15), 1, 20),
            Item::StrengthPotion => data(Effect::Strength(1), 2, 8),
            Item::Dagger => data(Effect::Weapon(2), 1, 10),
            Item::Sword => data(Effect::Weapon(4), 2, 8),
            Item::Axe => data(Effect::Weapon(6), 4, 6),
            Item::Leather => data(Effect::Armour(1), 1, 10),
            Item::Mail => data(Effect::Armour(3), 3, 7),
            Item::LightScroll => data(Effect::Light(20), 1, 10),
            Item::TeleportScroll => data(Effect::Teleport, 2, 8),
            Item::Oil => data(Effect::Fuel(OIL_FUEL), 1, 16),
            Item::Dart => data(Effect::Missile(2), 1, 12),
            Item::ConfusionPotion => data(Effect::Confuse(CONFUSED_TURNS), 1, 8),
            Item::DarknessPotion => data(Effect::Darken(DARKNESS_FUEL), 1, 7),
            Item::SummonScroll => data(Effect::Summon(3), 2, 6),
            Item::MappingScroll => data(Effect::Map, 1, 8),
            Item::FlarePotion => data(Effect::Flare, 2, 6),
            Item::DescentPotion => data(Effect::Descend, 1, 6),
            Item::FirePotion => data(Effect::Blaze, 2, 6),
            Item::KindlingScroll => data(
                Effect::Kindle {
                    fuel: KINDLING_FUEL,
                    burn: KINDLING_BURN,
                },
                1,
                7,
            ),
            Item::RecallScroll => data(Effect::Recall, 2, 6),
            Item::SlumberScroll => data(Effect::Slumber, 2, 6),
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

/// Every area of a level that a player can walk (doors opened) of at least this many cells
/// holds at least `MIN_AREA_ITEMS` items, besides the idol and an altar's offerings: a
/// level's areas are joined only by the stairs of the levels around it, so no area a player
/// explores is left empty.
pub const AREA_FOR_ITEMS: u32 = 250;
pub const MIN_AREA_ITEMS: u32 = 3;

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
pub const HP_PER_LEVEL: i32 = 4;
/// Attack gained per experience level above the first.
pub const ATTACK_PER_LEVEL: i32 = 1;

/// The experience at which level `level` is reached (20, 60, 120, 200 ...).
pub const fn xp_needed(level: i32) -> i32 {
    XP_STEP * level * (level - 1)
}

/// Experience for killing a creature of `kind`: its full hit points (a jelly's halves are
/// worth little, or splitting them would be a farm).
pub const fn xp_worth(kind: Creature) -> i32 {
    match kind {
        Creature::Jelly => 3,
        _ => kind.stats().hp,
    }
}

// Healing.

/// While the torch burns, or beside flames on ground that does not burn, the player regains
/// `REGEN_HP` hit points every this many turns (`REST_REGEN_TURNS` while resting). In the
/// dark away from fire wounds do not close: dousing the torch saves fuel and hides the
/// player, at the price of healing.
pub const REGEN_TURNS: u32 = 30;
/// While resting (`R`), the player regains `REGEN_HP` hit points every this many turns.
pub const REST_REGEN_TURNS: u32 = 10;
/// Hit points regained every `REGEN_TURNS` turns.
pub const REGEN_HP: i32 = 1;
/// Resting stops after this many turns, healed or not.
pub const REST_TURNS: u32 = 400;

// Light.

/// Radius of a full torch's light, in cells.
pub const TORCH_RADIUS: i32 = 7;
/// Turns of fuel in the torch at the start of a run.
pub const START_FUEL: i32 = 1200;
/// Fuel in a flask of oil.
pub const OIL_FUEL: i32 = 400;
/// The most fuel the torch holds.
pub const MAX_FUEL: i32 = 1600;
/// The torch's light shrinks by a cell for every this much fuel below `FULL_LIGHT_FUEL`.
pub const FUEL_PER_CELL: i32 = 100;
/// Fuel at and above which the torch lights its full radius.
pub const FULL_LIGHT_FUEL: i32 = 500;
/// How far the player sees without a torch: only what is right beside them.
pub const DARK_RADIUS: i32 = 1;
/// Glowing fungus and flames light the cells within this radius of them.
pub const GLOW_RADIUS: i32 = 2;

// Fire.

/// What the flames do each turn to whoever stands in them.
pub const FIRE_DAMAGE: i32 = 4;
/// Turns a cell burns (it wounds whoever stands in it each of them), then dies down.
pub const FIRE_TURNS: u8 = 3;
/// Turns glowing fungus burns: slowly, a fire to rest by (wounds close in its warmth).
pub const FUNGUS_FIRE_TURNS: u8 = 60;

/// The torch's light radius with `fuel` turns left: full down to `FULL_LIGHT_FUEL`, then a
/// cell less per `FUEL_PER_CELL`, never below 2 while it burns at all.
pub const fn torch_radius(fuel: i32) -> i32 {
    if fuel <= 0 {
        return DARK_RADIUS;
    }
    let short = (FULL_LIGHT_FUEL - fuel + FUEL_PER_CELL - 1) / FUEL_PER_CELL;
    let r = TORCH_RADIUS - if short > 0 { short } else { 0 };
    if r < 2 {
        2
    } else {
        r
    }
}

// Noticing.

/// Chance in percent per turn that an asleep creature in line of sight notices a lit player
/// within `NOTICE_LIT_RANGE` (awake wandering creatures: `NOTICE_AWAKE`).
pub const NOTICE_ASLEEP: u32 = 12;
pub const NOTICE_AWAKE: u32 = 45;
/// How far a burning torch gives the player away (cells, line of sight).
pub const NOTICE_LIT_RANGE: i32 = 10;
/// How far a player in the dark can be noticed.
pub const NOTICE_DARK_RANGE: i32 = 2;
/// A closed door on the line between a creature and the player muffles the player's noise:
/// the creature notices (hears) the player with its chance divided by this, though it cannot
/// see them.
pub const DOOR_MUFFLE: u32 = 2;
/// Chance in percent that a creature on the top level starts asleep (else it wanders), and
/// how much less likely on every level further down: the deep caves are restless.
pub const ASLEEP_AT_START: u32 = 50;
pub const ASLEEP_LESS_PER_DEPTH: u32 = 8;

/// Chance in percent that a creature on level `z` (0 = top) starts asleep.
pub const fn asleep_chance(z: i32) -> u32 {
    ASLEEP_AT_START.saturating_sub(ASLEEP_LESS_PER_DEPTH * z as u32)
}
/// A blow against a creature that has not noticed the player does this many times the damage.
pub const SNEAK_MULTIPLIER: i32 = 2;
/// A new creature wanders onto the player's level every this many turns while the torch
/// has fuel, and every `DARK_STIR_TURNS` once it has burned out, hunting: the caves stir in
/// the dark.
pub const STIR_TURNS: u32 = 150;
pub const DARK_STIR_TURNS: u32 = 30;
/// Turns on a level (all visits together, lit or doused) after which it grows restless:
/// creatures stir onto it hunting, and more often the longer the player stays
/// (`stir_period`), a clock the dark does not stop.
pub const RESTLESS_AFTER: u32 = 600;
/// On a restless level the time between stirrings shrinks by a stirring period for every
/// this many turns past `RESTLESS_AFTER` (150, 75, 50, ... down to `DARK_STIR_TURNS`).
pub const RESTLESS_STEP: u32 = 100;

/// Turns between creatures stirring onto a level the player has spent `lingered` turns on:
/// `STIR_TURNS` while the torch has fuel (`fuelled`) and the level is calm, shrinking on a
/// restless level, and `DARK_STIR_TURNS` once the torch is out or at the least.
pub const fn stir_period(fuelled: bool, lingered: u32) -> u32 {
    if !fuelled {
        return DARK_STIR_TURNS;
    }
    if lingered < RESTLESS_AFTER {
        return STIR_TURNS;
    }
    let p = STIR_TURNS / (1 + (lingered - RESTLESS_AFTER) / RESTLESS_STEP);
    if p < DARK_STIR_TURNS {
        DARK_STIR_TURNS
    } else {
        p
    }
}
/// Wanderers arrive at least this far (king's moves) from the player, out of sight.
pub const STIR_DISTANCE: i32 = 12;
/// No more wander in while the player's level holds this many creatures (a player who
/// lingers in the dark meets a crowd, not an endless flood).
pub const STIR_CAP: usize = 60;
/// A hunting creature that has not seen the player for this many turns gives up.
pub const FORGET_TURNS: u32 = 12;

// Conditions.

/// Turns of confusion from a potion.
pub const CONFUSED_TURNS: i32 = 8;
/// Fuel spoiled by a potion of darkness.
pub const DARKNESS_FUEL: i32 = 150;
/// Fuel a scroll of kindling feeds the torch, and what its flare burns the reader for.
pub const KINDLING_FUEL: i32 = 500;
pub const KINDLING_BURN: i32 = 8;
/// A splitting creature splits only while it has at least this many hit points.
pub const SPLIT_MIN_HP: i32 = 4;
/// Turns a spider's web holds the player.
pub const WEB_TURNS: u32 = 3;
/// Spiders spit webs and kobolds sling stones from at most this far (cells).
pub const RANGED_REACH: i32 = 5;
/// Chance in percent that a ranged creature in reach shoots rather than closing in.
pub const SHOOT_CHANCE: u32 = 50;
/// A slung stone's attack (against the player's defence, as a blow).
pub const STONE_ATTACK: i32 = 4;
/// Turns of confusion from a bursting creature's spores, for whoever stands within
/// `BURST_REACH` cells of it as it dies (the player's first passes with the killing blow).
pub const BURST_TURNS: i32 = 6;
pub const BURST_REACH: i32 = 1;
/// What a bursting creature's spores burn the player for, within `BURST_REACH`.
pub const BURST_DAMAGE: i32 = 5;
/// Fuel a bursting creature's spores spoil in a lit torch within `BURST_REACH` (they smother
/// it, as a potion of darkness does).
pub const BURST_FUEL: i32 = 200;

// Traps (how many a level holds, and where they are hidden, are the generator's:
// `builder::traps`).

/// Turns a net holds whoever it drops on.
pub const NET_TURNS: u32 = 4;
/// Turns of confusion from a gas plate's cloud, for whoever stands within `GAS_REACH` cells.
pub const GAS_TURNS: i32 = 8;
pub const GAS_REACH: i32 = 1;
/// A fall through a trapdoor wounds for this much, plus up to as much again by luck.
pub const FALL_DAMAGE: i32 = 3;
/// A search (waiting or resting by torchlight) looks this far for hidden plates, and finds
/// each in sight with this chance in percent a turn.
pub const SEARCH_REACH: i32 = 2;
pub const SEARCH_CHANCE: u32 = 50;

// Throwing.

/// The farthest a thrown item flies (cells, either way on each axis).
pub const THROW_RANGE: i32 = 7;
/// A thrown weapon hits for its bonus plus this, plus luck, against defence; darts add their
/// `Missile` bonus.
pub const THROW_BASE: i32 = 3;

// Sight.
/// Cells within this radius are bright; the rest of the torch's circle is dim.
pub const BRIGHT_RADIUS: i32 = 4;
/// How far creatures and the player notice each other in the dark (line of sight).
pub const SIGHT_RADIUS: i32 = 12;

// Score.

/// How a run is scored: points per level reached (from 1) and per point of experience, a
/// bonus for carrying the idol out, and on a win half a point for every turn under
/// `par_turns`. Each variant holds one (`variants`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    pub per_level: u32,
    pub per_xp: u32,
    pub idol: u32,
    pub par_turns: u32,
}

/// The score of the game's variants.
pub const SCORE: Score = Score {
    per_level: 100,
    per_xp: 10,
    idol: 1000,
    par_turns: 3000,
};

impl Score {
    /// The score for a run that reached `depth` (from 1) with `xp` experience, in `turns`.
    pub fn of(&self, depth: i32, xp: i32, won: bool, turns: u32) -> u32 {
        let base = self.per_level * depth.max(0) as u32 + self.per_xp * xp.max(0) as u32;
        if won {
            base + self.idol + self.par_turns.saturating_sub(turns) / 2
        } else {
            base
        }
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
        assert!(xp_worth(Creature::Jelly) < Creature::Jelly.stats().hp / 2);
    }

    #[test]
    fn depth_kills_and_a_quick_return_all_count() {
        let score = |depth, xp, won, turns| SCORE.of(depth, xp, won, turns);
        assert_eq!(score(1, 0, false, 10), 100);
        assert_eq!(score(3, 12, false, 500), 420);
        assert_eq!(score(5, 50, true, 1000), 500 + 500 + 1000 + 1000);
        assert!(score(5, 50, true, 900) > score(5, 50, true, 1000));
        assert_eq!(score(5, 0, true, 5000), 1500);
    }

    #[test]
    fn the_torch_shrinks_as_its_fuel_runs_down() {
        assert_eq!(torch_radius(START_FUEL), TORCH_RADIUS);
        assert_eq!(torch_radius(FULL_LIGHT_FUEL), TORCH_RADIUS);
        assert_eq!(torch_radius(FULL_LIGHT_FUEL - 1), TORCH_RADIUS - 1);
        assert_eq!(torch_radius(1), 2, "a last flicker");
        assert_eq!(torch_radius(0), DARK_RADIUS, "out");
        let radii: Vec<i32> = (0..=START_FUEL).map(torch_radius).collect();
        assert!(radii.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn blows_always_land() {
        let mut rng = crate::rng::seeded(3);
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
