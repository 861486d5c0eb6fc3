//! The light as creatures see it on their turn (`Shine`): a burning torch's circle and
//! glowing fungus. Gloom stalkers (`tactics/shuns_light.rs`) never step into it and shrink
//! from it, so a lit torch keeps them off where a doused one keeps off a shade: the two
//! pull the torch opposite ways.

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
