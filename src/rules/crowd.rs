//! Which cells of a level creatures stand on, for the creatures' turn and for the stirring.

use super::State;
use crate::rules::geom::Point;

/// How many creatures stand on each cell of one level: a grid, as a level may hold dozens of
/// creatures and their turn asks about every cell they might step into. Kept up to date as
/// they move (`moved`).
pub(super) struct Crowd {
    width: i32,
    height: i32,
    count: Vec<u8>,
}

impl Crowd {
    pub(super) fn new(state: &State, z: i32) -> Crowd {
        let (width, height) = (state.world.width(), state.world.height());
        let mut crowd = Crowd {
            width,
            height,
            count: vec![0; (width * height).max(0) as usize],
        };
        for m in state.monsters.iter().filter(|m| m.pos.z == z) {
            if let Some(i) = crowd.index(m.pos) {
                crowd.count[i] = crowd.count[i].saturating_add(1);
            }
        }
        crowd
    }

    fn index(&self, p: Point) -> Option<usize> {
        ((0..self.width).contains(&p.x) && (0..self.height).contains(&p.y))
            .then(|| (p.y * self.width + p.x) as usize)
    }

    /// True when a creature stands on `p` (a cell of this level).
    pub(super) fn taken(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.count[i] > 0)
    }

    pub(super) fn moved(&mut self, from: Point, to: Point) {
        if let Some(i) = self.index(from) {
            self.count[i] = self.count[i].saturating_sub(1);
        }
        if let Some(i) = self.index(to) {
            self.count[i] = self.count[i].saturating_add(1);
        }
    }
}
