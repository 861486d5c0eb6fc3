//! Normal: the balanced game, the one the daily board ranks. Its numbers are `balance`'s as
//! they stand.

use crate::balance::{SCORE, START_FUEL};
use crate::variants::table::{Creatures, Goal, Variant};

pub const NORMAL: Variant = Variant {
    id: 0,
    name: "Normal",
    start_fuel: START_FUEL,
    creatures: Creatures {
        hp_above: i32::MAX,
        hp_kept: (1, 1),
        attack_less: 0,
    },
    more_items: &[],
    goal: Goal { idol_level: None },
    score: SCORE,
    on_board: true,
};
