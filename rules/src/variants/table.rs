//! What a variant is: one table of the numbers, kinds, goal and score a run is played by,
//! and the few formulas that read it. A run's variant is chosen at its start and named by
//! its record's header, so a replay plays the same game.

use crate::balance::Score;
use crate::kinds::entry::Stats;
use crate::kinds::item::Item;

/// One way to play: a table read by the rules wherever a variant may differ. A new variant
/// is a new table (see `variants::ALL`), never a new branch in the rules.
#[derive(Debug, PartialEq)]
pub struct Variant {
    /// The byte that names this variant in a record's header (unique among `variants::ALL`).
    pub id: u8,
    /// Its name, as the start screen and the history show it.
    pub name: &'static str,
    /// Fuel in the torch at the start of a run.
    pub start_fuel: i32,
    /// How this variant changes every creature kind's numbers.
    pub creatures: Creatures,
    /// Item kinds that lie more often than `balance` weighs them: (kind, times as common).
    pub more_items: &'static [(Item, u32)],
    /// What the run is for.
    pub goal: Goal,
    /// How the run is scored.
    pub score: Score,
    /// Whether the daily board takes runs of this variant.
    pub on_board: bool,
}

/// How a variant changes a creature kind's numbers: kinds with more than `hp_above` hit
/// points keep `hp_kept` of them, and every kind loses `attack_less` of its attack, keeping
/// at least 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Creatures {
    pub hp_above: i32,
    /// (numerator, denominator).
    pub hp_kept: (i32, i32),
    pub attack_less: i32,
}

/// What a run is for: find the idol and carry it out of the caves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Goal {
    /// The level (from 1) the idol lies on, or `None` for the world's deepest level (a
    /// deeper level than the world has is its deepest).
    pub idol_level: Option<i32>,
}

impl Variant {
    /// A creature kind's numbers in this variant.
    pub const fn creature(&self, s: Stats) -> Stats {
        let c = self.creatures;
        let hp = if s.hp > c.hp_above {
            s.hp * c.hp_kept.0 / c.hp_kept.1
        } else {
            s.hp
        };
        let attack = s.attack - c.attack_less;
        Stats {
            hp,
            attack: if attack < 1 { 1 } else { attack },
            ..s
        }
    }

    /// How many times as common an item kind of weight `weight` is in this variant.
    pub fn item_weight(&self, kind: Item, weight: u32) -> u32 {
        self.more_items
            .iter()
            .find(|&&(k, _)| k == kind)
            .map_or(weight, |&(_, times)| times * weight)
    }

    /// The level (0 = top) the idol lies on in a world of `depth` levels.
    pub fn idol_level(&self, depth: i32) -> i32 {
        self.goal.idol_level.map_or(depth, |l| l.max(1).min(depth)) - 1
    }

    /// What the log says as the run starts: where the goal is.
    pub fn told(&self) -> String {
        match self.goal.idol_level {
            None => "You climb down into the caves. Find the idol on the deepest level.".into(),
            Some(l) => format!("You climb down into the caves. Find the idol on level {l}."),
        }
    }
}
