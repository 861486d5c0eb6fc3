//! The reckless bot: it dives. It takes the first stairs down it knows of, explores only to
//! find them (or the idol), fights whatever stands beside it, and never rests, retreats or
//! uses an item.

use crate::game::Game;
use caves_rules::Action;

pub fn policy(g: &mut Game) -> Action {
    g.hit(|_| true)
        .or_else(|| g.onward(false))
        .unwrap_or(Action::Wait)
}
