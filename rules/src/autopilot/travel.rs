//! Travel: walking to a chosen cell or the nearest stairs, auto-exploring, and running in a
//! straight line. Travel never acts by itself: each call answers the one ordinary action to
//! take next, so runs, saves and replays stay exact. The caller takes a `stops::Watch`
//! before each step and asks `stops::interrupted` after it (and [`run_stop`] after each step
//! of a run).
//!
//! Paths come from a breadth-first search over the player's level with flat arrays, through
//! open cells the player remembers only (a closed door counts as open: the step into it
//! opens it, and the next goes through). Exploring walks to the nearest place worth going
//! (`explore`): a known open cell that borders an unknown one, or an item seen that is the
//! autopilot's to fetch, and picks up what it stands on (with the ordinary `PickUp`
//! action) while the pack has room. A cell only a scroll of mapping showed (never seen by
//! the player's own light) counts as unexplored too. A goal on another level, or one the
//! player's level reaches only through other levels, and the stairs towards the way out or
//! the unexplored, come from routes across levels through known stairs (`routes`); the way
//! out is followed all the way, its stairs taken as they come.

pub use crate::autopilot::explore::pick_up_here;
use crate::autopilot::explore::{fetch_cells, is_frontier};
use crate::game::action::{Action, Dir};
use crate::game::ending::Outcome;
use crate::game::state::State;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;
use crate::space::grid::Grid;

/// Where travel is headed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    To(Point),
    StairsDown,
    StairsUp,
    /// Towards the way out by known stairs: the stairs on this level that lead there.
    WayOut,
    /// Towards what is still unexplored beyond stairs: stairs down, or stairs that lead to
    /// an area with places left to explore.
    Onward,
    Explore,
    /// Straight on in one direction until something interesting happens.
    Run(Dir),
}

/// The next action towards `goal`: the first step of a path found afresh (creatures move),
/// or `None` when arrived, when there is no known way, when nothing is left to explore, or
/// when the run is over. A step into a lit creature at the goal attacks it. Exploring first
/// picks up what lies underfoot when the pack has room ([`pick_up_here`]).
pub fn next_step(state: &State, goal: Goal) -> Option<Action> {
    first_step(state, goal)
}

/// The first action of a journey: the same as every other step ([`next_step`]). What the
/// player set down stays where it lies: exploring never fetches it.
pub fn first_step(state: &State, goal: Goal) -> Option<Action> {
    if state.outcome() != Outcome::Playing {
        return None;
    }
    let steps = match goal {
        Goal::To(p) => match path(state, p) {
            Some(steps) => steps,
            None => {
                return crate::autopilot::routes::route_to(state, p)?
                    .actions
                    .first()
                    .copied()
            }
        },
        // The shortest known route out, followed all the way: its stairs are climbed (or
        // gone down) as they come, so the journey never asks for a choice of stairs it could
        // get wrong. It ends on the way out, where `<` leaves.
        Goal::WayOut => match crate::autopilot::routes::way_out(state) {
            Some(route) => return route.actions.first().copied(),
            None => search(state, |p| is_stairs(state, p, false))?.1,
        },
        Goal::Onward => {
            let here = state.player();
            match crate::autopilot::routes::onward(state).map(|r| r.first_stairs(here)) {
                Some(p) if p == here => return None,
                Some(p) => path(state, p)?,
                None => search(state, |p| is_stairs(state, p, true))?.1,
            }
        }
        Goal::StairsDown => search(state, |p| is_stairs(state, p, true))?.1,
        Goal::StairsUp => search(state, |p| is_stairs(state, p, false))?.1,
        Goal::Explore => {
            if let Some(pick) = pick_up_here(state) {
                return Some(pick);
            }
            explore_search(state)?.1
        }
        Goal::Run(d) => return free_ahead(state, d).then_some(Action::Move(d)),
    };
    steps.first().map(|&d| Action::Move(d))
}

/// The shortest 8-way path from the player to `to` on the player's level, through open
/// cells the player remembers and that no lit creature stands on (except `to` itself).
/// Empty when `to` is the player's cell; `None` when `to` is unknown, closed or unreachable.
pub fn path(state: &State, to: Point) -> Option<Vec<Dir>> {
    let known = state.sight().remembers(to) && state.world().tile(to).is_passable();
    if to.z != state.player().z || !known {
        return None;
    }
    search(state, |p| p == to).map(|(_, steps)| steps)
}

/// The nearest of `cells` by path on the player's level, and the steps to it (empty when the
/// player stands on one); `None` when none can be reached. Nearest by the way there, not as
/// the crow flies: of two items on either side of a wall, the one a straight line calls
/// nearer can change with every step, and a walker led by it would turn back and forth.
pub fn nearest_of(state: &State, cells: &[Point]) -> Option<(Point, Vec<Dir>)> {
    search(state, |p| cells.contains(&p))
}

/// The nearest remembered stairs down (`down`) or up on the player's level, by path length.
pub fn nearest_stairs(state: &State, down: bool) -> Option<Point> {
    search(state, |p| is_stairs(state, p, down)).map(|(p, _)| p)
}

/// Where exploring goes next: the nearest (by path) known open cell that borders an
/// unknown cell or holds an item to fetch, or `None` when everything reachable has been
/// seen and fetched.
pub fn explore_target(state: &State) -> Option<Point> {
    explore_search(state).map(|(p, _)| p)
}

/// The search for where exploring goes: the nearest place left to explore or item to fetch.
fn explore_search(state: &State) -> Option<(Point, Vec<Dir>)> {
    let fetch = fetch_cells(state);
    search(state, |p| is_frontier(state, p) || fetch.contains(&p))
}

fn is_stairs(state: &State, p: Point, down: bool) -> bool {
    let kind = if down {
        Tile::StairsDown
    } else {
        Tile::StairsUp
    };
    state.world().tile(p) == kind
}

fn lit_creature(state: &State, p: Point) -> bool {
    state.sight().lit(p) && state.monster_at(p).is_some()
}

/// The cell ahead is known, open and holds no lit creature.
fn free_ahead(state: &State, d: Dir) -> bool {
    let (dx, dy) = d.delta();
    let q = state.player().offset(dx, dy);
    let t = state.world().tile(q);
    state.sight().remembers(q) && t.is_open() && t.is_walkway() && !lit_creature(state, q)
}

/// Not yet reached (a `came` value; 0..8 are the direction a cell was entered by).
const UNSEEN: u8 = 8;
/// Not yet reached and held by a lit creature or a plate seen: a goal, never a way through.
const HELD: u8 = 9;
const START: u8 = 10;

/// Breadth-first search from the player over remembered open cells of the player's level,
/// neighbours taken in the fixed order of `Dir::ALL`. Returns the first cell reached for
/// which `goal` holds (so a nearest one) and the steps to it. The goal is a trait object:
/// one search serves every kind of travel instead of a copy per goal in the page's wasm.
fn search(state: &State, goal: impl Fn(Point) -> bool) -> Option<(Point, Vec<Dir>)> {
    let (world, sight) = (state.world(), state.sight());
    let start = state.player();
    if goal(start) {
        return Some((start, Vec::new()));
    }
    let open = world.cells_where(start.z, Tile::is_passable);
    if open.is_empty() || !world.contains(start) {
        return None;
    }
    let mut came = Grid::new(world.width(), world.height(), UNSEEN);
    for m in state.monsters() {
        if m.pos.z == start.z && sight.lit(m.pos) {
            came.set(m.pos, HELD);
        }
    }
    came.set(start, START);
    let mut queue = vec![start];
    let mut head = 0;
    while let Some(&here) = queue.get(head) {
        head += 1;
        for (k, d) in Dir::ALL.into_iter().enumerate() {
            let (dx, dy) = d.delta();
            let p = here.offset(dx, dy);
            let (Some(j), Some(&c)) = (came.index(p), came.get(p)) else {
                continue;
            };
            if !(UNSEEN..=HELD).contains(&c) || !open[j] || !sight.remembers(p) {
                continue;
            }
            // A plate seen, like a lit creature, is a goal, never a way through.
            let held = c == HELD || !world.tile(p).is_walkway();
            if held && !goal(p) {
                continue;
            }
            came.set(p, k as u8);
            if held || goal(p) {
                return Some((p, steps_to(&came, p)));
            }
            queue.push(p);
        }
    }
    None
}

/// The steps from the search's start to `to`, read back along the directions cells were
/// entered by.
fn steps_to(came: &Grid<u8>, to: Point) -> Vec<Dir> {
    let mut steps = Vec::new();
    let mut p = to;
    while let Some(&d) = came.get(p).and_then(|&c| Dir::ALL.get(usize::from(c))) {
        steps.push(d);
        let (dx, dy) = d.delta();
        p = p.offset(-dx, -dy);
    }
    steps.reverse();
    steps
}

/// Asked after each step of a run in direction `dir`: true when the run stops here. It stops
/// when the way ahead is closed, unknown or held by a creature; on or newly beside stairs or
/// the seen idol; and where an opening appears: an open cell newly beside the player where,
/// seen from the cell just left, the same place alongside was closed.
pub fn run_stop(state: &State, dir: Dir) -> bool {
    let (world, sight) = (state.world(), state.sight());
    let (dx, dy) = dir.delta();
    let here = state.player();
    let back = here.offset(-dx, -dy);
    let open = |p: Point| world.tile(p).is_open() && sight.remembers(p);
    let marked =
        |p: Point| sight.remembers(p) && (world.tile(p).is_stairs() || state.idol() == Some(p));
    let news = Dir::ALL.into_iter().any(|d| {
        let (x, y) = d.delta();
        let p = here.offset(x, y);
        let new = p.chebyshev(back) > 1;
        new && (marked(p) || d != dir && open(p) && !open(back.offset(x, y)))
    });
    !free_ahead(state, dir) || marked(here) || news
}

/// The cells a path to `to` passes through, the goal included (empty when there is none).
pub fn path_cells(state: &State, to: Point) -> Vec<Point> {
    let mut at = state.player();
    (path(state, to).unwrap_or_default().into_iter())
        .map(|d| {
            let (dx, dy) = d.delta();
            at = at.offset(dx, dy);
            at
        })
        .collect()
}
