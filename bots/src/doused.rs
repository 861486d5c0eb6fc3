//! The doused bot plays the dark for all it is worth: the careful bot's sense, with its
//! torch put out whenever it is not resting. It explores every level in the dark, where the
//! torch's fuel does not burn and creatures notice it only from two cells, and lights the
//! torch only to rest by, since wounds close only by torchlight. The caves' own clock
//! (`restless.rs`) and its wounds are what it meets instead.

use crate::careful::{charge, fetch, gear, learn, retreat, save_life};
use crate::game::Game;
use caves_rules::Action;

pub fn policy(g: &mut Game) -> Action {
    let s = &g.state;
    let (hp, max) = (s.hp(), s.max_hp());
    // While a fire burns on its level the rules allow a rest only in the fire's warmth, which
    // this bot does not seek: no rest then (a refused rest takes no turn, so it would rest for
    // ever).
    let resting = hp < max && !s.creature_in_view() && !s.fire_burns();
    // The torch burns only to rest by (wounds close only by torchlight); otherwise, and when
    // oil relights it, it is put out again at once.
    if s.torch_lit() != (resting && s.fuel() > 0) && s.fuel() > 0 {
        return Action::Torch;
    }
    let adjacent = g.adjacent().len();
    let a = gear(g)
        .or_else(|| save_life(g, hp * 2 < max, adjacent > 1 || hp * 3 < max, hp * 4 < max))
        .or_else(|| g.hit(|m| hp * 2 >= max || !m.kind.behaviour().slow));
    if let Some(a) = a {
        return a;
    }
    if resting && s.torch_lit() {
        return Action::Rest;
    }
    if let Some(a) = charge(g) {
        return a;
    }
    if hp * 2 < max && adjacent == 0 && s.creature_in_view() {
        g.backed += 1;
        return retreat(g).filter(|_| g.backed < 12).unwrap_or(Action::Wait);
    }
    g.backed = 0;
    // With no fuel burning, every level is explored whole before going down.
    if let Some(a) = learn(g) {
        return a;
    }
    let a = fetch(g).or_else(|| g.onward(true)).unwrap_or(Action::Wait);
    g.meet_blocker(a).unwrap_or(a)
}

/// A game in the dark that has not ended in this many turns counts as not won (resting in
/// the dark is an action of many turns, and a restless level a crowd: without a bound on
/// turns a game could take minutes).
pub const MAX_TURNS: u32 = 12_000;
