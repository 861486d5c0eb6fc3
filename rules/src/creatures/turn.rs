//! The creatures' turn. Each creature near the player, in the list's order, gathers what it
//! perceives (`Seen`), asks its kind's tactic what it does (`creatures/tactics`) and carries
//! that out (`Intent`). Slow kinds act only every other turn, and one that has just followed
//! the player by the stairs has had its turn.

use crate::balance::ACTIVE_RANGE;
use crate::creatures::seen::Scene;
use crate::creatures::tactics;
use crate::game::state::State;

impl State {
    pub(crate) fn monsters_act(&mut self) {
        let player = self.hero.pos;
        // The grid of taken cells is the state's, counted afresh, taken out for the turn. Only
        // cells a step from a creature that acts are asked about: the creatures within a step
        // of `ACTIVE_RANGE` are all that is counted.
        let mut occupied = std::mem::take(&mut self.creatures.crowd);
        occupied.count(&self.world, &self.creatures.all, player, ACTIVE_RANGE + 1);
        // The torch's circle as creatures see it, while it burns.
        let torch = self.torch_lit().then(|| self.torch.radius());
        // Those that act are among those counted, in the list's order: no creature leaves the
        // list, joins it or moves on another's turn, so each stands where it was counted when
        // its turn comes.
        let creatures = self.creatures.all.len();
        for k in 0..occupied.counted().len() {
            let (i, pos) = occupied.counted()[k];
            debug_assert_eq!(
                (self.creatures.all.len(), self.creatures.all[i].pos),
                (creatures, pos),
                "a creature left, joined or was moved on another's turn"
            );
            // One that has just followed the player by the stairs spent its turn on that.
            if std::mem::take(&mut self.creatures.all[i].followed)
                || pos.chebyshev(player) > ACTIVE_RANGE
                || self.creatures.all[i].rests_on(self.clock.turn)
            {
                continue;
            }
            let senses = tactics::senses(self.creatures.all[i].kind.behaviour().tactic);
            let scene = Scene {
                world: &self.world,
                occupied: &occupied,
                sight: &self.knowledge.sight,
                hero: &self.hero,
                torch: &self.torch,
                shine: torch,
            };
            let seen = scene.seen_by(&self.creatures.all[i], senses);
            let intent = tactics::intent(&mut self.creatures.all[i], &seen, senses, &mut self.rng);
            self.carry_out(i, intent, &mut occupied);
            if intent.harms() && !self.playing() {
                break;
            }
        }
        self.creatures.crowd = occupied;
    }
}
