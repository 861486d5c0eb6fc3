//! Two ways to play. Normal is the balanced game; Explorer is for learning the caves: a torch
//! that burns twice as long, more healing and oil, and gentler creatures. A run's mode is in
//! its record's header, so a replay plays the same game.

use crate::balance::START_FUEL;
use crate::kinds::entry::Stats;
use crate::kinds::item::Item;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    #[default]
    Normal,
    Explorer,
}

impl Mode {
    pub const ALL: [Mode; 2] = [Mode::Normal, Mode::Explorer];

    pub const fn name(self) -> &'static str {
        match self {
            Mode::Normal => "Normal",
            Mode::Explorer => "Explorer",
        }
    }

    /// Fuel in the torch at the start of a run.
    pub const fn start_fuel(self) -> i32 {
        match self {
            Mode::Normal => START_FUEL,
            Mode::Explorer => 2 * START_FUEL,
        }
    }

    /// A creature kind's numbers in this mode: Explorer takes a quarter of its hit points
    /// and a point of its attack.
    pub const fn creature(self, s: Stats) -> Stats {
        match self {
            Mode::Normal => s,
            Mode::Explorer => Stats {
                hp: if s.hp > 4 { s.hp * 3 / 4 } else { s.hp },
                attack: if s.attack > 1 { s.attack - 1 } else { 1 },
                ..s
            },
        }
    }

    /// How many times as common an item kind is in this mode: Explorer has twice the
    /// healing potions and oil.
    pub fn item_weight(self, kind: Item, weight: u32) -> u32 {
        match (self, kind) {
            (Mode::Explorer, Item::HealingPotion | Item::Oil) => 2 * weight,
            _ => weight,
        }
    }
}
