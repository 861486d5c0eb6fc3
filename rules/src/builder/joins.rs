//! Whether the walkable cells around a cell stay joined when the cell is taken out, asked of
//! a few chosen cells of a level (the cells a placing loop tries) with a bounded amount of
//! work each and at most one look at the whole level: first round the cell itself, then by a
//! search from its sides of at most `DETOUR` cells (`detour`), and only when that has no
//! answer, by a graph of the level made once for every chosen cell (`Joins`).
//!
//! Taking the chosen cells out leaves the level's other walkable cells in parts (regions,
//! labelled once). A small graph links each chosen cell to the parts and the chosen cells
//! beside it. Each part is joined within itself, so two cells are joined on the level, with
//! any chosen cells taken out, exactly when their nodes are joined in the graph with those
//! cells' nodes taken out: a question is a search of the graph, which has a node per part and
//! per chosen cell.

use super::bitgrid::BitGrid;
use super::detour::{kinds, Detours};
use super::picks::Pick;
use super::regions::Regions;
use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::geom::DIRECTIONS8;
use crate::space::world::World;

/// The most cells a search from the sides of a cell takes in before the level's graph is
/// asked instead. A level of no more cells is always answered by the search.
const DETOUR: usize = 8192;

/// The questions of one placing loop on one level: which cells it tries, which cells may be
/// walked (`walk`, read from the world as it stands when asked), and what was worked out
/// for them so far.
pub(super) struct JoinCheck<'a> {
    z: i32,
    walk: fn(Tile) -> bool,
    /// The kinds `walk` accepts, as `detour::kinds` gives them.
    kinds: u32,
    cells: &'a [(usize, usize)],
    detours: &'a mut Detours,
    joins: Option<Joins>,
}

impl<'a> JoinCheck<'a> {
    /// The questions about `cells` (each at most once) on level `z`, with `detours` made for
    /// the world's size.
    pub(super) fn new(
        z: i32,
        walk: fn(Tile) -> bool,
        cells: &'a [(usize, usize)],
        detours: &'a mut Detours,
    ) -> Self {
        JoinCheck {
            z,
            walk,
            kinds: kinds(walk),
            cells,
            detours,
            joins: None,
        }
    }

    /// The placing loop: tries `picks` in turn (pick `k` is chosen cell `k`) until `most` are
    /// placed, `rng` left as after the last pick tried. A pick is placed where `fits` says
    /// so and the level stays joined without it and without every placed one that blocks
    /// the way; `place` puts it in `world` and says whether it blocks the way.
    pub(super) fn place<T>(
        &mut self,
        world: &mut World,
        rng: &mut GameRng,
        picks: &[Pick<T>],
        most: usize,
        fits: impl Fn(&World, usize, &Pick<T>) -> bool,
        mut place: impl FnMut(&mut World, usize, &Pick<T>) -> bool,
    ) {
        let mut blocks = vec![false; picks.len()];
        let mut placed = 0;
        for (k, pick) in picks.iter().enumerate() {
            if placed == most {
                break;
            }
            rng.clone_from(&pick.after);
            if !fits(world, k, pick) || !self.stays_joined(world, k, &blocks) {
                continue;
            }
            blocks[k] = place(world, k, pick);
            placed += 1;
        }
    }

    /// Whether the cells around chosen cell `k` that `walk` accepts stay joined with it taken
    /// out. `gone` marks the chosen cells already taken out (no longer walkable in `world`).
    pub(super) fn stays_joined(&mut self, world: &World, k: usize, gone: &[bool]) -> bool {
        let level = world.level(self.z).unwrap_or(&[]);
        if let Some(answer) = self
            .detours
            .around(level, self.cells[k], self.kinds, DETOUR)
        {
            return answer;
        }
        let (z, walk, cells) = (self.z, self.walk, self.cells);
        self.joins
            .get_or_insert_with(|| Joins::new(&BitGrid::of_tiles(world, z, walk), cells))
            .stays_joined(k, gone)
    }
}

/// The graph of a level's parts and its chosen cells. Node `id` (from 1) is the part labelled
/// `id`; node `parts + 1 + k` is chosen cell `k`.
pub(super) struct Joins {
    parts: usize,
    /// For each node, the nodes beside it (each once); empty for node 0, which is no part.
    links: Vec<Vec<u32>>,
}

impl Joins {
    /// The graph of the cells `walk` holds, `cells` chosen (each at most once, inside the
    /// grid).
    pub(super) fn new(walk: &BitGrid, cells: &[(usize, usize)]) -> Joins {
        let mut rest = walk.clone();
        for &(x, y) in cells {
            rest.set(x, y, false);
        }
        let regions = Regions::of_grid(&rest);
        let parts = regions.sizes.len() - 1;
        let mut links = vec![Vec::new(); parts + 1 + cells.len()];
        for (k, &(x, y)) in cells.iter().enumerate() {
            let node = (parts + 1 + k) as u32;
            for (dx, dy) in DIRECTIONS8 {
                let (nx, ny) = (x as isize + dx as isize, y as isize + dy as isize);
                if !walk.get(nx, ny) {
                    continue;
                }
                let (nx, ny) = (nx as usize, ny as usize);
                let other = match cells.iter().position(|&c| c == (nx, ny)) {
                    Some(j) => (parts + 1 + j) as u32,
                    None => regions.id_at(nx, ny),
                };
                if !links[node as usize].contains(&other) {
                    links[node as usize].push(other);
                    // A part lists the chosen cells beside it (a chosen cell beside another
                    // is listed by that one when its own neighbours are looked at).
                    if (other as usize) <= parts {
                        links[other as usize].push(node);
                    }
                }
            }
        }
        Joins { parts, links }
    }

    /// Whether the walkable cells around chosen cell `k` stay joined among themselves with it
    /// taken out, and with it every chosen cell that `gone` marks (by number).
    pub(super) fn stays_joined(&self, k: usize, gone: &[bool]) -> bool {
        let first_chosen = self.parts + 1;
        let out = |node: u32| {
            let j = (node as usize).checked_sub(first_chosen);
            j.is_some_and(|j| j == k || gone[j])
        };
        let around = &self.links[first_chosen + k];
        let mut targets = around.iter().filter(|&&n| !out(n));
        let Some(&first) = targets.next() else {
            return true;
        };
        let mut missing = targets.count();
        if missing == 0 {
            return true;
        }
        let mut seen = vec![false; self.links.len()];
        seen[first as usize] = true;
        let mut stack = vec![first];
        while let Some(node) = stack.pop() {
            for &next in &self.links[node as usize] {
                if seen[next as usize] || out(next) {
                    continue;
                }
                seen[next as usize] = true;
                if around.contains(&next) {
                    missing -= 1;
                    if missing == 0 {
                        return true;
                    }
                }
                stack.push(next);
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// The plain answer: a breadth-first search over the walkable cells from one neighbour
    /// of `cell`, with `cell` and the cells of `gone` taken out, that must reach the others.
    fn searched(walk: &BitGrid, cell: (usize, usize), gone: &[(usize, usize)]) -> bool {
        let (w, h) = (walk.width() as isize, walk.height() as isize);
        let free = |x: isize, y: isize| {
            walk.get(x, y) && (x, y) != (cell.0 as isize, cell.1 as isize) && {
                let c = (x as usize, y as usize);
                !gone.contains(&c)
            }
        };
        let (cx, cy) = (cell.0 as isize, cell.1 as isize);
        let around: Vec<(isize, isize)> = DIRECTIONS8
            .iter()
            .map(|&(dx, dy)| (cx + dx as isize, cy + dy as isize))
            .filter(|&(x, y)| free(x, y))
            .collect();
        let Some(&start) = around.first() else {
            return true;
        };
        let mut seen = vec![false; (w * h) as usize];
        seen[(start.1 * w + start.0) as usize] = true;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some((x, y)) = queue.pop_front() {
            for (dx, dy) in DIRECTIONS8 {
                let (nx, ny) = (x + dx as isize, y + dy as isize);
                if free(nx, ny) && !seen[(ny * w + nx) as usize] {
                    seen[(ny * w + nx) as usize] = true;
                    queue.push_back((nx, ny));
                }
            }
        }
        around.iter().all(|&(x, y)| seen[(y * w + x) as usize])
    }

    /// Over random levels, cells and cells taken out, the graph answers what a search of the
    /// level answers.
    #[test]
    fn the_graph_answers_what_a_search_of_the_level_answers() {
        let mut rng = crate::rng::seeded(11);
        let (mut joined, mut cut) = (0, 0);
        for round in 0..300 {
            let (w, h) = (rng.random_range(3..40usize), rng.random_range(3..30usize));
            let chance = [0.45, 0.55, 0.65, 0.8][round % 4];
            let walk = BitGrid::random(w, h, chance, &mut rng);
            let open = walk.cells();
            if open.is_empty() {
                continue;
            }
            let mut cells = Vec::new();
            for _ in 0..rng.random_range(1..12) {
                let c = open[rng.random_range(0..open.len())];
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            let joins = Joins::new(&walk, &cells);
            let mut gone = vec![false; cells.len()];
            for k in 0..cells.len() {
                let taken: Vec<(usize, usize)> = (0..cells.len())
                    .filter(|&j| gone[j])
                    .map(|j| cells[j])
                    .collect();
                let want = searched(&walk, cells[k], &taken);
                assert_eq!(
                    joins.stays_joined(k, &gone),
                    want,
                    "round {round}: cell {:?} with {taken:?} out",
                    cells[k]
                );
                if want {
                    joined += 1;
                } else {
                    cut += 1;
                }
                gone[k] = rng.random_bool(0.5);
            }
        }
        assert!(joined > 100 && cut > 100, "{joined} joined, {cut} cut");
    }

    #[test]
    fn a_passage_with_a_way_round_stays_joined_and_the_only_way_does_not() {
        let ring = BitGrid::from_text(
            "
            #####
            #...#
            #.#.#
            #...#
            #####
        ",
        );
        let joins = Joins::new(&ring, &[(1, 2), (3, 2)]);
        assert!(
            joins.stays_joined(0, &[false, false]),
            "round the other side"
        );
        assert!(
            !joins.stays_joined(0, &[false, true]),
            "the other side is shut"
        );
        let neck = BitGrid::from_text("...\n#.#\n...");
        assert!(!Joins::new(&neck, &[(1, 1)]).stays_joined(0, &[false]));
    }
}
