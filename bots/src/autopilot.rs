//! The autopilot: what a player who only taps does. It hits a creature beside it, explores
//! the level (the explore button, which picks up what lies on its way; the button stops for
//! danger, and pressing it again goes on, so a step per press is the same game), takes the
//! stairs down when nothing is left to explore
//! (the stairs button), walks to the idol once seen and back up the stairs, and waits when
//! none of that can be done.

use super::{Game, Played};
use caves::rules::{Action, Mode};

pub fn policy(g: &mut Game) -> Action {
    g.hit(|_| true)
        .or_else(|| g.onward(true))
        .unwrap_or(Action::Wait)
}

pub fn play(seed: u64, mode: Mode) -> Played {
    super::run(seed, mode, policy)
}
