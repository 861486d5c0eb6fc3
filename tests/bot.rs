//! A simple bot plays whole games through the key interface: it walks to the nearest stairs
//! down, takes the idol on the last level, climbs back out, and fights whatever stands in
//! its way. If it cannot win most games, the caves are unfair.
#![cfg(not(target_arch = "wasm32"))]

use caves::game::{Game, Screen};
use caves::geom::Point;
use caves::tile::Tile;
use std::collections::{HashMap, VecDeque};

const KEYS: [((i32, i32), &str); 8] = [
    ((-1, -1), "y"),
    ((0, -1), "k"),
    ((1, -1), "u"),
    ((-1, 0), "h"),
    ((1, 0), "l"),
    ((-1, 1), "b"),
    ((0, 1), "j"),
    ((1, 1), "n"),
];

/// Where a key leads from `p`: the 8 steps on the level, and the stairs (not the way out).
fn moves(game: &Game, p: Point) -> Vec<(Point, &'static str)> {
    let mut out: Vec<(Point, &'static str)> = KEYS
        .iter()
        .map(|&((dx, dy), k)| (p.offset(dx, dy), k))
        .collect();
    match game.world().tile(p) {
        Tile::StairsDown => out.push((Point { z: p.z + 1, ..p }, ">")),
        Tile::StairsUp if p.z > 0 => out.push((Point { z: p.z - 1, ..p }, "<")),
        _ => {}
    }
    out
}

/// One step of a route: from where, which key, to where.
type Step = (Point, &'static str, Point);

/// A shortest route (walking and stairs) from the player to `goal`.
fn route(game: &Game, goal: Point) -> VecDeque<Step> {
    let start = game.player();
    let mut prev: HashMap<Point, (Point, &'static str)> = HashMap::from([(start, (start, ""))]);
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

/// Plays one game to its end; returns the final screen. The bot follows a planned route and
/// plans again when it is not where the route expects (a creature blocked a step) or when
/// its goal changes; a blocked step is a step into a creature, which attacks it.
fn play(seed: u64) -> Screen {
    let mut game = Game::new(seed).expect("default worlds have floor");
    game.key("Enter");
    let exit = game.player();
    let mut plan: VecDeque<Step> = VecDeque::new();
    let mut planned_for = None;
    for _ in 0..20_000 {
        if game.screen() != Screen::Play {
            break;
        }
        let goal = game.treasure().unwrap_or(exit);
        let here = game.player();
        if game.treasure().is_none() && here == exit {
            game.key("<");
            continue;
        }
        if planned_for != Some(goal) || plan.front().is_none_or(|s| s.0 != here) {
            plan = route(&game, goal);
            planned_for = Some(goal);
        }
        let Some(&(_, key, to)) = plan.front() else {
            game.key(".");
            continue;
        };
        game.key(key);
        if game.player() == to {
            plan.pop_front();
        }
    }
    game.screen()
}

#[test]
fn a_simple_bot_wins_most_games() {
    let results: Vec<Screen> = (0..20).map(play).collect();
    let won = results.iter().filter(|&&s| s == Screen::Won).count();
    assert!(
        results.iter().all(|&s| s != Screen::Play),
        "every game ends"
    );
    assert!(won >= 14, "the bot won only {won} of 20 games: {results:?}");
}
