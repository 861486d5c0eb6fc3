//! The creatures' turn, each by its kind's behaviour (`balance`): slow kinds act every
//! other turn, erratic ones flutter at random half the time, cowards flee when badly hurt;
//! the rest close in on a player they see and fight when next to one. Creatures that see the
//! player take the stairs follow.

use super::{Outcome, State};
use crate::rules::balance::{ACTIVE_RANGE, FLUTTER_CHANCE, FOLLOW_RANGE, REST_TURNS, SLOW_PERIOD};
use crate::rules::geom::Point;
use crate::rules::kinds::tile::Tile;
use crate::rules::monsters::{distance, next_step, random_step};
use rand::Rng;

/// The step from `from` that gets farthest from `threat`, if any gets farther.
fn flee_step(from: Point, threat: Point, free: &dyn Fn(Point) -> bool) -> Option<Point> {
    let dist = |p: Point| distance(p, threat);
    from.neighbours8()
        .filter(|&p| free(p) && dist(p) > dist(from))
        .max_by_key(|&p| dist(p))
}

impl State {
    /// True when creature `i` is hurt enough to run.
    pub(super) fn fleeing(&self, i: usize) -> bool {
        let m = &self.monsters[i];
        let b = m.kind.behaviour();
        b.flee_below > 0 && m.hp * 100 <= m.stats().hp * b.flee_below
    }

    pub(super) fn monsters_act(&mut self) {
        let player = self.player;
        let mut occupied: Vec<Point> = self.monsters.iter().map(|m| m.pos).collect();
        for i in 0..self.monsters.len() {
            let pos = self.monsters[i].pos;
            if pos.z != player.z || pos.chebyshev(player) > ACTIVE_RANGE {
                continue;
            }
            let b = self.monsters[i].kind.behaviour();
            if b.slow && !self.turn.is_multiple_of(SLOW_PERIOD) {
                continue;
            }
            let seen = self.sight.in_sight(pos);
            let world = &self.world;
            let free = |p: Point| {
                world.tile(p) != Tile::StairsUp
                    && world.tile(p).is_open()
                    && p != player
                    && !occupied.contains(&p)
            };
            let fleeing = seen && self.fleeing(i);
            // A fluttering creature moves at random now and then, even when that fails; one
            // that flees moves away if it can (cornered, it fights).
            let flutters = b.erratic && self.rng.random_bool(FLUTTER_CHANCE);
            let moved = if flutters {
                random_step(pos, &free, &mut self.rng)
            } else if fleeing {
                flee_step(pos, player, &free)
            } else {
                None
            };
            if let Some(to) = moved {
                self.monsters[i].pos = to;
                occupied[i] = to;
                continue;
            }
            if flutters {
                continue;
            }
            if pos.chebyshev(player) == 1 {
                self.monster_attacks(i);
                if self.outcome != Outcome::Playing {
                    return;
                }
                continue;
            }
            if fleeing {
                continue;
            }
            if let Some(to) = next_step(pos, player, seen, &free, &mut self.rng) {
                self.monsters[i].pos = to;
                occupied[i] = to;
            }
        }
    }

    /// Creatures that see the player on the stairs at `from`, close by and not fleeing: they
    /// follow to the other level.
    pub(super) fn followers(&self, from: Point) -> Vec<usize> {
        (0..self.monsters.len())
            .filter(|&i| {
                let p = self.monsters[i].pos;
                p.z == from.z
                    && p.chebyshev(from) <= FOLLOW_RANGE
                    && self.sight.in_sight(p)
                    && !self.fleeing(i)
            })
            .collect()
    }

    /// Puts each follower on a free cell next to the player, nearest first; one that finds
    /// no room stays behind.
    pub(super) fn arrive(&mut self, followers: &[usize]) {
        let to = self.player;
        for &i in followers {
            let spot = to.neighbours8().find(|&p| {
                let t = self.world.tile(p);
                t.is_open()
                    && t != Tile::StairsUp
                    && t != Tile::StairsDown
                    && self.monster_at(p).is_none()
            });
            if let Some(p) = spot {
                self.monsters[i].pos = p;
                let name = self.monsters[i].name();
                self.log.add(format!("The {name} follows you."));
            }
        }
    }

    /// Rests: turn after turn until the player is healed, a creature comes into view, or
    /// `REST_TURNS` turns pass. Refused (no turn) when already healed or a creature is in view.
    pub(super) fn rest(&mut self) {
        let mut turns = 0;
        while turns < REST_TURNS && self.outcome == Outcome::Playing && self.hp < self.max_hp() {
            if self.creature_in_view() {
                break;
            }
            self.turn += 1;
            turns += 1;
            self.end_turn();
        }
        if turns == 0 {
            let why = if self.hp >= self.max_hp() {
                "You are not hurt."
            } else {
                "You cannot rest with a creature in view."
            };
            self.log.add(why);
        } else if self.outcome == Outcome::Playing {
            self.log.add(format!("You rest for {turns} turns."));
        }
    }

    /// True when a creature on the player's level is in the player's line of sight and lit.
    pub fn creature_in_view(&self) -> bool {
        self.monsters
            .iter()
            .any(|m| m.pos.z == self.player.z && self.sight.lit(m.pos))
    }
}
