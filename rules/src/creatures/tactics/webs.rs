//! Spiders: from two to `RANGED_REACH` cells off, a spider that sees the player may spit a
//! web (`SHOOT_CHANCE`) that holds them fast, but never at a player stuck fast or one who has
//! just torn free: it closes in on them instead.

use crate::creatures::intent::{Intent, Missile};
use crate::creatures::monster::Monster;
use crate::creatures::seen::Seen;
use crate::creatures::tactics::moves::{close_in, flees, run_away, strike, takes_aim};
use crate::rng::GameRng;

/// Runs if it flees and can, strikes beside the player, webs from afar now and then, else
/// closes in.
pub(crate) fn intent(m: &Monster, seen: &Seen, rng: &mut GameRng) -> Intent {
    if flees(m, seen) {
        if let Some(to) = run_away(m, seen) {
            return Intent::Step(to);
        }
    }
    if let Some(blow) = strike(m, seen) {
        return blow;
    }
    if !seen.player_stuck && takes_aim(m, seen, rng) {
        return Intent::Shoot(Missile::Web);
    }
    close_in(m, seen, rng)
}
