//! How a creature steps on its turn: closer to what it hunts, or at random.

use crate::balance::IDLE_CHANCE;
use crate::rng::GameRng;
use crate::space::geom::{Point, DIRECTIONS8};
use rand::Rng;

/// Where a creature at `from` steps next: towards `target` when it can see it (`hunting`),
/// else a random step unless it idles (`IDLE_CHANCE`). `free(p)` tells whether it may enter `p`.
pub fn next_step(
    from: Point,
    target: Point,
    hunting: bool,
    free: impl Fn(Point) -> bool,
    rng: &mut GameRng,
) -> Option<Point> {
    if hunting {
        let dist = |p: Point| distance(p, target);
        return from
            .neighbours8()
            .filter(|&p| free(p) && dist(p) < dist(from))
            .min_by_key(|&p| dist(p));
    }
    if rng.random_bool(IDLE_CHANCE) {
        return None;
    }
    random_step(from, free, rng)
}

/// How far `p` is from `target` for creatures: king's moves first, then straight-line
/// distance (squared) to break ties.
pub fn distance(p: Point, target: Point) -> (i32, i32) {
    (
        p.chebyshev(target),
        (p.x - target.x).pow(2) + (p.y - target.y).pow(2),
    )
}

/// A step from `from` in a random direction, if that cell is free.
pub fn random_step(from: Point, free: impl Fn(Point) -> bool, rng: &mut GameRng) -> Option<Point> {
    let (dx, dy) = DIRECTIONS8[rng.random_range(0..8u32) as usize];
    Some(from.offset(dx, dy)).filter(|&p| free(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;
    use crate::space::world::World;

    #[test]
    fn a_hunter_closes_in_and_never_steps_into_walls() {
        let world = World::from_text(&["......\n.####.\n......"]).expect("fixture");
        let free = |p: Point| world.tile(p).is_open();
        let mut rng = seeded(1);
        let step = next_step(
            Point::new(0, 0, 0),
            Point::new(5, 0, 0),
            true,
            free,
            &mut rng,
        );
        assert_eq!(step, Some(Point::new(1, 0, 0)));
        for _ in 0..50 {
            if let Some(p) = next_step(
                Point::new(0, 1, 0),
                Point::new(5, 2, 0),
                false,
                free,
                &mut rng,
            ) {
                assert!(free(p));
            }
        }
    }
}
