//! The restless caves: a clock every player meets, lit or not. The torch counts the run's
//! turns only while it burns, so a player who douses it could explore and rest for ever.
//! The caves count too: every level keeps the turns the player has spent on it, and once
//! they pass `RESTLESS_AFTER` its creatures come out of the dark more and more often
//! (`balance::stir_period`), hunting and worth nothing. The dark saves fuel; it does not
//! stop the caves' clock.

use crate::balance::{stir_period, RESTLESS_AFTER};
use crate::game::state::State;

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
}
