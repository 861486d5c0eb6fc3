//! Experience: every kill is worth experience (`balance::xp_worth`), and experience buys
//! levels (`balance::xp_needed`); each level above the first gives more hit points (the
//! gain healed at once) and more attack (`balance::HP_PER_LEVEL`, `ATTACK_PER_LEVEL`).

use crate::balance::{xp_needed, xp_worth, HP_PER_LEVEL};
use crate::game::state::State;
use crate::kinds::creature::Creature;

impl State {
    pub fn xp(&self) -> i32 {
        self.hero.xp
    }
    /// The experience level, from 1.
    pub fn level(&self) -> i32 {
        self.hero.level
    }

    /// Kills per creature kind, for kinds with at least one.
    pub fn kills(&self) -> Vec<(Creature, u32)> {
        (Creature::ALL.into_iter().zip(self.hero.kills))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// Potions quaffed and scrolls read.
    pub fn items_used(&self) -> u32 {
        self.hero.used
    }

    /// Gains a kill's experience, and raises the level as far as it reaches.
    pub(crate) fn gain(&mut self, kind: Creature) {
        self.hero.xp += xp_worth(kind);
        while self.hero.xp >= xp_needed(self.hero.level + 1) {
            self.hero.level += 1;
            self.hero.hp += HP_PER_LEVEL;
            self.log.add(format!(
                "You reach experience level {}: {} hit points, attack {}.",
                self.hero.level,
                self.max_hp(),
                self.attack()
            ));
        }
    }
}
