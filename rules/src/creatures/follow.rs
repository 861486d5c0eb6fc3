//! Creatures that follow the player by the stairs: hunting creatures in the player's view
//! that see the player take the stairs, and could act that turn, follow; that is their turn.
//! Where they, and a creature the player arrives upon, are set down.

use crate::balance::FOLLOW_RANGE;
use crate::creatures::monster::Mind;
use crate::creatures::seen::perceives;
use crate::creatures::tactics::senses;
use crate::game::state::State;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;

impl State {
    /// Creatures that follow the player taking the stairs at `from` to the other level:
    /// hunting, close by, not fleeing, in the player's view and seeing the player, and able
    /// to act in the turn the stairs take (the next turn: not a slow kind's turn of rest,
    /// not held by a net, not befuddled).
    pub(crate) fn followers(&self, from: Point) -> Vec<usize> {
        let (turn, sight) = (self.clock.turn + 1, &self.knowledge.sight);
        (0..self.creatures.all.len())
            .filter(|&i| {
                let m = &self.creatures.all[i];
                m.pos.z == from.z
                    && m.mind == Mind::Hunting
                    && m.pos.chebyshev(from) <= FOLLOW_RANGE
                    && sight.lit(m.pos)
                    && perceives(sight, &self.torch, m, senses(m.kind.behaviour().tactic))
                    && m.held == 0
                    && m.confused == 0
                    && !m.rests_on(turn)
                    && !m.runs()
            })
            .collect()
    }

    /// A free cell beside the player for a creature that arrives or steps aside: open, not
    /// stairs, not burning (creatures never enter flames), and no one on it.
    fn room_beside_player(&self) -> Option<Point> {
        self.hero.pos.neighbours8().find(|&p| {
            let t = self.world.tile(p);
            t.is_open() && !t.is_stairs() && t != Tile::Fire && self.monster_at(p).is_none()
        })
    }

    /// A creature standing where the player has just arrived by the stairs steps aside to a
    /// free cell beside them; with none free, it takes the stairs the player came by (to
    /// `from`, which the player has left). A creature never shares the player's cell.
    pub(crate) fn make_way(&mut self, from: Point) {
        let here = self.hero.pos;
        let Some(i) = self.creatures.all.iter().position(|m| m.pos == here) else {
            return;
        };
        self.creatures.all[i].pos = self.room_beside_player().unwrap_or(from);
    }

    /// Puts each follower on a free cell next to the player, nearest first; one that finds
    /// no room stays behind. Following was its turn: it strikes on the next at the earliest.
    pub(crate) fn arrive(&mut self, followers: &[usize]) {
        for &i in followers {
            if let Some(p) = self.room_beside_player() {
                self.creatures.all[i].pos = p;
                self.creatures.all[i].followed = true;
                let name = self.creatures.all[i].name();
                self.log.add(format!("The {name} follows you."));
            }
        }
    }
}
