//! How long a board takes to make a day's par, and how each bot did (a benchmark, not a
//! test):
//!
//! ```text
//! cargo run --release -p caves-server --example par_time [DATE ...]
//! ```
//!
//! A fresh board (a SQLite file in the system's scratch folder, so its own secret and its
//! own seeds) has every bot of `PAR_BOTS` play the daily caves of each date (by default the
//! seven days to 2026-11-28) on one core, one game after another, as the verifier pool does,
//! and verify its run. Prints one line a bot and day and `@ board.par.<key> <value>` lines.

use std::time::Instant;

use caves_server::board::Board;
use caves_server::par::{play, PAR_BOTS};

#[tokio::main]
async fn main() {
    let mut dates: Vec<String> = std::env::args().skip(1).collect();
    if dates.is_empty() {
        dates = (22..=28).map(|d| format!("2026-11-{d}")).collect();
    }
    let dir = std::env::temp_dir().join(format!("caves-par-time-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let board = Board::open(&format!("sqlite://{}", dir.join("board.db").display()))
        .await
        .expect("opens");
    let mut slowest = 0.0f64;
    let mut total = 0.0;
    for date in &dates {
        let seed = board.seed(date).await.expect("a seed");
        let mut day = 0.0;
        for bot in PAR_BOTS {
            let start = Instant::now();
            let game = play(bot, date, seed).expect("plays");
            let seconds = start.elapsed().as_secs_f64();
            day += seconds;
            let p = &game.par;
            println!(
                "{date} {:<9} {:<4} level {:>2} {:>5} turns score {:>5} {:>6.2} s  {}",
                p.bot, p.outcome, p.depth, p.turns, p.score, seconds, p.cause
            );
            println!("@ board.par.{}.seconds {seconds:.3}", p.bot);
        }
        println!("{date} all bots: {day:.2} s");
        slowest = slowest.max(day);
        total += day;
    }
    println!(
        "@ board.par.day_seconds_mean {:.3}",
        total / dates.len() as f64
    );
    println!("@ board.par.day_seconds_max {slowest:.3}");
    board.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
