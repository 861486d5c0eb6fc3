//! The common way of fighting: walk up to the player and hit them, and run when badly hurt
//! (cornered, fight). Rats, goblins, jellies, thieves and bloats hunt so; what sets the last
//! three apart happens when they are hit, strike or die (`turns.rs`, `thief.rs`, `bloat.rs`).

use crate::creatures::intent::Intent;
use crate::creatures::monster::Monster;
use crate::creatures::seen::Seen;
use crate::creatures::tactics::moves::{close_in, flees, run_away, strike};
use crate::rng::GameRng;

/// Runs if it flees and can, else strikes the player beside it, else closes in.
pub(crate) fn intent(m: &Monster, seen: &Seen, rng: &mut GameRng) -> Intent {
    if flees(m, seen) {
        if let Some(to) = run_away(m, seen) {
            return Intent::Step(to);
        }
    }
    strike(m, seen).unwrap_or_else(|| close_in(m, seen, rng))
}
