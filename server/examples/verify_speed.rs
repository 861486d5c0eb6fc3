//! How fast one core verifies runs (a benchmark, not a test):
//!
//! ```text
//! cargo run --release -p caves-server --example verify_speed
//! ```
//!
//! - `verify` (decode, checks, replay with every fingerprint) of 2,000 different short daily
//!   runs (15 actions each: the caves are built, then played), one after another;
//! - the replay of the committed 10,000-action run, the work verification does for a long run.
//!
//! Prints `@ board.verify.<key> <value>` lines.

use std::hint::black_box;
use std::time::Instant;

use caves_rules::record::Record;
use caves_server::runs::daily_run;
use caves_server::verify::{verify, Day};

const DATE: &str = "2026-11-24";
/// Any seed serves: a board's seeds come from its secret.
const SEED: u64 = 0x5eed;

fn main() {
    let days = [Day {
        date: DATE.into(),
        seed: SEED,
    }];
    let files: Vec<Vec<u8>> = (0..2000)
        .map(|n| daily_run(DATE, SEED, n).encode())
        .collect();
    for f in files.iter().take(50) {
        black_box(verify(f, &days).is_ok());
    }
    let start = Instant::now();
    let mut ok = 0;
    for f in &files {
        ok += usize::from(black_box(verify(black_box(f), &days)).is_ok());
    }
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(ok, files.len(), "every run verifies");
    println!("@ board.verify.short.actions 15");
    println!(
        "@ board.verify.short.ms {:.3}",
        secs * 1000.0 / files.len() as f64
    );
    println!(
        "@ board.verify.short.per_second {:.0}",
        files.len() as f64 / secs
    );

    let text = include_str!("../../tests/records/survivor.txt");
    let record = match Record::from_text(text.trim()) {
        Ok(r) => r,
        Err(e) => panic!("the survivor does not decode: {e}"),
    };
    let mut ms: Vec<f64> = (0..12)
        .map(|_| {
            let t = Instant::now();
            black_box(caves_rules::record::replay(black_box(&record)).is_ok());
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    let median = ms[ms.len() / 2];
    println!("@ board.verify.long.actions {}", record.actions.len());
    println!("@ board.verify.long.ms {median:.2}");
    println!("@ board.verify.long.per_second {:.0}", 1000.0 / median);
}
