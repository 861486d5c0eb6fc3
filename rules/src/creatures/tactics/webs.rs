//! Spiders: from two to `RANGED_REACH` cells off, a spider that sees the player may spit a
//! web (`SHOOT_CHANCE`) that holds them fast, but never at a player stuck fast or one who has
//! just torn free: it closes in on them instead.

use crate::balance::{RANGED_REACH, SHOOT_CHANCE};
use crate::creatures::intent::{Intent, Missile};
use crate::creatures::monster::{Mind, Monster};
use crate::creatures::seen::Seen;
use crate::creatures::tactics::moves::{close_in, flees, run_away, strike};
use crate::rng::GameRng;
use rand::Rng;

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
    let d = m.pos.chebyshev(seen.player);
    if !seen.player_stuck
        && m.mind == Mind::Hunting
        && seen.perceives
        && (2..=RANGED_REACH).contains(&d)
        && rng.random_range(0..100u32) < SHOOT_CHANCE
    {
        return Intent::Shoot(Missile::Web);
    }
    close_in(m, seen, rng)
}
