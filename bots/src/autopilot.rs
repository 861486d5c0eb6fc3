//! The autopilot: what a player who only taps does. It hits a creature beside it, explores
//! the level (the explore button, which fetches the items it sees on the way, never an
//! altar's offering; the button stops for danger, and pressing it again goes on, so a step
//! per press is the same game), takes the stairs down when nothing is left to explore (the
//! stairs button), walks to the idol once seen and back out, and waits when none
//! of that can be done. With the idol, the stairs button follows the known way out. It
//! heeds the torch as the explore button tells it to: once exploring on would burn fuel
//! the run needs (`rules::autopilot::fuel`, which counts the oil carried), it presses the
//! stairs button instead; and when the torch gutters it pours the oil it carries.

use crate::careful::tend_torch;
use crate::game::Game;
use caves_rules::autopilot::fuel::shortfall;
use caves_rules::autopilot::travel::{next_step, Goal};
use caves_rules::Action;

pub fn policy(g: &mut Game) -> Action {
    if let Some(a) = g.hit(|_| true) {
        return a;
    }
    // The fuel it weighs counts the oil it carries: when the torch gutters it pours it
    // (two taps: Items, the flask).
    if g.state.torch_low() {
        if let Some(a) = tend_torch(g, i32::MAX) {
            return a;
        }
    }
    if g.state.carrying_idol() {
        if let Some(a) = next_step(&g.state, Goal::WayOut) {
            return a;
        }
    }
    let explore_first = shortfall(&g.state).is_none();
    g.onward(explore_first).unwrap_or(Action::Wait)
}
