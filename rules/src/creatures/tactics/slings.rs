//! Kobolds: they keep their distance. One that sees the player within two cells backs away
//! half the time, and from two to `RANGED_REACH` cells off it may sling a stone
//! (`SHOOT_CHANCE`, `STONE_ATTACK`).

use crate::creatures::intent::{Intent, Missile};
use crate::creatures::monster::{Mind, Monster};
use crate::creatures::seen::Seen;
use crate::creatures::tactics::moves::{close_in, flees, run_away, strike, takes_aim};
use crate::rng::GameRng;
use rand::Rng;

/// Runs if it flees, or backs off half the time when the player is near; strikes beside the
/// player, slings from afar now and then, else closes in.
pub(crate) fn intent(m: &Monster, seen: &Seen, rng: &mut GameRng) -> Intent {
    let shy = m.mind == Mind::Hunting && seen.perceives && m.pos.chebyshev(seen.player) <= 2;
    if flees(m, seen) || (shy && rng.random_bool(0.5)) {
        if let Some(to) = run_away(m, seen) {
            return Intent::Step(to);
        }
    }
    if let Some(blow) = strike(m, seen) {
        return blow;
    }
    if takes_aim(m, seen, rng) {
        return Intent::Shoot(Missile::Stone);
    }
    close_in(m, seen, rng)
}
