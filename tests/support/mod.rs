//! Helpers shared by the native integration tests.

use caves::rules::kinds::tile::Tile;
use caves::rules::space::geom::Point;
use caves::rules::space::world::World;
use std::collections::VecDeque;

/// Every open tile reachable from `start` by 8-way steps and by stairs ('>' leads to the '<'
/// below it, '<' to the '>' above it): the ways of a creature that cannot open doors.
pub fn reachable(world: &World, start: Point) -> usize {
    reachable_where(world, start, Tile::is_open)
}

/// Every tile for which `pass` holds reachable from `start` over such tiles, as `reachable`.
pub fn reachable_where(world: &World, start: Point, pass: fn(Tile) -> bool) -> usize {
    let (w, h, d) = (world.width(), world.height(), world.depth());
    let index = |p: Point| ((p.z * h + p.y) * w + p.x) as usize;
    let mut seen = vec![false; (w * h * d) as usize];
    let mut queue = VecDeque::from([start]);
    seen[index(start)] = true;
    let mut count = 0;
    while let Some(p) = queue.pop_front() {
        count += 1;
        let mut next: Vec<Point> = p.neighbours8().collect();
        match world.tile(p) {
            Tile::StairsDown => next.push(Point { z: p.z + 1, ..p }),
            Tile::StairsUp => next.push(Point { z: p.z - 1, ..p }),
            _ => {}
        }
        for q in next {
            if pass(world.tile(q)) && !seen[index(q)] {
                seen[index(q)] = true;
                queue.push_back(q);
            }
        }
    }
    count
}

/// All open tiles of the world.
pub fn open_tiles(world: &World) -> usize {
    tiles_where(world, Tile::is_open)
}

/// All tiles of the world for which `keep` holds.
pub fn tiles_where(world: &World, keep: fn(Tile) -> bool) -> usize {
    (0..world.depth())
        .map(|z| world.points(z).filter(|&(_, t)| keep(t)).count())
        .sum()
}
