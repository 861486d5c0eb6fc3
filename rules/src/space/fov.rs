//! Field of view by symmetric shadowcasting (after Albert Ford's description): walls block
//! sight, and a floor tile A sees floor tile B exactly when B sees A. Slopes are exact
//! fractions, so the result does not depend on floating-point rounding.

/// What stops sight on one level, with a border of walls `pad` cells wide around it, so that
/// a scan of radius up to `pad` never needs a bounds check.
#[derive(Clone, Debug, Default)]
pub struct Blockers {
    width: i32,
    height: i32,
    pad: i32,
    /// Cells per padded row.
    stride: i32,
    cells: Vec<bool>,
}

impl Blockers {
    /// The blockers of a `width` x `height` level, where `blocks(x, y)` tells whether the cell
    /// stops sight, padded for scans of radius up to `pad`.
    pub fn new(width: i32, height: i32, pad: i32, blocks: impl Fn(i32, i32) -> bool) -> Self {
        let (width, height, pad) = (width.max(0), height.max(0), pad.max(0));
        let stride = width + 2 * pad;
        let mut cells = vec![true; (stride * (height + 2 * pad)) as usize];
        for y in 0..height {
            for x in 0..width {
                cells[((y + pad) * stride + x + pad) as usize] = blocks(x, y);
            }
        }
        Blockers {
            width,
            height,
            pad,
            stride,
            cells,
        }
    }

    /// True when `(x, y)` lies on the level (not in the border).
    pub fn inside(&self, x: i32, y: i32) -> bool {
        (0..self.width).contains(&x) && (0..self.height).contains(&y)
    }
}

/// Calls `reveal(dx, dy)`, the offset from `origin`, for every cell visible from `origin` (a
/// cell of the level) within
/// `radius` cells (Euclidean, rounded generously) and at most `depth` cells away along either
/// axis, where `blockers` tells which cells stop sight. Cells of the border may be revealed
/// too (they are walls). The origin is always revealed. Both distances are clamped to the
/// blockers' padding.
///
/// A row of the scan depends only on the rows nearer the origin, so a smaller `depth` gives
/// exactly the cells of the full scan that lie within it.
pub fn field_of_view(
    blockers: &Blockers,
    origin: (i32, i32),
    radius: i32,
    depth: i32,
    reveal: &mut impl FnMut(i32, i32),
) {
    if !blockers.inside(origin.0, origin.1) {
        return;
    }
    reveal(0, 0);
    let radius = radius.clamp(0, blockers.pad);
    let at = (origin.1 + blockers.pad) * blockers.stride + origin.0 + blockers.pad;
    // Each quadrant maps (depth, column) to a map cell: the steps in x and y of one column
    // and of one row deeper.
    for (col, deeper) in [
        ((1, 0), (0, -1)),
        ((0, 1), (1, 0)),
        ((1, 0), (0, 1)),
        ((0, 1), (-1, 0)),
    ] {
        let mut scan = Scan {
            cells: &blockers.cells,
            at,
            col,
            deeper,
            col_step: col.0 + col.1 * blockers.stride,
            deeper_step: deeper.0 + deeper.1 * blockers.stride,
            reach: radius * radius + radius,
            depth: depth.clamp(0, radius),
            reveal: &mut *reveal,
        };
        scan.row(1, (-1, 1), (1, 1));
    }
}

/// A slope as a fraction (numerator, positive denominator).
type Slope = (i32, i32);

struct Scan<'a, R> {
    cells: &'a [bool],
    /// The origin's index in `cells`.
    at: i32,
    col: (i32, i32),
    deeper: (i32, i32),
    /// The index steps of one column and of one row deeper.
    col_step: i32,
    deeper_step: i32,
    /// Cells with depth² + column² up to this are within the radius.
    reach: i32,
    /// The deepest row scanned.
    depth: i32,
    reveal: &'a mut R,
}

impl<R: FnMut(i32, i32)> Scan<'_, R> {
    fn row(&mut self, depth: i32, start: Slope, end: Slope) {
        if depth > self.depth {
            return;
        }
        let mut start = start;
        // Columns from round-half-up(depth * start) to round-half-down(depth * end).
        let first = (2 * depth * start.0 + start.1).div_euclid(2 * start.1);
        let last = -(-(2 * depth * end.0 - end.1)).div_euclid(2 * end.1);
        let row_at = self.at + depth * self.deeper_step;
        let room = self.reach - depth * depth;
        let mut prev_wall: Option<bool> = None;
        for col in first..=last {
            let wall = self.cells[(row_at + col * self.col_step) as usize];
            let symmetric = col * start.1 >= depth * start.0 && col * end.1 <= depth * end.0;
            if (wall || symmetric) && col * col <= room {
                (self.reveal)(
                    col * self.col.0 + depth * self.deeper.0,
                    col * self.col.1 + depth * self.deeper.1,
                );
            }
            let slope = (2 * col - 1, 2 * depth);
            if prev_wall == Some(true) && !wall {
                start = slope;
            }
            if prev_wall == Some(false) && wall {
                self.row(depth + 1, start, slope);
            }
            prev_wall = Some(wall);
        }
        if prev_wall == Some(false) {
            self.row(depth + 1, start, end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn grid(map: &str) -> Vec<Vec<u8>> {
        map.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| l.bytes().collect())
            .collect()
    }

    fn seen_from(g: &[Vec<u8>], origin: (i32, i32), radius: i32) -> HashSet<(i32, i32)> {
        let blocks = |x: i32, y: i32| g[y as usize][x as usize] == b'#';
        let blockers = Blockers::new(g[0].len() as i32, g.len() as i32, radius, blocks);
        let mut seen = HashSet::new();
        field_of_view(&blockers, origin, radius, radius, &mut |dx, dy| {
            let (x, y) = (origin.0 + dx, origin.1 + dy);
            if blockers.inside(x, y) {
                seen.insert((x, y));
            }
        });
        seen
    }

    fn picture(map: &str, origin: (i32, i32)) -> String {
        let g = grid(map);
        let seen = seen_from(&g, origin, 20);
        let mut out = String::new();
        for (y, row) in g.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let p = (x as i32, y as i32);
                out.push(if p == origin {
                    '@'
                } else if seen.contains(&p) {
                    c as char
                } else {
                    ' '
                });
            }
            out.push('\n');
        }
        out
    }

    #[test]
    fn a_pillar_casts_a_shadow() {
        let map = "
            .........
            .........
            ....#....
            .........
            ....@....
        ";
        let expected = "\
.... ....
.... ....
....#....
.........
....@....
";
        assert_eq!(picture(map, (4, 4)), expected);
    }

    #[test]
    fn walls_hide_the_next_room() {
        let map = "
            #######
            #..#..#
            #.@#..#
            #######
        ";
        assert_eq!(picture(map, (2, 2)), "####   \n#..#   \n#.@#   \n####   \n");
    }

    /// A `side` x `side` cave of rows of bytes, each cell a wall (`#`) at `walls`, drawn row
    /// by row.
    fn random_cave(side: usize, walls: f64, rng: &mut impl rand::Rng) -> Vec<Vec<u8>> {
        (0..side)
            .map(|_| {
                (0..side)
                    .map(|_| if rng.random_bool(walls) { b'#' } else { b'.' })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_shorter_scan_finds_the_longer_ones_cells_within_its_reach() {
        use rand::Rng;
        let mut rng = crate::rng::seeded(5);
        let mut compared = 0;
        for _ in 0..20 {
            let g = random_cave(40, 0.25, &mut rng);
            let origin = (rng.random_range(10..30), rng.random_range(10..30));
            let far = seen_from(&g, origin, 12);
            for radius in [4, 7, 10] {
                let near = seen_from(&g, origin, radius);
                let within = |&(x, y): &(i32, i32)| {
                    let (dx, dy) = (x - origin.0, y - origin.1);
                    dx * dx + dy * dy <= radius * radius + radius
                };
                let expected: HashSet<_> = far.iter().copied().filter(within).collect();
                assert_eq!(near, expected, "radius {radius} from {origin:?}");
                compared += near.len();
            }
        }
        assert!(compared > 3_000, "{compared}");
    }

    #[test]
    fn sight_is_symmetric_on_random_caves() {
        let mut rng = crate::rng::seeded(11);
        for _ in 0..30 {
            let g = random_cave(24, 0.3, &mut rng);
            let floors: Vec<(i32, i32)> = (0..24)
                .flat_map(|y| (0..24).map(move |x| (x, y)))
                .filter(|&(x, y)| g[y as usize][x as usize] == b'.')
                .collect();
            let views: Vec<HashSet<(i32, i32)>> =
                floors.iter().map(|&p| seen_from(&g, p, 10)).collect();
            for (i, a) in floors.iter().enumerate() {
                for (j, b) in floors.iter().enumerate() {
                    assert_eq!(
                        views[i].contains(b),
                        views[j].contains(a),
                        "{a:?} and {b:?}"
                    );
                }
            }
        }
    }
}
