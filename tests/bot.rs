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

/// The first key of a shortest route (walking and stairs) from the player to `goal`.
fn first_key(game: &Game, goal: Point) -> Option<&'static str> {
    let start = game.player();
    let mut prev: HashMap<Point, (Point, &'static str)> = HashMap::from([(start, (start, ""))]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        if p == goal {
            let mut at = p;
            while prev[&at].0 != start {
                at = prev[&at].0;
            }
            return Some(prev[&at].1);
        }
        for (q, key) in moves(game, p) {
            if game.world().tile(q).is_open() && !prev.contains_key(&q) {
                prev.insert(q, (p, key));
                queue.push_back(q);
            }
        }
    }
    None
}

/// Plays one game to its end; returns the final screen.
fn play(seed: u64) -> Screen {
    let mut game = Game::new(seed).expect("default worlds have floor");
    game.key("Enter");
    let exit = game.player();
    for _ in 0..20_000 {
        if game.screen() != Screen::Play {
            break;
        }
        let key = match game.treasure() {
            Some(idol) => first_key(&game, idol),
            None if game.player() == exit => Some("<"),
            None => first_key(&game, exit),
        };
        game.key(key.unwrap_or("."));
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
