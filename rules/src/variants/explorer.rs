//! Explorer: for learning the caves. A torch that burns twice as long, twice the healing
//! potions and oil, and gentler creatures (a quarter less hit points for all but the
//! weakest, a point less attack); the same goal and score, and not on the daily board.

use crate::balance::{SCORE, START_FUEL};
use crate::kinds::item::Item;
use crate::variants::table::{Creatures, Goal, Variant};

pub const EXPLORER: Variant = Variant {
    id: 1,
    name: "Explorer",
    start_fuel: 2 * START_FUEL,
    creatures: Creatures {
        hp_above: 4,
        hp_kept: (3, 4),
        attack_less: 1,
    },
    more_items: &[(Item::HealingPotion, 2), (Item::Oil, 2)],
    goal: Goal { idol_level: None },
    score: SCORE,
    on_board: false,
};
