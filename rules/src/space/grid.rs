//! `Grid<T>`: a value for every cell of one level's plane, row by row, reached by point
//! instead of by index arithmetic by hand. Points outside answer `None`; their `z` is not
//! looked at, so one grid serves any level of the same size.

use crate::space::geom::Point;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid<T> {
    width: i32,
    height: i32,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A `width` x `height` grid holding `fill` everywhere (sizes below 0 count as 0).
    pub fn new(width: i32, height: i32, fill: T) -> Grid<T> {
        let (width, height) = (width.max(0), height.max(0));
        Grid {
            width,
            height,
            cells: vec![fill; (width as usize) * (height as usize)],
        }
    }
}

/// An empty grid (0 x 0), to be replaced by one of a level's size.
impl<T> Default for Grid<T> {
    fn default() -> Grid<T> {
        Grid {
            width: 0,
            height: 0,
            cells: Vec::new(),
        }
    }
}

impl<T> Grid<T> {
    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    /// Where `p`'s cell lies in `cells`, when `p` is inside the plane.
    #[inline(always)]
    pub fn index(&self, p: Point) -> Option<usize> {
        ((0..self.width).contains(&p.x) && (0..self.height).contains(&p.y))
            .then(|| p.y as usize * self.width as usize + p.x as usize)
    }

    /// The point (on level `z`) of the cell at `index`.
    pub fn point(&self, index: usize, z: i32) -> Point {
        let w = self.width.max(1) as usize;
        Point::new((index % w) as i32, (index / w) as i32, z)
    }

    pub fn get(&self, p: Point) -> Option<&T> {
        self.index(p).map(|i| &self.cells[i])
    }

    pub fn get_mut(&mut self, p: Point) -> Option<&mut T> {
        self.index(p).map(|i| &mut self.cells[i])
    }

    /// Sets `p`'s cell; a point outside changes nothing.
    pub fn set(&mut self, p: Point, value: T) {
        if let Some(c) = self.get_mut(p) {
            *c = value;
        }
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// Every cell, row by row, to change.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The rows, top first.
    pub fn rows(&self) -> impl Iterator<Item = &[T]> {
        self.cells.chunks(self.width.max(1) as usize)
    }

    /// The king's-move neighbours of `p` that lie inside the plane.
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        p.neighbours8().filter(|&q| self.index(q).is_some())
    }
}

/// For every cell of a `width` x `height` plane, the Chebyshev distance to the nearest of
/// `sources` (their `z` is ignored), or 0 for every cell when there are none. One
/// breadth-first search from all the sources at once over king's moves, walls ignored: linear
/// in the cells, however many sources there are.
pub fn nearest_chebyshev(width: i32, height: i32, sources: &[Point]) -> Grid<i32> {
    let mut dist = Grid::new(width, height, -1);
    let mut queue = Vec::new();
    for &s in sources {
        if dist.get(s) == Some(&-1) {
            dist.set(s, 0);
            queue.push(Point { z: 0, ..s });
        }
    }
    if queue.is_empty() {
        return Grid::new(width, height, 0);
    }
    let mut head = 0;
    while let Some(&p) = queue.get(head) {
        head += 1;
        let d = dist.get(p).copied().unwrap_or(0);
        for q in p.neighbours8() {
            if dist.get(q) == Some(&-1) {
                dist.set(q, d + 1);
                queue.push(q);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_reached_by_point_and_outside_is_none() {
        let mut g = Grid::new(3, 2, 0u8);
        g.set(Point::new(2, 1, 0), 7);
        g.set(Point::new(3, 0, 0), 9);
        assert_eq!(
            g.get(Point::new(2, 1, 5)),
            Some(&7),
            "any level of the size"
        );
        assert_eq!(g.get(Point::new(-1, 0, 0)), None);
        assert_eq!(g.cells(), [0, 0, 0, 0, 0, 7]);
        assert_eq!(g.rows().count(), 2);
        assert_eq!(g.point(5, 1), Point::new(2, 1, 1));
        assert_eq!(g.neighbours(Point::new(0, 0, 0)).count(), 3);
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
                assert_eq!(field.get(p).copied(), brute, "{p:?}");
            }
        }
        assert_eq!(
            nearest_chebyshev(4, 3, &[]).cells(),
            [0; 12],
            "no sources, no distance"
        );
    }
}
