//! The reckless bot: it walks the shortest route to the stairs down, takes the idol on the
//! last level, climbs back out, and fights whatever stands in its way. It never rests,
//! retreats or waits for wounds to heal.

pub mod careful;

use caves::rules::builder::WorldParams;
use caves::rules::geom::Point;
use caves::rules::kinds::tile::Tile;
use caves::rules::{Action, Dir, Outcome, State};
use std::collections::{HashMap, VecDeque};

/// Where an action leads from `p`: the 8 steps on the level, and the stairs (not the way out).
fn moves(game: &State, p: Point) -> Vec<(Point, Action)> {
    let mut out: Vec<(Point, Action)> = Dir::ALL
        .iter()
        .map(|&d| (p.offset(d.delta().0, d.delta().1), Action::Move(d)))
        .collect();
    match game.world().tile(p) {
        Tile::StairsDown => out.push((Point { z: p.z + 1, ..p }, Action::Descend)),
        Tile::StairsUp if p.z > 0 => out.push((Point { z: p.z - 1, ..p }, Action::Ascend)),
        _ => {}
    }
    out
}

/// One step of a route: from where, which action, to where.
pub type Step = (Point, Action, Point);

/// A shortest route (walking and stairs) from the player to `goal`.
pub fn route(game: &State, goal: Point) -> VecDeque<Step> {
    let start = game.player();
    let mut prev: HashMap<Point, (Point, Action)> = HashMap::from([(start, (start, Action::Wait))]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        if p == goal {
            let mut steps = VecDeque::new();
            let mut at = p;
            while at != start {
                let (from, key) = prev[&at];
                steps.push_front((from, key, at));
                at = from;
            }
            return steps;
        }
        for (q, key) in moves(game, p) {
            if game.world().tile(q).is_open() && !prev.contains_key(&q) {
                prev.insert(q, (p, key));
                queue.push_back(q);
            }
        }
    }
    VecDeque::new()
}

/// Plays one game to its end; returns how it ended and every action taken. The bot follows a planned route and
/// plans again when it is not where the route expects (a creature blocked a step) or when
/// its goal changes; a blocked step is a step into a creature, which attacks it.
pub fn play(seed: u64) -> (Outcome, Vec<Action>) {
    play_paced(seed, 0)
}

/// The same bot, but it waits `pause` turns after every step (a slow, long game).
pub fn play_paced(seed: u64, pause: usize) -> (Outcome, Vec<Action>) {
    let mut game = State::new(seed, &WorldParams::default()).expect("default worlds have floor");
    let mut taken = Vec::new();
    let exit = game.player();
    let mut plan: VecDeque<Step> = VecDeque::new();
    let mut planned_for = None;
    for _ in 0..20_000 {
        if game.outcome() != Outcome::Playing {
            break;
        }
        let goal = game.idol().unwrap_or(exit);
        let here = game.player();
        if game.idol().is_none() && here == exit {
            game.act(Action::Ascend);
            taken.push(Action::Ascend);
            continue;
        }
        if planned_for != Some(goal) || plan.front().is_none_or(|s| s.0 != here) {
            plan = route(&game, goal);
            planned_for = Some(goal);
        }
        let Some(&(_, action, to)) = plan.front() else {
            game.act(Action::Wait);
            taken.push(Action::Wait);
            continue;
        };
        game.act(action);
        taken.push(action);
        for _ in 0..pause {
            if game.outcome() == Outcome::Playing {
                game.act(Action::Wait);
                taken.push(Action::Wait);
            }
        }
        if game.player() == to {
            plan.pop_front();
        }
    }
    (game.outcome(), taken)
}
