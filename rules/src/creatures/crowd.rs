//! Which cells of a level creatures stand on, for the creatures' turn and for the stirring.

use crate::creatures::monster::Monster;
use crate::space::geom::Point;
use crate::space::grid::Grid;
use crate::space::world::World;

/// How many creatures stand on each cell of one level: a grid, as a level may hold dozens of
/// creatures and their turn asks about every cell they might step into. Counted afresh by
/// `count`, with the creatures it counted (`counted`), and kept up to date as they move
/// (`moved`, `left`). One crowd serves turn after turn: `count` clears only the cells it
/// counted before, so a turn neither allocates nor clears a whole level.
#[derive(Clone, Debug, Default)]
pub(crate) struct Crowd {
    count: Grid<u8>,
    /// Every cell raised since the last `count` (a cell may be listed more than once).
    raised: Vec<Point>,
    /// The creatures counted by the last `count`: where each is in the list it was given, and
    /// where it stood.
    counted: Vec<(usize, Point)>,
}

impl Crowd {
    /// Counts the creatures of `monsters` on the level of `around` (in `world`) within `reach`
    /// king's moves of it (`i32::MAX`: the whole level), forgetting what was counted before.
    /// A turn that asks only about cells near the player counts only the creatures there.
    pub(crate) fn count(&mut self, world: &World, monsters: &[Monster], around: Point, reach: i32) {
        if (self.count.width(), self.count.height()) != (world.width(), world.height()) {
            self.count = Grid::new(world.width(), world.height(), 0);
            self.raised.clear();
        }
        for p in self.raised.drain(..) {
            self.count.set(p, 0);
        }
        self.counted.clear();
        for (i, m) in monsters.iter().enumerate() {
            if m.pos.z == around.z && m.pos.chebyshev(around) <= reach {
                self.raise(m.pos);
                self.counted.push((i, m.pos));
            }
        }
    }

    /// The creatures the last `count` counted, in the list's order: each one's index in the
    /// list it was given, and where it stood then.
    pub(crate) fn counted(&self) -> &[(usize, Point)] {
        &self.counted
    }

    /// One more creature on `p`.
    fn raise(&mut self, p: Point) {
        if let Some(c) = self.count.get_mut(p) {
            *c = c.saturating_add(1);
            self.raised.push(p);
        }
    }

    /// True when a creature stands on `p` (a cell of this level).
    pub(crate) fn taken(&self, p: Point) -> bool {
        self.count.get(p).is_some_and(|&c| c > 0)
    }

    /// A creature left this level from `p`.
    pub(crate) fn left(&mut self, p: Point) {
        if let Some(c) = self.count.get_mut(p) {
            *c = c.saturating_sub(1);
        }
    }

    pub(crate) fn moved(&mut self, from: Point, to: Point) {
        self.left(from);
        self.raise(to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::creature::Creature;
    use crate::kinds::tile::Tile;

    /// The same answers for every cell as a grid counted from nothing, through counts on
    /// other levels and near a point, moves, creatures leaving and a world of another size.
    #[test]
    fn a_crowd_counted_again_answers_as_a_fresh_one() {
        let world = World::filled(7, 5, 2, Tile::Floor);
        let at = |x, y, z| Monster::new(Creature::Rat, Point::new(x, y, z));
        let mut herd = vec![
            at(1, 1, 0),
            at(2, 1, 0),
            at(2, 1, 0),
            at(3, 3, 1),
            at(6, 4, 0),
        ];
        let mut crowd = Crowd::default();
        let same = |crowd: &Crowd, herd: &[Monster], z: i32| {
            let mut fresh = Crowd::default();
            fresh.count(&world, herd, Point::new(0, 0, z), i32::MAX);
            for (p, _) in world.points(z) {
                assert_eq!(crowd.taken(p), fresh.taken(p), "{p:?} on level {z}");
            }
        };
        for z in [0, 1, 0] {
            crowd.count(&world, &herd, Point::new(3, 2, z), i32::MAX);
            same(&crowd, &herd, z);
        }
        // Within one king's move of (1, 1): the creature on (2, 1) twice, not the one on (6, 4).
        crowd.count(&world, &herd, Point::new(1, 1, 0), 1);
        same(&crowd, &herd[..3], 0);
        let near = [(0, Point::new(1, 1, 0)), (1, Point::new(2, 1, 0))];
        assert_eq!(
            crowd.counted(),
            [near[0], near[1], (2, Point::new(2, 1, 0))]
        );
        crowd.count(&world, &herd, Point::new(3, 2, 0), i32::MAX);
        crowd.moved(Point::new(2, 1, 0), Point::new(4, 2, 0));
        herd[1].pos = Point::new(4, 2, 0);
        crowd.left(Point::new(6, 4, 0));
        herd.pop();
        same(&crowd, &herd, 0);
        assert!(crowd.taken(Point::new(2, 1, 0)), "one of two stayed");
        crowd.count(&world, &herd[..1], Point::new(3, 2, 0), i32::MAX);
        same(&crowd, &herd[..1], 0);

        let wider = World::filled(9, 5, 1, Tile::Floor);
        crowd.count(&wider, &[at(8, 4, 0)], Point::new(0, 0, 0), i32::MAX);
        assert!(crowd.taken(Point::new(8, 4, 0)));
        assert!(!crowd.taken(Point::new(1, 1, 0)));
    }
}
