//! Gloom stalkers: hunters at home in the dark. One never steps into light (a burning
//! torch's circle or glowing fungus) and strikes from an unlit cell; caught in the light it
//! backs away from the player, through the light if it must and into the dark where it can,
//! and strikes only when cornered there. It sees in the dark as well as by torchlight, so a
//! doused torch does not hide the player from it: it lets it close in. A shade is lost by
//! dousing, a stalker kept off by burning: the two pull the torch opposite ways.

use crate::game::state::State;
use crate::items::throw::line;
use crate::space::geom::Point;
use crate::space::sight::Sight;
use crate::space::world::World;

/// What lights the player's level for the creatures' turn: the torch while it burns (its
/// circle, wherever the straight line from the player is clear, Bresenham's) and glowing
/// fungus.
pub(crate) struct Shine<'a> {
    pub from: Point,
    /// The burning torch's radius; `None` when it is doused or out.
    pub torch: Option<i32>,
    pub world: &'a World,
    pub sight: &'a Sight,
}

impl Shine<'_> {
    /// True when light falls on `p`.
    pub(crate) fn lit(&self, p: Point) -> bool {
        if self.sight.glows(p) {
            return true;
        }
        let Some(r) = self.torch.filter(|_| p.z == self.from.z) else {
            return false;
        };
        let (dx, dy) = (p.x - self.from.x, p.y - self.from.y);
        // The radius first: the line is walked only for a cell the torch can reach.
        if dx * dx + dy * dy > r * r + r {
            return false;
        }
        let path = line(self.from, p);
        path[1..path.len() - 1]
            .iter()
            .all(|&q| self.world.tile(q).is_transparent())
    }
}

impl State {
    /// Creature `i`, caught in the light, has backed off or cowers: the log says so when the
    /// player can see it.
    pub(crate) fn shrink(&mut self, i: usize) {
        let m = &self.monsters[i];
        if self.knowledge.sight.in_sight(m.pos) {
            let name = m.name();
            self.log.add(format!("The {name} shrinks from your light."));
        }
    }
}
