//! Bloats: slow bags of caustic spores that burst when killed. Whoever stands within
//! `BURST_REACH` of one as it dies, the player and creatures alike, is befuddled for
//! `BURST_TURNS`, and the player is burnt for `BURST_DAMAGE`; a torch burning there is
//! smothered, `BURST_FUEL` of its fuel spoilt. Kill it from afar (a dart, a thrown dagger),
//! douse the torch before the blow, or pay for it.

use crate::balance::{BURST_DAMAGE, BURST_FUEL, BURST_REACH, BURST_TURNS};
use crate::creatures::monster::Monster;
use crate::game::ending::Cause;
use crate::game::state::State;
use crate::kinds::entry::Tactic;
use crate::space::geom::Point;

impl State {
    /// A creature that bursts (`dead`, just killed) befuddles everyone beside it.
    pub(crate) fn burst(&mut self, dead: &Monster) {
        if dead.kind.behaviour().tactic != Tactic::Bursts {
            return;
        }
        if self.befuddle(dead.pos, BURST_REACH, BURST_TURNS) {
            self.hurt(
                BURST_DAMAGE,
                &format!("It bursts in a cloud of spores: they burn you for {BURST_DAMAGE}, and you reel, befuddled."),
                Cause::Burst(dead.kind),
            );
            if self.torch_lit() {
                let spoilt = self.fuel().min(BURST_FUEL);
                self.torch.darken(spoilt);
                self.log.add(format!(
                    "The spores smother your torch: {spoilt} turns of fuel spoilt."
                ));
            }
        } else {
            self.log.add("It bursts in a cloud of spores.");
        }
    }

    /// A cloud at `at`: everyone within `reach` of it, creatures and the player, is befuddled
    /// for at least `turns`. Answers whether the player was.
    pub(crate) fn befuddle(&mut self, at: Point, reach: i32, turns: i32) -> bool {
        let near = |p: Point| p.z == at.z && p.chebyshev(at) <= reach;
        for m in self.creatures.all.iter_mut().filter(|m| near(m.pos)) {
            m.confused = m.confused.max(turns);
        }
        let player = near(self.hero.pos);
        if player {
            self.hero.confused = self.hero.confused.max(turns);
        }
        player
    }
}
