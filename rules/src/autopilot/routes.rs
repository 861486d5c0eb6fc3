//! Routes across levels: the shortest known way through every level the player remembers,
//! walking over remembered open cells (closed doors included: walking into one opens it)
//! and climbing known stairs (stairs whose other end the player has seen), and what the overview needs to know of each level: its areas (the
//! connected regions of what the player knows) and where each stair leads.
//!
//! A breadth-first search over the cells of the whole world: a step to a neighbour and a
//! climb both cost one. Like the search of one level, it never walks through a lit creature.

use crate::game::action::{Action, Dir};
use crate::game::state::State;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;
use crate::space::grid::Grid;

/// A route found: the cell reached and the actions that lead there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub to: Point,
    pub actions: Vec<Action>,
}

impl Route {
    /// The first stairs the route climbs (the cell the player stands on to climb), or its
    /// end when it stays on the player's level.
    pub fn first_stairs(&self, from: Point) -> Point {
        let mut at = from;
        for a in &self.actions {
            match a {
                Action::Move(d) => {
                    let (dx, dy) = d.delta();
                    at = at.offset(dx, dy);
                }
                _ => return at,
            }
        }
        at
    }
}

/// True when the player knows where the stairs at `p` lead: the cell they lead to is
/// remembered. Returns that cell.
pub fn stair_link(state: &State, p: Point) -> Option<Point> {
    let (world, sight) = (state.world(), state.sight());
    let dz = match world.tile(p) {
        Tile::StairsDown => 1,
        Tile::StairsUp => -1,
        _ => return None,
    };
    let q = Point::new(p.x, p.y, p.z + dz);
    (sight.remembers(p) && world.contains(q) && sight.remembers(q) && world.tile(q).is_open())
        .then_some(q)
}

/// The shortest known route from the player to the first cell for which `goal(cell,
/// climbed)` holds, where `climbed` tells whether the way to it climbs stairs.
pub fn route(state: &State, goal: impl Fn(Point, bool) -> bool) -> Option<Route> {
    let (world, sight) = (state.world(), state.sight());
    let (w, h, depth) = (world.width(), world.height(), world.depth());
    let start = state.player();
    if !world.contains(start) {
        return None;
    }
    if goal(start, false) {
        return Some(Route {
            to: start,
            actions: Vec::new(),
        });
    }
    // How each cell was reached: 0..8 a direction, 8 down, 9 up; a grid per level.
    const NONE: u8 = 255;
    const START: u8 = 254;
    let levels = depth.max(0) as usize;
    let mut came = vec![Grid::new(w, h, NONE); levels];
    let mut climbed = vec![Grid::new(w, h, false); levels];
    let held = |p: Point| p.z == start.z && sight.lit(p) && state.monster_at(p).is_some();
    set(&mut came, start, START);
    let mut queue = vec![start];
    let mut head = 0;
    while let Some(&here) = queue.get(head) {
        head += 1;
        let tile = world.tile(here);
        let climb = match tile {
            Tile::StairsDown => Some(8u8),
            Tile::StairsUp => Some(9u8),
            _ => None,
        };
        let steps = Dir::ALL
            .into_iter()
            .enumerate()
            .map(|(k, d)| {
                let (dx, dy) = d.delta();
                (k as u8, here.offset(dx, dy), false)
            })
            .chain(climb.and_then(|k| stair_link(state, here).map(|q| (k, q, true))));
        for (k, p, climb) in steps {
            if !world.contains(p) || !sight.remembers(p) || !world.tile(p).is_walkway() {
                continue;
            }
            if at(&came, p) != Some(NONE) {
                continue;
            }
            set(&mut came, p, k);
            let climbed_here = at(&climbed, here).unwrap_or(false) || climb;
            set(&mut climbed, p, climbed_here);
            if goal(p, climbed_here) {
                return Some(Route {
                    to: p,
                    actions: actions_to(&came, p),
                });
            }
            if !held(p) {
                queue.push(p);
            }
        }
    }
    None
}

/// The value at `p` of a grid per level, or `None` outside them.
fn at<T: Copy>(levels: &[Grid<T>], p: Point) -> Option<T> {
    let z = usize::try_from(p.z).ok()?;
    levels.get(z)?.get(p).copied()
}

/// Sets the value at `p` of a grid per level; a point outside them changes nothing.
fn set<T>(levels: &mut [Grid<T>], p: Point, value: T) {
    if let Some(g) = usize::try_from(p.z).ok().and_then(|z| levels.get_mut(z)) {
        g.set(p, value);
    }
}

fn actions_to(came: &[Grid<u8>], to: Point) -> Vec<Action> {
    let mut actions = Vec::new();
    let mut p = to;
    while let Some(k) = at(came, p) {
        if let Some(&d) = Dir::ALL.get(usize::from(k)) {
            actions.push(Action::Move(d));
            let (dx, dy) = d.delta();
            p = p.offset(-dx, -dy);
        } else if k == 8 {
            actions.push(Action::Descend);
            p = Point::new(p.x, p.y, p.z - 1);
        } else if k == 9 {
            actions.push(Action::Ascend);
            p = Point::new(p.x, p.y, p.z + 1);
        } else {
            break;
        }
    }
    actions.reverse();
    actions
}

/// The shortest known route to `to`, on any level.
pub fn route_to(state: &State, to: Point) -> Option<Route> {
    let known = state.sight().remembers(to) && state.world().tile(to).is_passable();
    if !known {
        return None;
    }
    route(state, |p, _| p == to)
}

/// The route towards the way out (the stair up of level 1) by known stairs.
pub fn way_out(state: &State) -> Option<Route> {
    let world = state.world();
    route(state, |p, _| p.z == 0 && world.tile(p) == Tile::StairsUp)
}

/// The route towards what is still unexplored beyond stairs: stairs down whose other end
/// is unknown, or a place left to explore that is reached by climbing stairs.
pub fn onward(state: &State) -> Option<Route> {
    let world = state.world();
    route(state, |p, climbed| {
        let unknown_below = world.tile(p) == Tile::StairsDown
            && stair_link(state, p).is_none()
            && p.z + 1 < world.depth();
        unknown_below || (climbed && unexplored(state, p))
    })
}

/// A remembered open cell next to a cell of the world never seen, or one that only a map
/// showed (never seen by the player's own light).
pub fn unexplored(state: &State, p: Point) -> bool {
    let (world, sight) = (state.world(), state.sight());
    !sight.seen(p)
        || p.neighbours8()
            .any(|q| world.contains(q) && !sight.remembers(q))
}

/// The areas of level `z`: the connected regions (8-way) of the open cells the player
/// remembers, numbered from 1 in reading order of their first cell; 0 for any other cell.
pub fn areas(state: &State, z: i32) -> Grid<u16> {
    let (world, sight) = (state.world(), state.sight());
    let mut area = Grid::new(world.width(), world.height(), 0u16);
    let mut next = 0u16;
    let known = |p: Point| sight.remembers(p) && world.tile(p).is_passable();
    for i in 0..area.cells().len() {
        let p = area.point(i, z);
        if area.get(p) != Some(&0) || !known(p) {
            continue;
        }
        next = next.saturating_add(1);
        area.set(p, next);
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            for r in q.neighbours8() {
                if area.get(r) == Some(&0) && known(r) {
                    area.set(r, next);
                    stack.push(r);
                }
            }
        }
    }
    area
}

/// The levels the player has seen anything of, from the top.
pub fn levels_seen(state: &State) -> Vec<i32> {
    let (world, sight) = (state.world(), state.sight());
    (0..world.depth())
        .filter(|&z| world.points(z).any(|(p, _)| sight.remembers(p)))
        .collect()
}
