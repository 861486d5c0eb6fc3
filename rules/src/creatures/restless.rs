//! The restless caves: a clock every player meets, lit or not. The torch counts the run's
//! turns only while it burns, so a player who douses it could explore and rest for ever.
//! The caves count too: every level keeps the turns the player has spent on it, and once
//! they pass `RESTLESS_AFTER` its creatures come out of the dark more and more often
//! (`balance::stir_period`), hunting and worth nothing. The dark saves fuel; it does not
//! stop the caves' clock.

use crate::balance::{stir_period, RESTLESS_AFTER, STIR_CAP, STIR_DISTANCE};
use crate::creatures::monster::{Mind, Monster};
use crate::creatures::placing::kinds_at;
use crate::game::state::State;
use crate::space::geom::Point;
use rand::Rng;

impl State {
    /// Turns the player has spent on the level they stand on (all visits together).
    pub fn lingered(&self) -> u32 {
        self.lingered_on(self.hero.pos.z)
    }

    /// Turns the player has spent on level `z` (0 = top), all visits together.
    pub fn lingered_on(&self, z: i32) -> u32 {
        self.clock.lingered_on(z)
    }

    /// True when the level the player stands on has grown restless.
    pub fn restless(&self) -> bool {
        self.lingered() >= RESTLESS_AFTER
    }

    /// Counts a turn on the player's level.
    pub(crate) fn linger(&mut self) {
        self.clock.linger(self.hero.pos.z);
    }

    /// Whether a creature stirs onto the player's level this turn, and whether it comes
    /// hunting (and worth nothing): out of the dark once the torch has burned out or the level
    /// has grown restless.
    pub(crate) fn stirs(&self) -> Option<bool> {
        let t = self.lingered();
        let period = stir_period(self.torch.fuel > 0, t);
        t.is_multiple_of(period)
            .then_some(self.torch.fuel == 0 || t >= RESTLESS_AFTER)
    }

    /// Now and then a creature wanders onto the player's level, out of sight, unless the
    /// level is crowded already (`STIR_CAP`); once the torch has burned out or the level has
    /// grown restless (`creatures/restless.rs`), more often, hunting, and worth nothing when killed.
    pub(crate) fn stir(&mut self) {
        let me = self.hero.pos;
        let Some(hunting) = self.stirs() else { return };
        if self
            .creatures
            .all
            .iter()
            .filter(|m| m.pos.z == me.z)
            .count()
            >= STIR_CAP
        {
            return;
        }
        self.creatures
            .crowd
            .count(&self.world, &self.creatures.all, me, i32::MAX);
        let (taken, sight) = (&self.creatures.crowd, &self.knowledge.sight);
        let free: Vec<Point> = (self.world.floor(me.z).iter().copied())
            .filter(|&p| p.chebyshev(me) >= STIR_DISTANCE && !sight.in_sight(p) && !taken.taken(p))
            .collect();
        let kinds = kinds_at(me.z);
        if free.is_empty() || kinds.is_empty() {
            return;
        }
        let p = free[self.rng.random_range(0..free.len() as u32) as usize];
        let kind = kinds[self.rng.random_range(0..kinds.len() as u32) as usize];
        // What comes out of the dark (to a player without light, or on a restless level)
        // comes hunting.
        let mind = if hunting {
            Mind::Hunting
        } else {
            Mind::Wandering
        };
        let mut m = Monster::in_variant(kind, p, self.origin.variant, mind);
        m.last_seen = me;
        m.from_dark = hunting;
        self.creatures.all.push(m);
    }
}
