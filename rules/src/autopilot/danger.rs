//! Danger: which of the creatures in view the player must mind now. This is the one rule the
//! autopilot (travel, exploring and runs, `travel`) and the bots go by.
//!
//! A creature the player sees (lit, on the player's level) is a danger unless it runs away
//! (hurt below its kind's `flee_below`); and then when it is awake (hunting the player, or
//! wandering where it may notice the player at any moment), or asleep within `NEAR` cells
//! (close enough to wake as the player passes). One that flees, or sleeps farther off, is no
//! danger: travel walks on past it.

use crate::creatures::monster::{Mind, Monster};
use crate::game::state::State;

/// A sleeping creature this close (in king's moves) is a danger.
pub const NEAR: i32 = 2;

impl State {
    /// True when creature `m` is a danger to the player now (see the module's rule).
    pub fn danger(&self, m: &Monster) -> bool {
        let me = self.hero.pos;
        m.pos.z == me.z
            && m.pos != me
            && self.knowledge.sight.lit(m.pos)
            && !m.flees()
            && (m.mind != Mind::Asleep || m.pos.chebyshev(me) <= NEAR)
    }

    /// The creatures that are a danger now, nearest first.
    pub fn dangers(&self) -> Vec<&Monster> {
        self.nearest_creatures(|m| self.danger(m))
    }

    /// The creatures `keep` chooses, nearest to the player first (by king's moves); at the
    /// same distance by row, then column, then in the order of the creatures' list (the sort
    /// is stable). One order for every such list, whatever chooses its creatures.
    pub fn nearest_creatures(&self, keep: impl Fn(&Monster) -> bool) -> Vec<&Monster> {
        let me = self.hero.pos;
        let mut nearest: Vec<&Monster> = self.creatures.all.iter().filter(|m| keep(m)).collect();
        nearest.sort_by_key(|m| (m.pos.chebyshev(me), m.pos.y, m.pos.x));
        nearest
    }
}

#[cfg(test)]
mod tests {
    use crate::creatures::monster::Mind;
    use crate::kinds::creature::Creature;
    use crate::space::geom::Point;
    use crate::testing::state_on;
    use crate::State;

    #[test]
    fn hunters_and_near_ones_are_a_danger_fleeing_and_far_sleeping_ones_are_not() {
        let mut s = state_on(&["##########\n#<rrrrrrr#\n##########"], 1);
        let at = |x| Point::new(x, 1, 0);
        let danger = |s: &State, x| s.monster_at(at(x)).is_some_and(|m| s.danger(m));
        // Along the row from the player: each creature, where, and its mind if not hunting.
        let creatures = [
            (Creature::Goblin, 3, Some(Mind::Asleep)),
            (Creature::Rat, 5, Some(Mind::Asleep)),
            (Creature::Goblin, 7, None),
            (Creature::Bat, 8, Some(Mind::Wandering)),
        ];
        for (kind, x, mind) in creatures {
            s.put_monster(kind, at(x));
            if let Some(mind) = mind {
                s.set_mind(at(x), mind);
            }
        }
        assert!(danger(&s, 3), "asleep but close");
        assert!(!danger(&s, 5), "asleep farther off");
        assert!(danger(&s, 7), "hunting");
        assert!(danger(&s, 8), "awake, it may notice the player any moment");
        s.wound_monster(at(7), 1);
        assert!(!danger(&s, 7), "running away");
        let kinds: Vec<Creature> = s.dangers().iter().map(|m| m.kind).collect();
        assert_eq!(kinds, [Creature::Goblin, Creature::Bat], "nearest first");
    }
}
