//! Points in the world (x, y in cells, z = level index from 0 at the top) and directions.

/// A location in world coordinates: `x`, `y` in cells, `z` the level (0 is the top level).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: i32,
    pub y: i32,
    pub z: i32,
}

impl Point {
    pub const fn new(x: i32, y: i32, z: i32) -> Self {
        Point { x, y, z }
    }

    /// The point moved by `dx`, `dy` on the same level.
    pub const fn offset(self, dx: i32, dy: i32) -> Self {
        Point::new(self.x + dx, self.y + dy, self.z)
    }

    /// The eight neighbours on the same level, in a fixed order.
    pub fn neighbours8(self) -> impl Iterator<Item = Point> {
        DIRECTIONS8.iter().map(move |&(dx, dy)| self.offset(dx, dy))
    }

    /// Chebyshev distance on the plane (ignores z): the number of 8-way steps.
    pub fn chebyshev(self, other: Point) -> i32 {
        (self.x - other.x).abs().max((self.y - other.y).abs())
    }
}

/// The eight compass steps (dx, dy), screen orientation (y grows downwards).
pub const DIRECTIONS8: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// For every cell of a `width` x `height` plane (row by row), the Chebyshev distance to the
/// nearest of `sources` (their `z` is ignored), or 0 for every cell when there are none. One
/// breadth-first search from all the sources at once over king's moves, walls ignored: linear
/// in the cells, however many sources there are.
pub fn nearest_chebyshev(width: i32, height: i32, sources: &[Point]) -> Vec<i32> {
    let (w, h) = (width.max(0) as usize, height.max(0) as usize);
    let mut dist = vec![-1; w * h];
    let mut queue = std::collections::VecDeque::new();
    for s in sources {
        if (0..width).contains(&s.x) && (0..height).contains(&s.y) {
            let i = s.y as usize * w + s.x as usize;
            if dist[i] < 0 {
                dist[i] = 0;
                queue.push_back((s.x, s.y));
            }
        }
    }
    if queue.is_empty() {
        return vec![0; w * h];
    }
    while let Some((x, y)) = queue.pop_front() {
        let d = dist[y as usize * w + x as usize];
        for (dx, dy) in DIRECTIONS8 {
            let (nx, ny) = (x + dx, y + dy);
            if (0..width).contains(&nx) && (0..height).contains(&ny) {
                let j = ny as usize * w + nx as usize;
                if dist[j] < 0 {
                    dist[j] = d + 1;
                    queue.push_back((nx, ny));
                }
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_the_ring_around_a_point() {
        let p = Point::new(5, 5, 2);
        let n: Vec<Point> = p.neighbours8().collect();
        assert_eq!(n.len(), 8);
        assert!(n.iter().all(|q| q.chebyshev(p) == 1 && q.z == 2));
        assert!(!n.contains(&p));
    }

    #[test]
    fn nearest_chebyshev_is_the_distance_to_the_nearest_source() {
        let (w, h) = (23, 17);
        let sources = [
            Point::new(3, 4, 0),
            Point::new(20, 15, 0),
            Point::new(11, 0, 0),
        ];
        let field = nearest_chebyshev(w, h, &sources);
        for y in 0..h {
            for x in 0..w {
                let p = Point::new(x, y, 0);
                let brute = sources.iter().map(|s| s.chebyshev(p)).min();
                assert_eq!(Some(field[(y * w + x) as usize]), brute, "{p:?}");
            }
        }
        assert_eq!(
            nearest_chebyshev(4, 3, &[]),
            vec![0; 12],
            "no sources, no distance"
        );
    }
}
