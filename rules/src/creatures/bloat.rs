//! Bloats: slow bags of spores that burst when killed. Whoever stands within `BURST_REACH`
//! of one as it dies, the player and creatures alike, is befuddled for `BURST_TURNS`: kill
//! it from afar (a dart, a thrown dagger) or pay for the blow.

use crate::balance::{BURST_REACH, BURST_TURNS};
use crate::creatures::monster::Monster;
use crate::game::state::State;
use crate::kinds::entry::Tactic;
use crate::space::geom::Point;

impl State {
    /// A creature that bursts (`dead`, just killed) befuddles everyone beside it.
    pub(crate) fn burst(&mut self, dead: &Monster) {
        if dead.kind.behaviour().tactic != Tactic::Bursts {
            return;
        }
        let at = dead.pos;
        let near = |p: Point| p.z == at.z && p.chebyshev(at) <= BURST_REACH;
        for m in self.monsters.iter_mut().filter(|m| near(m.pos)) {
            m.confused = m.confused.max(BURST_TURNS);
        }
        if near(self.hero.pos) {
            self.hero.confused = self.hero.confused.max(BURST_TURNS);
            self.log
                .add("It bursts in a cloud of spores: you reel, befuddled.");
        } else {
            self.log.add("It bursts in a cloud of spores.");
        }
    }
}
