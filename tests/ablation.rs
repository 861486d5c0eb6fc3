//! What each of the expert's tactics for the new rules is worth: the expert plays the same
//! seeds with all its tactics, then with each turned off on its own, and the table gives
//! its win rate each way. A tactic whose loss changes nothing is not yet a decision.
//!
//! Not part of the test command (it plays six times 1,000 games); run it with
//! `cargo test --profile bots --test ablation -- --ignored --nocapture`.
#![cfg(not(target_arch = "wasm32"))]

mod bots;

use bots::{Played, Tactics};
use caves::rules::{Mode, Outcome};

/// Seeds each way of playing is measured on (`ABLATION_SEEDS` sets fewer for a quick look).
fn seeds() -> u64 {
    std::env::var("ABLATION_SEEDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000)
}

/// Games won of `n` seeds by the expert with `tactics`, on two threads.
fn wins(tactics: Tactics, n: u64) -> usize {
    let play = move |s: u64| bots::run_with(s, Mode::Normal, bots::expert::policy, tactics);
    let won = |g: &Played| g.outcome == Outcome::Won;
    std::thread::scope(|t| {
        let a = t.spawn(move || (0..n / 2).map(play).filter(won).count());
        let b = (n / 2..n).map(play).filter(won).count();
        a.join().expect("bot thread") + b
    })
}

#[test]
#[ignore = "plays 6,000 games: run on its own"]
fn each_tactic_alone_turned_off() {
    let n = seeds();
    let all = wins(Tactics::ALL, n);
    let ways = [
        (
            "shut doors behind",
            Tactics {
                close_doors: false,
                ..Tactics::ALL
            },
        ),
        (
            "kill a bloat at range",
            Tactics {
                bloat_at_range: false,
                ..Tactics::ALL
            },
        ),
        (
            "run down a thief",
            Tactics {
                chase_thief: false,
                ..Tactics::ALL
            },
        ),
        (
            "lure a hunter over a plate",
            Tactics {
                lure: false,
                ..Tactics::ALL
            },
        ),
        (
            "set fire under hunters",
            Tactics {
                fire: false,
                ..Tactics::ALL
            },
        ),
    ];
    println!("| the expert | won of {n} | change |");
    println!("|---|---:|---:|");
    println!("| every tactic | {all} | |");
    for (name, tactics) in ways {
        let won = wins(tactics, n);
        let change = won as i64 - all as i64;
        println!("| without: {name} | {won} | {change:+} |");
    }
    // Once a tactic first changes an action, the two games of a seed part ways: the two
    // counts are nearly independent, and their difference has this standard error.
    let p = all as f64 / n as f64;
    let se = (2.0 * p * (1.0 - p) * n as f64).sqrt();
    println!(
        "A change within {:.0} wins (two standard errors) is what chance gives.",
        2.0 * se
    );
}
