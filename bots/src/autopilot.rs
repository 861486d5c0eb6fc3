//! The autopilot: what a player who only taps does. It hits a creature beside it, explores
//! the level (the explore button, which picks up what lies on its way; the button stops for
//! danger, and pressing it again goes on, so a step per press is the same game), takes the
//! stairs down when nothing is left to explore
//! (the stairs button), walks to the idol once seen and back up the stairs, and waits when
//! none of that can be done.

use crate::game::Game;
use caves_rules::Action;

pub fn policy(g: &mut Game) -> Action {
    g.hit(|_| true)
        .or_else(|| g.onward(true))
        .unwrap_or(Action::Wait)
}
