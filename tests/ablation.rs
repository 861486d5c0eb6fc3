//! What each of the expert's tactics for the new rules is worth: the expert plays the same
//! seeds with all its tactics, then with each turned off on its own, and the table gives
//! its win rate each way. A tactic whose loss changes nothing is not yet a decision. Games
//! are paired by seed: where a tactic never acts, both games are the same game, so only the
//! seeds won one way and lost the other weigh (a sign test over them).
//!
//! Not part of the test command (it plays nine times 1,000 games); run it with
//! `cargo test --profile bots --test ablation -- --ignored --nocapture`. For a quick look at
//! one tactic or a few, `ABLATION_ONLY` keeps the rows whose name holds one of its
//! comma-separated texts (`ABLATION_ONLY=door,fire`) and `ABLATION_SEEDS` plays fewer seeds.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use caves::rules::builder::WorldParams;
use caves::rules::record::Header;
use caves::rules::Outcome;
use caves_bots::{Bot, Run, Tactics};
use common::seeds;

/// How one seed went each way: won with every tactic, won with one off, and whether the two
/// games took the same actions throughout (the tactic never acted).
struct Pair {
    won_all: bool,
    won_without: bool,
    same: bool,
}

/// The expert's games of seeds `0..n` with `tactics`, on two threads.
fn games(tactics: Tactics, n: u64) -> Vec<Run> {
    let play = move |seed: u64| {
        let header = Header::new(seed, WorldParams::default(), None);
        Bot::Expert
            .play_with(header, tactics)
            .expect("worlds have floor")
    };
    std::thread::scope(|t| {
        let a = t.spawn(move || (0..n / 2).map(play).collect::<Vec<_>>());
        let mut b: Vec<Run> = (n / 2..n).map(play).collect();
        let mut games = a.join().expect("bot thread");
        games.append(&mut b);
        games
    })
}

/// Each seed's game with every tactic (`all`) beside its game with one off (`without`).
fn pairs(all: &[Run], without: Vec<Run>) -> Vec<Pair> {
    all.iter()
        .zip(without)
        .map(|(a, w)| Pair {
            won_all: a.outcome == Outcome::Won,
            won_without: w.outcome == Outcome::Won,
            same: a.record.actions == w.record.actions,
        })
        .collect()
}

#[test]
#[ignore = "plays 9,000 games: run on its own"]
fn each_tactic_alone_turned_off() {
    let n = seeds("ABLATION_SEEDS", 1000);
    let all = games(Tactics::ALL, n);
    let won_all = all.iter().filter(|g| g.outcome == Outcome::Won).count();
    let ways = [
        (
            "shut doors behind",
            Tactics {
                close_doors: false,
                ..Tactics::ALL
            },
        ),
        (
            "douse for a bloat, or step off it",
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
        (
            "rest by a fire",
            Tactics {
                fire_rest: false,
                ..Tactics::ALL
            },
        ),
        (
            "choose at an altar",
            Tactics {
                altar: false,
                ..Tactics::ALL
            },
        ),
        (
            "keep the light on a stalker",
            Tactics {
                stalker_light: false,
                ..Tactics::ALL
            },
        ),
    ];
    // A seed where the tactic never acted plays the same game both ways. Where it did, the
    // two games part ways at its first act, and only those seeds can tell the two apart:
    // the seeds won one way only are the evidence (a sign test, as McNemar's). With k of
    // them, chance alone moves the wins by about the square root of k; eight tactics are
    // tested at once, so a change counts only beyond 2.6 times that (a 1% test each, about
    // 8% that any of the eight is flagged by chance).
    println!("| the expert | won of {n} | change | games the tactic acted in | won only with it | won only without it | chance gives up to |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    println!("| every tactic | {won_all} | | | | | |");
    let only = std::env::var("ABLATION_ONLY").unwrap_or_default();
    for (name, tactics) in ways
        .into_iter()
        .filter(|(name, _)| only.split(',').any(|o| name.contains(o)))
    {
        let p = pairs(&all, games(tactics, n));
        let won = p.iter().filter(|p| p.won_without).count();
        let acted = p.iter().filter(|p| !p.same).count();
        let only_with = p.iter().filter(|p| p.won_all && !p.won_without).count();
        let only_without = p.iter().filter(|p| !p.won_all && p.won_without).count();
        let chance = 2.6 * ((only_with + only_without) as f64).sqrt();
        let change = won as i64 - won_all as i64;
        // Turned off, a tactic that helps loses wins; one that costs gains them.
        let verdict = match (change.unsigned_abs() as f64) > chance {
            false => "",
            true if change < 0 => " (it helps)",
            true => " (it costs)",
        };
        println!(
            "| without: {name} | {won} | {change:+}{verdict} | {acted} | {only_with} | {only_without} | ±{chance:.1} |"
        );
    }
}
