//! The stair maze as a careful player meets it: how many stair trips (each climb up or down
//! is one) a player who knows only what the screen shows takes to reach the idol's area, from
//! arriving on the last level and from the start, beside the fewest trips that reach it with
//! the whole world known.
//!
//! The player explores what it can walk to first (the idol may lie there), then takes the
//! nearest stair not yet taken towards the last level (the one the map offers for a place it
//! knows no way to), then anything left unexplored beyond stairs, and goes to the idol once
//! seen. Only the maze is measured: the player's game holds no creatures, and its torch and
//! health are kept full, so no game ends before the idol's area is reached.
//!
//! Not part of the test command (it plays 500 games); run it with
//! `cargo test --profile bots --test maze -- --ignored --nocapture`. `MAZE_SEEDS` plays
//! fewer seeds for a quick look.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use caves::rules::autopilot::travel::{next_step, Goal};
use caves::rules::autopilot::untaken::nearest_untaken;
use caves::rules::builder::Regions;
use caves::rules::builder::WorldParams;
use caves::rules::kinds::tile::Tile;
use caves::rules::record::Header;
use caves::rules::space::geom::Point;
use caves::rules::space::world::World;
use caves::rules::Action;
use caves_bots::Game;
use common::seeds;
use std::collections::VecDeque;

/// The most actions a game is given to reach the idol's area.
const MAX_ACTIONS: usize = 40_000;

/// The areas of every level as a player walks them (doors opened), and the stairs between
/// them: a graph whose nodes are (level, area).
struct Areas {
    levels: Vec<Regions>,
}

impl Areas {
    fn of(world: &World) -> Areas {
        let (w, h) = (world.width() as usize, world.height() as usize);
        let levels = (0..world.depth())
            .map(|z| Regions::label(w, h, &world.cells_where(z, Tile::is_passable)))
            .collect();
        Areas { levels }
    }

    fn area(&self, p: Point) -> (i32, u32) {
        let id = self.levels[p.z as usize].id_at(p.x as usize, p.y as usize);
        (p.z, id)
    }

    /// The fewest stair trips from the area of `from` to the area of `to`.
    fn fewest_trips(&self, world: &World, from: Point, to: Point) -> Option<u32> {
        let goal = self.area(to);
        let mut trips = vec![Vec::new(); self.levels.len()];
        for (z, r) in self.levels.iter().enumerate() {
            trips[z] = vec![u32::MAX; r.sizes.len()];
        }
        let start = self.area(from);
        trips[start.0 as usize][start.1 as usize] = 0;
        // The stairs down of each level, as links between the areas they join.
        let mut links: Vec<((i32, u32), (i32, u32))> = Vec::new();
        for z in 0..world.depth() - 1 {
            for p in world.points_of(z, Tile::StairsDown) {
                links.push((self.area(p), self.area(Point { z: z + 1, ..p })));
            }
        }
        let mut queue = VecDeque::from([start]);
        while let Some(a) = queue.pop_front() {
            let t = trips[a.0 as usize][a.1 as usize];
            if a == goal {
                return Some(t);
            }
            for &(up, down) in &links {
                let next = if up == a {
                    down
                } else if down == a {
                    up
                } else {
                    continue;
                };
                let n = &mut trips[next.0 as usize][next.1 as usize];
                if *n == u32::MAX {
                    *n = t + 1;
                    queue.push_back(next);
                }
            }
        }
        None
    }
}

/// The careful player's next action (see the module notes), or `None` with nothing left.
fn careful_step(g: &Game) -> Option<Action> {
    let s = &g.state;
    if let Some(a) = g.idol_seen().and_then(|p| next_step(s, Goal::To(p))) {
        return Some(a);
    }
    if let Some(a) = next_step(s, Goal::Explore) {
        return Some(a);
    }
    let last = Point::new(0, 0, s.world().depth() - 1);
    if let Some(route) = nearest_untaken(s, last) {
        return Some(match route.actions.first() {
            Some(&a) => a,
            None if s.world().tile(g.here()) == Tile::StairsDown => Action::Descend,
            None => Action::Ascend,
        });
    }
    next_step(s, Goal::Onward)
}

/// How one seed went.
struct Trip {
    /// Stair trips from the start, and from arriving on the last level, to the idol's area
    /// (`None` when it was never reached).
    from_start: Option<u32>,
    from_arrival: Option<u32>,
    /// The fewest trips that reach it from the start, and from where the player arrived.
    fewest_from_start: u32,
    fewest_from_arrival: u32,
    /// Turns from arriving on the last level to reaching the idol's area.
    turns: u32,
}

fn measure(seed: u64) -> Option<Trip> {
    let header = Header::new(seed, WorldParams::default(), None);
    let mut g = Game::with_state(header.start().ok()?);
    let world = g.state.world().clone();
    let idol = g.state.idol()?;
    let areas = Areas::of(&world);
    let goal = areas.area(idol);
    let last = world.depth() - 1;
    let start = g.here();
    let fewest_from_start = areas.fewest_trips(&world, start, idol)?;
    let (mut trips, mut arrival): (u32, Option<(u32, u32, Point)>) = (0, None);
    let full = g.state.max_hp();
    while g.taken.len() < MAX_ACTIONS {
        g.state.clear_monsters();
        g.state.set_hp(full);
        g.state.set_fuel(2000);
        let here = g.here();
        if here.z == last && arrival.is_none() {
            arrival = Some((trips, g.state.turn(), here));
        }
        if areas.area(here) == goal {
            let (before, turn, at) = arrival?;
            return Some(Trip {
                from_start: Some(trips),
                from_arrival: Some(trips - before),
                fewest_from_start,
                fewest_from_arrival: areas.fewest_trips(&world, at, idol)?,
                turns: g.state.turn() - turn,
            });
        }
        let Some(a) = careful_step(&g) else {
            break;
        };
        trips += u32::from(matches!(a, Action::Ascend | Action::Descend));
        g.act(a);
    }
    Some(Trip {
        from_start: None,
        from_arrival: None,
        fewest_from_start,
        fewest_from_arrival: arrival
            .and_then(|(_, _, at)| areas.fewest_trips(&world, at, idol))
            .unwrap_or(0),
        turns: 0,
    })
}

/// The median and the 90th percentile of `v`.
fn spread(mut v: Vec<u32>) -> (u32, u32) {
    v.sort_unstable();
    let at = |q: usize| v.get((v.len() * q / 100).min(v.len().saturating_sub(1)));
    (at(50).copied().unwrap_or(0), at(90).copied().unwrap_or(0))
}

#[test]
#[ignore = "plays 500 games: run on its own"]
fn stair_trips_to_the_idols_area() {
    let n = seeds("MAZE_SEEDS", 500);
    let trips: Vec<Trip> = std::thread::scope(|t| {
        let a = t.spawn(move || (0..n / 2).filter_map(measure).collect::<Vec<_>>());
        let mut b: Vec<Trip> = (n / 2..n).filter_map(measure).collect();
        let mut all = a.join().expect("maze thread");
        all.append(&mut b);
        all
    });
    let reached: Vec<&Trip> = trips.iter().filter(|t| t.from_arrival.is_some()).collect();
    println!(
        "maze: {} of {} seeds measured reached the idol's area",
        reached.len(),
        trips.len()
    );
    let figures = |label: &str, took: Vec<u32>, fewest: Vec<u32>| {
        let (tm, tp) = spread(took);
        let (fm, fp) = spread(fewest);
        println!("| {label} | {tm} | {tp} | {fm} | {fp} |");
    };
    println!("| stair trips to the idol's area | median | p90 | fewest: median | fewest: p90 |");
    println!("|---|---:|---:|---:|---:|");
    figures(
        "from arriving on the last level",
        reached.iter().filter_map(|t| t.from_arrival).collect(),
        reached.iter().map(|t| t.fewest_from_arrival).collect(),
    );
    figures(
        "from the start",
        reached.iter().filter_map(|t| t.from_start).collect(),
        reached.iter().map(|t| t.fewest_from_start).collect(),
    );
    let (tm, tp) = spread(reached.iter().map(|t| t.turns).collect());
    println!("turns from arriving on the last level: median {tm}, p90 {tp}");
    // How far from the fewest trips each seed went: trips taken over the fewest, from the
    // start (where the fewest is never 0).
    let over: Vec<u32> = reached
        .iter()
        .filter_map(|t| Some(t.from_start? * 100 / t.fewest_from_start.max(1)))
        .collect();
    let (om, op) = spread(over);
    println!("trips from the start as a share of the fewest: median {om}%, p90 {op}%");
}
