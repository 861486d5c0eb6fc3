//! The moves every tactic is built from: running away, striking the player beside it,
//! taking aim from afar, and closing in (or roaming).

use crate::balance::{RANGED_REACH, SHOOT_CHANCE};
use crate::creatures::intent::Intent;
use crate::creatures::monster::{Mind, Monster};
use crate::creatures::seen::Seen;
use crate::creatures::steps::{distance, next_step};
use crate::rng::GameRng;
use crate::space::geom::Point;
use rand::Rng;

/// True when `m` hunts the player, sees them, and runs from them (badly hurt, or with loot).
pub(crate) fn flees(m: &Monster, seen: &Seen) -> bool {
    m.mind == Mind::Hunting && seen.perceives && m.runs()
}

/// The step from `from` that gets farthest from `threat`, if any gets farther.
pub(crate) fn flee_step(from: Point, threat: Point, free: impl Fn(Point) -> bool) -> Option<Point> {
    let dist = |p: Point| distance(p, threat);
    from.neighbours8()
        .filter(|&p| free(p) && dist(p) > dist(from))
        .max_by_key(|&p| dist(p))
}

/// The step away from the player into a free cell that a fleeing creature takes, if any.
pub(crate) fn run_away(m: &Monster, seen: &Seen) -> Option<Point> {
    flee_step(m.pos, seen.player, |p| seen.free(p))
}

/// A hunter beside the player strikes; one that flees and could not get away (cornered)
/// waits; else `None`, and the creature may do something else.
pub(crate) fn strike(m: &Monster, seen: &Seen) -> Option<Intent> {
    if m.mind == Mind::Hunting && m.pos.chebyshev(seen.player) == 1 {
        return Some(Intent::Attack);
    }
    flees(m, seen).then_some(Intent::Wait)
}

/// A hunter closes in on where it last saw the player (and gives up there, if they are not
/// there); a wanderer roams, or idles.
pub(crate) fn close_in(m: &Monster, seen: &Seen, rng: &mut GameRng) -> Intent {
    let hunting = m.mind == Mind::Hunting;
    let goal = if hunting { m.last_seen } else { seen.player };
    if hunting && m.pos == goal {
        return Intent::GiveUp;
    }
    Intent::step(next_step(m.pos, goal, hunting, |p| seen.free(p), rng))
}

/// A hunter that sees the player from two to `RANGED_REACH` cells off shoots this turn, by a
/// draw (`SHOOT_CHANCE`) made only when it could.
pub(crate) fn takes_aim(m: &Monster, seen: &Seen, rng: &mut GameRng) -> bool {
    m.mind == Mind::Hunting
        && seen.perceives
        && (2..=RANGED_REACH).contains(&m.pos.chebyshev(seen.player))
        && rng.random_range(0..100u32) < SHOOT_CHANCE
}
