//! A way round a cell: whether the walkable cells around a cell stay joined without it, found
//! by searches from each side of it at once. A side is a group of the cells around it that
//! are joined round it; each side's search takes in one cell in turn. They stop when the
//! sides have all met (joined), when a side has run out of cells before meeting another (cut
//! off), or when they have taken in more cells than they may (no answer). A cut-off pocket
//! so costs about its own size and a way round about the area the detour sweeps, seldom much
//! of the level.

use crate::kinds::tile::Tile;

/// The cells around a cell clockwise from the north-west: corners at even places, the sides
/// (orthogonal neighbours) at odd ones.
const RING: [(isize, isize); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

/// A mark in `owner` for the cell taken out.
const TAKEN: u8 = u8::MAX;

/// Bit t set for each tile kind t that `walk` accepts: the kinds a search may walk, read
/// with a shift.
pub(super) fn kinds(walk: fn(Tile) -> bool) -> u32 {
    const _: () = assert!(Tile::ALL.len() <= 32);
    Tile::ALL
        .iter()
        .fold(0, |m, &t| m | u32::from(walk(t)) << t.code())
}

/// The searches' marks and queues for one size of level, kept from one question to the next
/// (each question clears the marks it made and empties the queues).
pub(super) struct Detours {
    width: usize,
    height: usize,
    /// Per cell: 0, or the side whose search took it in (from 1), or `TAKEN`.
    owner: Vec<u8>,
    /// Each side's search: the cells it took in, in order (x, y).
    queues: [Vec<(u32, u32)>; 4],
}

impl Detours {
    pub(super) fn new(width: usize, height: usize) -> Self {
        Detours {
            width,
            height,
            owner: Vec::new(),
            queues: Default::default(),
        }
    }

    /// Whether the cells of `level` around (x, y) whose kinds `walk` holds (see `kinds`) stay
    /// joined among themselves with (x, y) taken out: `Some(true)` or `Some(false)`, or `None`
    /// when the searches took in more than `most` cells before knowing.
    pub(super) fn around(
        &mut self,
        level: &[Tile],
        (x, y): (usize, usize),
        walk: u32,
        most: usize,
    ) -> Option<bool> {
        let (w, h) = (self.width, self.height);
        let at = |(dx, dy): (isize, isize)| {
            let (nx, ny) = (x as isize + dx, y as isize + dy);
            (nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h)
                .then_some((nx as usize, ny as usize))
                .filter(|&(nx, ny)| walk >> level[ny * w + nx].code() & 1 == 1)
        };
        let cells: [Option<(usize, usize)>; 8] = RING.map(at);
        let side = sides(&cells);
        let count = side.iter().copied().max().unwrap_or(0) as usize;
        if count <= 1 {
            return Some(true);
        }
        if self.owner.is_empty() {
            self.owner = vec![0; w * h];
        }
        self.owner[y * w + x] = TAKEN;
        for (cell, &s) in cells.iter().zip(&side) {
            if let Some((cx, cy)) = *cell {
                self.owner[cy * w + cx] = s;
                self.queues[s as usize - 1].push((cx as u32, cy as u32));
            }
        }
        let answer = self.race(level, walk, count, most);
        for queue in &mut self.queues {
            for &(cx, cy) in queue.iter() {
                self.owner[cy as usize * w + cx as usize] = 0;
            }
            queue.clear();
        }
        self.owner[y * w + x] = 0;
        answer
    }

    /// The searches themselves, from the sides' cells in the first `sides` queues (side s + 1
    /// in `queues[s]`), marked already.
    fn race(&mut self, level: &[Tile], walk: u32, sides: usize, most: usize) -> Option<bool> {
        let (w, h) = (self.width, self.height);
        // Which sides have met: `joined[s]` is the lowest side met so far (a union-find of
        // at most four).
        let mut joined: [usize; 4] = [0, 1, 2, 3];
        let root = |joined: &[usize; 4], mut s: usize| {
            while joined[s] != s {
                s = joined[s];
            }
            s
        };
        let mut apart = sides;
        let mut heads = [0usize; 4];
        loop {
            for (s, head) in heads.iter_mut().enumerate().take(sides) {
                let Some(&(x, y)) = self.queues[s].get(*head) else {
                    continue;
                };
                *head += 1;
                let (x, y) = (x as usize, y as usize);
                let own = s as u8 + 1;
                for ny in y.saturating_sub(1)..(y + 2).min(h) {
                    for nx in x.saturating_sub(1)..(x + 2).min(w) {
                        let i = ny * w + nx;
                        let mark = self.owner[i];
                        if mark == own || mark == TAKEN || walk >> level[i].code() & 1 == 0 {
                            continue;
                        }
                        if mark == 0 {
                            self.owner[i] = own;
                            self.queues[s].push((nx as u32, ny as u32));
                            continue;
                        }
                        let (a, b) = (root(&joined, s), root(&joined, mark as usize - 1));
                        if a != b {
                            joined[a.max(b)] = a.min(b);
                            apart -= 1;
                            if apart == 1 {
                                return Some(true);
                            }
                        }
                    }
                }
            }
            // A group of sides that met, all of whose searches have run out, is cut off
            // from the rest.
            let mut live = [false; 4];
            for s in 0..sides {
                if heads[s] < self.queues[s].len() {
                    live[root(&joined, s)] = true;
                }
            }
            if (0..sides).any(|s| root(&joined, s) == s && !live[s]) {
                return Some(false);
            }
            if self.queues.iter().map(Vec::len).sum::<usize>() > most {
                return None;
            }
        }
    }
}

/// The sides of a ring of cells (`None` where a cell is not walkable): for each place, 0 or
/// the number of its side from 1, in ring order of each side's first cell. Two places of the
/// ring touch when they are next to each other, or are both orthogonal neighbours two places
/// apart (across a corner).
fn sides<T>(cells: &[Option<T>; 8]) -> [u8; 8] {
    let mut side = [0u8; 8];
    let mut next = 0;
    for start in 0..8 {
        if cells[start].is_none() || side[start] != 0 {
            continue;
        }
        next += 1;
        side[start] = next;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            let across = if i % 2 == 1 { 2 } else { 1 };
            for j in [
                (i + 1) % 8,
                (i + 7) % 8,
                (i + across) % 8,
                (i + 8 - across) % 8,
            ] {
                if cells[j].is_some() && side[j] == 0 {
                    side[j] = next;
                    stack.push(j);
                }
            }
        }
    }
    side
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::bitgrid::BitGrid;
    use crate::builder::joins::Joins;
    use rand::Rng;

    fn tiles(grid: &BitGrid) -> Vec<Tile> {
        grid.to_bools()
            .into_iter()
            .map(|o| if o { Tile::Floor } else { Tile::Wall })
            .collect()
    }

    /// Over random levels, whenever the searches answer, they answer what the graph of the
    /// level does (`Joins`, itself checked against a plain search); with room enough they
    /// always answer.
    #[test]
    fn the_searches_answer_what_the_level_graph_answers() {
        let mut rng = crate::rng::seeded(21);
        let (mut joined, mut cut, mut unknown) = (0, 0, 0);
        for round in 0..400 {
            let (w, h) = (rng.random_range(3..50usize), rng.random_range(3..40usize));
            let chance = [0.45, 0.55, 0.6, 0.7][round % 4];
            let grid = BitGrid::random(w, h, chance, &mut rng);
            let level = tiles(&grid);
            let mut detours = Detours::new(w, h);
            for _ in 0..20 {
                let cell = (rng.random_range(0..w), rng.random_range(0..h));
                if !grid.get(cell.0 as isize, cell.1 as isize) {
                    continue;
                }
                let want = Joins::new(&grid, &[cell]).stays_joined(0, &[false]);
                let most = [8, 64, w * h][rng.random_range(0..3usize)];
                match detours.around(&level, cell, kinds(Tile::is_open), most) {
                    Some(answer) => {
                        assert_eq!(answer, want, "round {round}, {cell:?}");
                        if answer {
                            joined += 1;
                        } else {
                            cut += 1;
                        }
                    }
                    None => {
                        assert!(most < w * h, "round {round}: no answer with room enough");
                        unknown += 1;
                    }
                }
                assert!(detours.owner.iter().all(|&m| m == 0), "marks left behind");
                assert!(detours.queues.iter().all(Vec::is_empty), "queues left full");
            }
        }
        assert!(
            joined > 100 && cut > 100 && unknown > 10,
            "{joined} joined, {cut} cut, {unknown} unknown"
        );
    }

    #[test]
    fn sides_are_the_groups_joined_round_the_ring() {
        let ring = |open: [bool; 8]| sides(&open.map(|o| o.then_some(())));
        // A passage north to south: west and east of it are two sides.
        let t = true;
        let f = false;
        assert_eq!(ring([t, f, t, t, t, f, t, t]), [1, 0, 2, 2, 2, 0, 1, 1]);
        // North and east touch across the closed corner between them.
        assert_eq!(ring([f, t, f, t, f, f, f, f]), [0, 1, 0, 1, 0, 0, 0, 0]);
        // Two corners alone do not.
        assert_eq!(ring([t, f, t, f, f, f, f, f]), [1, 0, 2, 0, 0, 0, 0, 0]);
        assert_eq!(ring([t; 8]), [1; 8]);
    }
}
