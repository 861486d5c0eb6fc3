//! Native world-generation benchmark (part of `bash scripts/bench.sh`, not of the tests).
//!
//! `cargo run --release --example bench`
//!
//! Times three cases, each `WARMUP` untimed runs then `RUNS` timed runs with a different
//! seed every run, and prints one line per number for the script to collect:
//! `@ gen.<case>.native.<median|min> <ms>`. The world's checksum is computed inside the
//! timed part (as the wasm `bench_generate` does) and goes through `black_box`, so no
//! work can be optimised away. `BENCH_RUNS` overrides the number of timed runs. Naming
//! cases (`-- default full1024`) runs only those generation cases, for profiling one.

use caves::record::replay::replay;
use caves::record::{Header, Record, MAX_CELLS};
use caves::rules::builder::WorldParams;
use caves::rules::builder::{SmoothRule, WorldBuilder, MIN_REGION};
use std::hint::black_box;
use std::time::Instant;

const WARMUP: u32 = 3;
const RUNS: u32 = 15;

/// One generation; returns the checksum so the caller can feed it to `black_box`.
fn generate(case: &str, seed: u64) -> u64 {
    let world = match case {
        // The game's world: 100x60, 6 levels, the whole recipe (stairs, connection, exit).
        "default" => WorldBuilder::new(100, 60, 6, seed).make_caves().build(),
        // One 1024x1024 level: random fill, 8 smoothing passes, small regions removed.
        "fill1024" => WorldBuilder::new(1024, 1024, 1, seed)
            .randomize(0.5)
            .smooth(8, SmoothRule::Majority)
            .remove_small_regions(MIN_REGION)
            .build(),
        // One 1024x1024 level, the whole recipe.
        "full1024" => WorldBuilder::new(1024, 1024, 1, seed).make_caves().build(),
        _ => unreachable!("unknown case {case}"),
    };
    world.checksum()
}

fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

fn main() {
    let runs = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(RUNS);
    let chosen: Vec<String> = std::env::args().skip(1).collect();
    for case in ["default", "fill1024", "full1024"] {
        if !chosen.is_empty() && !chosen.iter().any(|c| c == case) {
            continue;
        }
        let mut seed = 1u64;
        for _ in 0..WARMUP {
            black_box(generate(black_box(case), black_box(seed)));
            seed += 1;
        }
        let mut ms: Vec<f64> = (0..runs)
            .map(|_| {
                let start = Instant::now();
                black_box(generate(black_box(case), black_box(seed)));
                seed += 1;
                start.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        println!("@ gen.{case}.native.median {:.3}", median(&ms));
        println!("@ gen.{case}.native.min {:.3}", ms[0]);
        println!("@ gen.{case}.native.runs {runs}");
    }
    if chosen.is_empty() {
        replay_survivor(runs);
        start_largest_link();
    }
}

/// Opening the largest world a link or run file may carry (`record::MAX_CELLS` cells:
/// 2048x2048x2), as the page does before showing it: the world built, items and creatures
/// placed, sight made. `@ start.link2048.native.<median|min>` over 3 runs.
fn start_largest_link() {
    let params = WorldParams {
        width: 2048,
        height: 2048,
        depth: 2,
        ..WorldParams::default()
    };
    const _: () = assert!(2048 * 2048 * 2 <= MAX_CELLS, "a link may carry this world");
    let mut ms: Vec<f64> = (1..=3u64)
        .map(|seed| {
            let start = Instant::now();
            let state = Header::new(black_box(seed), params, None)
                .start()
                .expect("the world has floor");
            black_box(state.hash());
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    println!("@ start.link2048.native.median {:.3}", median(&ms));
    println!("@ start.link2048.native.min {:.3}", ms[0]);
}

/// Resuming natively: decoding the committed 10,000-action survivor and replaying it
/// (world rebuilt, every action applied, every fingerprint checked), as the page does when a
/// saved run is continued. `@ replay.survivor.native.<median|min>`.
fn replay_survivor(runs: u32) {
    let text = include_str!("../tests/records/survivor.txt");
    let time = || {
        let start = Instant::now();
        let record = Record::from_text(black_box(text.trim())).expect("the survivor decodes");
        let state = replay(&record).expect("the survivor replays");
        black_box(state.hash());
        start.elapsed().as_secs_f64() * 1000.0
    };
    for _ in 0..WARMUP {
        time();
    }
    let mut ms: Vec<f64> = (0..runs).map(|_| time()).collect();
    ms.sort_by(f64::total_cmp);
    println!("@ replay.survivor.native.median {:.3}", median(&ms));
    println!("@ replay.survivor.native.min {:.3}", ms[0]);
}
