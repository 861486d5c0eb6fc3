//! Field of view by symmetric shadowcasting (after Albert Ford's description): walls block
//! sight, and a floor tile A sees floor tile B exactly when B sees A. Slopes are exact
//! fractions, so the result does not depend on floating-point rounding.

/// Calls `reveal(x, y)` for every cell visible from `origin` within `radius` cells (Euclidean,
/// rounded generously), where `blocks(x, y)` tells whether a cell stops sight. The origin is
/// always revealed.
pub fn field_of_view(
    origin: (i32, i32),
    radius: i32,
    blocks: &impl Fn(i32, i32) -> bool,
    reveal: &mut impl FnMut(i32, i32),
) {
    reveal(origin.0, origin.1);
    // Each quadrant maps (depth, column) to a map cell: the steps in x and y of one column
    // and of one row deeper.
    for (col, deeper) in [
        ((1, 0), (0, -1)),
        ((0, 1), (1, 0)),
        ((1, 0), (0, 1)),
        ((0, 1), (-1, 0)),
    ] {
        let mut scan = Scan {
            origin,
            col,
            deeper,
            radius,
            blocks,
            reveal: &mut *reveal,
        };
        scan.row(1, (-1, 1), (1, 1));
    }
}

/// A slope as a fraction (numerator, positive denominator).
type Slope = (i32, i32);

struct Scan<'a, B, R> {
    origin: (i32, i32),
    col: (i32, i32),
    deeper: (i32, i32),
    radius: i32,
    blocks: &'a B,
    reveal: &'a mut R,
}

impl<B: Fn(i32, i32) -> bool, R: FnMut(i32, i32)> Scan<'_, B, R> {
    /// The map cell at (`depth`, `col`) of this quadrant.
    fn cell(&self, depth: i32, col: i32) -> (i32, i32) {
        let (x, y) = self.origin;
        (
            x + col * self.col.0 + depth * self.deeper.0,
            y + col * self.col.1 + depth * self.deeper.1,
        )
    }

    fn in_range(&self, depth: i32, col: i32) -> bool {
        depth * depth + col * col <= self.radius * self.radius + self.radius
    }

    fn row(&mut self, depth: i32, start: Slope, end: Slope) {
        if depth > self.radius {
            return;
        }
        let mut start = start;
        // Columns from round-half-up(depth * start) to round-half-down(depth * end).
        let first = (2 * depth * start.0 + start.1).div_euclid(2 * start.1);
        let last = -(-(2 * depth * end.0 - end.1)).div_euclid(2 * end.1);
        let mut prev_wall: Option<bool> = None;
        for col in first..=last {
            let (x, y) = self.cell(depth, col);
            let wall = (self.blocks)(x, y);
            let symmetric = col * start.1 >= depth * start.0 && col * end.1 <= depth * end.0;
            if (wall || symmetric) && self.in_range(depth, col) {
                (self.reveal)(x, y);
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
        let blocks = |x: i32, y: i32| {
            g.get(y as usize)
                .and_then(|r| r.get(x as usize))
                .is_none_or(|&c| c == b'#')
        };
        let mut seen = HashSet::new();
        field_of_view(origin, radius, &blocks, &mut |x, y| {
            seen.insert((x, y));
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

    #[test]
    fn sight_is_symmetric_on_random_caves() {
        use rand::Rng;
        let mut rng = crate::rules::rng::seeded(11);
        for _ in 0..30 {
            let g: Vec<Vec<u8>> = (0..24)
                .map(|_| {
                    (0..24)
                        .map(|_| if rng.random_bool(0.3) { b'#' } else { b'.' })
                        .collect()
                })
                .collect();
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
