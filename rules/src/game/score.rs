//! The score of a run, by its variant's `Score`: points for the levels reached and the
//! experience from kills, and for carrying the idol out a bonus and more for a quick return.

use crate::game::ending::Outcome;
use crate::game::state::State;

impl State {
    pub fn score(&self) -> u32 {
        self.variant().score.of(
            self.depth_reached(),
            self.hero.xp,
            self.outcome() == Outcome::Won,
            self.clock.turn,
        )
    }
}
