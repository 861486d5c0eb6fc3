//! Experience: every kill is worth the creature's full hit points in experience, and
//! experience buys levels. Level L (from 1) is reached at `10 * L * (L - 1)` experience
//! (20, 60, 120, 200 ...); each level above the first gives 5 more hit points (healed at once)
//! and 1 more attack.

use super::State;
use crate::rules::kinds::creature::Creature;

/// Hit points gained per level.
pub const HP_PER_LEVEL: i32 = 5;
/// Attack gained per level.
pub const ATTACK_PER_LEVEL: i32 = 1;

/// Experience for killing a creature of `kind`.
pub fn worth(kind: Creature) -> i32 {
    kind.stats().hp
}

/// The experience at which level `level` is reached.
pub fn needed(level: i32) -> i32 {
    10 * level * (level - 1)
}

impl State {
    pub fn xp(&self) -> i32 {
        self.xp
    }
    /// The experience level, from 1.
    pub fn level(&self) -> i32 {
        self.level
    }

    /// Kills per creature kind, for kinds with at least one.
    pub fn kills(&self) -> Vec<(Creature, u32)> {
        Creature::ALL
            .into_iter()
            .zip(self.kills)
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// Potions quaffed and scrolls read.
    pub fn items_used(&self) -> u32 {
        self.used
    }

    /// Counts a kill and its experience, and raises the level as far as it reaches.
    pub(super) fn gain(&mut self, kind: Creature) {
        if let Some(i) = Creature::ALL.iter().position(|&c| c == kind) {
            self.kills[i] += 1;
        }
        self.xp += worth(kind);
        while self.xp >= needed(self.level + 1) {
            self.level += 1;
            self.hp += HP_PER_LEVEL;
            self.log.add(format!(
                "You reach experience level {}: {} hit points, attack {}.",
                self.level,
                self.max_hp(),
                self.attack()
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_need_more_experience_each_time() {
        assert_eq!(
            (1..=5).map(needed).collect::<Vec<_>>(),
            [0, 20, 60, 120, 200]
        );
        assert_eq!(worth(Creature::Orc), Creature::Orc.stats().hp);
    }
}
