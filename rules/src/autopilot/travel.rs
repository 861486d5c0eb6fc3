//! Travel: walking to a chosen cell or the nearest stairs, auto-exploring, and running in a
//! straight line. Travel never acts by itself: each call answers the one ordinary action to
//! take next, so runs, saves and replays stay exact. The caller takes a [`Watch`] before each
//! step and asks [`interrupted`] after it (and [`run_stop`] after each step of a run).
//!
//! Paths come from a breadth-first search over the player's level with flat arrays, through
//! open cells the player remembers only (a closed door counts as open: the step into it
//! opens it, and the next goes through); auto-exploration is frontier-based: it walks to the
//! nearest known open cell that borders an unknown one, and picks up what it stands on on
//! the way (with the ordinary `PickUp` action) while the pack has room. A cell only a scroll
//! of mapping showed (never seen by the player's own light) counts as unexplored too. A goal
//! on another level, or one the player's level reaches only through other levels, and the
//! stairs towards the way out or the unexplored, come from routes across levels through
//! known stairs (`routes`).
//!
//! Travel stops for danger by the rules' one rule (`rules::autopilot::danger`): after any step while a
//! creature in view hunts the player (so a journey in a hunter's sight goes a step at a
//! time), and when another danger appears (a creature wandering into view, or one asleep
//! close by). A creature that flees, or sleeps farther off, does not stop it.

use crate::creatures::monster::Mind;
use crate::game::action::{Action, Dir};
use crate::game::log::a;
use crate::game::parts::Outcome;
use crate::game::state::State;
use crate::kinds::creature::Creature;
use crate::kinds::item::Item;
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
    if state.outcome() != Outcome::Playing {
        return None;
    }
    if goal == Goal::Explore {
        if let Some(pick) = pick_up_here(state) {
            return Some(pick);
        }
    }
    first_step(state, goal)
}

/// The first action of a journey: [`next_step`] without picking up, so what lies where a
/// journey sets out (what the player just dropped, say) stays there.
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
        Goal::WayOut | Goal::Onward => {
            let here = state.player();
            let (route, down) = if goal == Goal::WayOut {
                (crate::autopilot::routes::way_out(state), false)
            } else {
                (crate::autopilot::routes::onward(state), true)
            };
            match route.map(|r| r.first_stairs(here)) {
                Some(p) if p == here => return None,
                Some(p) => path(state, p)?,
                None => search(state, |p| is_stairs(state, p, down))?.1,
            }
        }
        Goal::StairsDown => search(state, |p| is_stairs(state, p, true))?.1,
        Goal::StairsUp => search(state, |p| is_stairs(state, p, false))?.1,
        Goal::Explore => search(state, |p| is_frontier(state, p))?.1,
        Goal::Run(d) => return free_ahead(state, d).then_some(Action::Move(d)),
    };
    steps.first().map(|&d| Action::Move(d))
}

/// Picking up the item the player stands on, when there is one and the pack has room for it
/// (or a stack it joins; the idol is never left lying: stepping on it takes it).
pub fn pick_up_here(state: &State) -> Option<Action> {
    let kind = state.item_at(state.player())?;
    (kind != Item::Idol && state.has_room_for(kind)).then_some(Action::PickUp)
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

/// The nearest remembered stairs down (`down`) or up on the player's level, by path length.
pub fn nearest_stairs(state: &State, down: bool) -> Option<Point> {
    search(state, |p| is_stairs(state, p, down)).map(|(p, _)| p)
}

/// Frontier-based exploration: the nearest (by path) known open cell that borders an
/// unknown cell, or `None` when everything reachable has been seen.
pub fn explore_target(state: &State) -> Option<Point> {
    search(state, |p| is_frontier(state, p)).map(|(p, _)| p)
}

fn is_stairs(state: &State, p: Point, down: bool) -> bool {
    let kind = if down {
        Tile::StairsDown
    } else {
        Tile::StairsUp
    };
    state.world().tile(p) == kind
}

/// A remembered cell next to a cell of the world never seen, or one that only a map showed
/// (never seen by the player's own light), with no lit creature on it, and safe to stand on:
/// a plate seen or flames at the edge of the known are no place to explore from.
fn is_frontier(state: &State, p: Point) -> bool {
    crate::autopilot::routes::unexplored(state, p)
        && !lit_creature(state, p)
        && state.world().tile(p).is_walkway()
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

/// What travel keeps an eye on, taken before each step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    hp: i32,
    level: i32,
    player: Point,
    /// The creatures in view that are a danger but do not hunt the player (wandering, or
    /// asleep close by), by kind and place.
    unaware: Vec<(Creature, Point)>,
    idol_seen: bool,
    /// How many stairs of the player's level are remembered.
    stairs: usize,
    /// How many lines the log has said (repeats included), and how many things are carried.
    said: u64,
    carried: usize,
}

impl Watch {
    pub fn of(state: &State) -> Watch {
        let (sight, player) = (state.sight(), state.player());
        Watch {
            hp: state.hp(),
            level: player.z,
            player,
            unaware: (state.dangers().into_iter())
                .filter(|m| m.unaware())
                .map(|m| (m.kind, m.pos))
                .collect(),
            idol_seen: state.idol().is_some_and(|p| sight.remembers(p)),
            stairs: state
                .world()
                .points(player.z)
                .filter(|&(p, t)| t.is_stairs() && sight.remembers(p))
                .count(),
            said: state.log().said(),
            carried: state.carried_count(),
        }
    }
}

/// Why a journey towards `goal` must stop after a step, or `None` to go on: the run ended,
/// the level changed, the player was hurt, a creature in view hunts the player (whether it
/// just came into view, just noticed the player, or was there all along), another danger
/// appears (one wanders into view, or one asleep comes close; one already seen that moved a
/// step does not count again), the idol or new stairs were seen, or the log says more than
/// the step itself does: stepping onto stairs announces them, and when exploring, stepping
/// onto an item it will pick up and picking it up are said too; none of those stop it.
pub fn interrupted(before: &Watch, after: &State, goal: Goal) -> Option<String> {
    let now = Watch::of(after);
    let moved = now.player != before.player;
    let dangers = after.dangers();
    let hunter = dangers.iter().find(|m| !m.unaware());
    let appears = dangers.iter().find(|m| {
        m.unaware()
            && !before
                .unaware
                .iter()
                .any(|&(kind, p)| kind == m.kind && p.chebyshev(m.pos) <= 1)
    });
    let exploring = goal == Goal::Explore;
    let plain = u64::from(moved && after.world().tile(now.player).is_stairs())
        + u64::from(exploring && moved && pick_up_here(after).is_some())
        + u64::from(exploring && now.carried > before.carried);
    if after.outcome() != Outcome::Playing {
        Some("the run is over".into())
    } else if now.level != before.level && !matches!(goal, Goal::To(_)) {
        Some("you are on another level".into())
    } else if now.hp < before.hp {
        Some("you are hurt".into())
    } else if let Some(m) = hunter {
        Some(format!("{} hunts you", a(m.name())))
    } else if let Some(m) = appears {
        let what = if m.mind == Mind::Asleep {
            "sleeps close by"
        } else {
            "comes into view"
        };
        Some(format!("{} {what}", a(m.name())))
    } else if now.idol_seen && !before.idol_seen {
        Some("you see the idol".into())
    } else if now.level == before.level && now.stairs > before.stairs {
        Some("you see stairs".into())
    } else if now.said > before.said + plain {
        Some("something happens".into())
    } else {
        None
    }
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
