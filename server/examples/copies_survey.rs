//! How often honest players' games meet (a survey, not a test):
//!
//! ```text
//! cargo run --release -p caves-server --example copies_survey -- CAVES
//! ```
//!
//! The skill ladder's five bots play the daily caves of `CAVES` seeds, each run posted in
//! the ladder's order as its own player's. For each run, whether the board's copy rule (a
//! state at a mark of at least half its own turns that an earlier run shares) would take it
//! for a copy of an earlier one: with the board's marks (none in an opening of the buttons
//! alone, `verify::Marker`), and with marks over the whole run, side by side. Also how long
//! `verify` takes a run, and a replay that only takes marks over the whole run.
//!
//! Prints `@ board.copies.<key> <value>` lines, and a line for each run taken for a copy.

use std::time::{Duration, Instant};

use caves_bots::Bot;
use caves_rules::builder::WorldParams;
use caves_rules::record::{Header, Record};
use caves_server::verify::{is_mark, play_digest, verify, Day};

const DATE: &str = "2026-11-25";

/// The seed of the `n`th caves: spread over the seeds by a golden-ratio step.
fn seed(n: u64) -> u64 {
    0x9E37_79B9_7F4A_7C15u64.wrapping_mul(n + 1) ^ 0x1234_5678
}

/// A run's marks over all of it: the state at every mark turn reached at an action's end.
fn whole_marks(record: &Record) -> Vec<(u32, String)> {
    let mut state = record.header.start().expect("the daily caves");
    let mut marks = Vec::new();
    for &a in &record.actions {
        let before = state.turn();
        state.act(a);
        if state.turn() != before && is_mark(state.turn()) {
            marks.push((state.turn(), play_digest(&state)));
        }
    }
    marks
}

/// The mark of at least half of `turns` in `marks` that an earlier run's marks hold.
fn copied(turns: u32, marks: &[(u32, String)], earlier: &[Vec<(u32, String)>]) -> Option<u32> {
    marks
        .iter()
        .rev()
        .take_while(|(t, _)| t * 2 >= turns)
        .find(|m| earlier.iter().any(|e| e.contains(m)))
        .map(|m| m.0)
}

fn main() {
    let caves: u64 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 40,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("usage: copies_survey [CAVES]");
            std::process::exit(2);
        }
    };
    let (mut runs, mut board_copies, mut whole_copies) = (0u32, 0u32, 0u32);
    let (mut verifying, mut marking) = (Duration::ZERO, Duration::ZERO);
    for n in 0..caves {
        let seed = seed(n);
        let header = Header::new(seed, WorldParams::default(), Some(DATE.to_string()));
        let days = [Day {
            date: DATE.to_string(),
            seed,
        }];
        let (mut board, mut whole) = (Vec::new(), Vec::new());
        for bot in Bot::ALL {
            let record = bot.play(header.clone()).expect("the daily caves").record;
            if !record.ended {
                continue;
            }
            let bytes = record.encode();
            let t = Instant::now();
            let run = verify(&bytes, &days).expect("a bot's run verifies");
            verifying += t.elapsed();
            let t = Instant::now();
            let all = whole_marks(&record);
            marking += t.elapsed();
            runs += 1;
            let turns = run.game.turns;
            if let Some(m) = copied(turns, &run.game.marks, &board) {
                board_copies += 1;
                println!("seed {seed}: {} ({turns} turns) a copy at {m}", bot.name());
            }
            if let Some(m) = copied(turns, &all, &whole) {
                whole_copies += 1;
                println!(
                    "seed {seed}: {} ({turns} turns) a copy at {m} by whole-run marks",
                    bot.name()
                );
            }
            board.push(run.game.marks);
            whole.push(all);
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0 / f64::from(runs.max(1));
    println!("@ board.copies.caves {caves}");
    println!("@ board.copies.runs {runs}");
    println!("@ board.copies.taken {board_copies}");
    println!("@ board.copies.taken_by_whole_run_marks {whole_copies}");
    println!("@ board.copies.verify_ms {:.2}", ms(verifying));
    println!("@ board.copies.whole_run_marks_ms {:.2}", ms(marking));
}
