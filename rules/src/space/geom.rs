//! Points in the world (x, y in cells, z = level index from 0 at the top) and directions.

/// A location in world coordinates: `x`, `y` in cells, `z` the level (0 is the top level).
#[derive(Clone, Copy, Debug, Eq, PartialOrd, Ord)]
pub struct Point {
    pub x: i32,
    pub y: i32,
    pub z: i32,
}

/// Field by field, always inlined: points are compared on every step of every creature, and a
/// build for size otherwise calls a byte comparison for the twelve bytes.
impl PartialEq for Point {
    #[inline(always)]
    fn eq(&self, other: &Point) -> bool {
        self.x == other.x && self.y == other.y && self.z == other.z
    }
}

/// The same fields as `eq`, in order, as a derived hash would take them.
impl std::hash::Hash for Point {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.x.hash(state);
        self.y.hash(state);
        self.z.hash(state);
    }
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
    #[inline(always)]
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
}
