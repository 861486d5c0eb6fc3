//! Bots play whole games through the rules' actions, over 200 seeds each. The caves must
//! punish recklessness and reward care: a bot that never rests, retreats or uses items wins
//! at most 40% of games, and a careful one at least 70%.
#![cfg(not(target_arch = "wasm32"))]

mod bots;

use caves::rules::{Action, Outcome};

const SEEDS: u64 = 200;

fn rate(play: fn(u64) -> (Outcome, Vec<Action>)) -> (usize, usize) {
    let results: Vec<Outcome> = (0..SEEDS).map(|seed| play(seed).0).collect();
    assert!(
        results.iter().all(|&s| s != Outcome::Playing),
        "every game ends"
    );
    let won = results.iter().filter(|&&s| s == Outcome::Won).count();
    println!("won {won} of {SEEDS}");
    (won, SEEDS as usize)
}

#[test]
fn a_reckless_bot_wins_at_most_40_percent() {
    let (won, n) = rate(bots::play);
    assert!(won * 100 <= n * 40, "the reckless bot won {won} of {n}");
}

#[test]
fn a_careful_bot_wins_at_least_70_percent() {
    let (won, n) = rate(bots::careful::play);
    assert!(won * 100 >= n * 70, "the careful bot won {won} of {n}");
}

#[test]
#[ignore]
fn rates() {
    for (name, play) in [
        ("reckless", bots::play as fn(u64) -> (Outcome, Vec<Action>)),
        ("careful", bots::careful::play),
    ] {
        let t = std::time::Instant::now();
        let mut ends = std::collections::BTreeMap::new();
        let mut won = 0;
        for seed in 0..SEEDS {
            let (o, a) = play(seed);
            won += usize::from(o == Outcome::Won);
            *ends.entry(format!("{o:?}")).or_insert(0) += 1;
            if o == Outcome::Lost {
                if let Some(line) = caves_end(seed, &a) {
                    *ends.entry(line).or_insert(0) += 1;
                }
            }
        }
        println!("{name}: won {won} {ends:?} in {:?}", t.elapsed());
    }
}

#[test]
#[ignore]
fn diag() {
    for seed in 0..SEEDS {
        let t = std::time::Instant::now();
        let (o, a) = bots::careful::play(seed);
        let el = t.elapsed();
        if el.as_millis() > 300 || o == Outcome::Playing {
            let tail: Vec<_> = a.iter().rev().take(12).collect();
            println!("seed {seed} {o:?} {} actions {el:?} {tail:?}", a.len());
        }
    }
}

fn caves_end(seed: u64, actions: &[Action]) -> Option<String> {
    let mut s = caves::rules::State::new(seed, &caves::builder::WorldParams::default()).ok()?;
    for &a in actions {
        s.act(a);
    }
    let e = s.ending();
    let by = e.split(" on level").next()?.to_string();
    Some(format!("{by} L{}", s.player().z + 1))
}

#[test]
#[ignore]
fn diag2() {
    for seed in 0..12 {
        let (o, a) = bots::careful::play(seed);
        let mut s =
            caves::rules::State::new(seed, &caves::builder::WorldParams::default()).expect("s");
        for &x in &a {
            s.act(x);
        }
        let count = |f: fn(&Action) -> bool| a.iter().filter(|x| f(x)).count();
        println!(
            "seed {seed} {o:?} n={} rest={} pick={} use={} equip={} lvl={} atk={} def={} carried={:?} end={}",
            a.len(),
            count(|x| *x == Action::Rest),
            count(|x| *x == Action::PickUp),
            count(|x| matches!(x, Action::Use(_))),
            count(|x| matches!(x, Action::Equip(_))),
            s.level(), s.attack(), s.defence(),
            s.carried().iter().map(|t| t.kind.name()).collect::<Vec<_>>(),
            s.ending()
        );
    }
}

#[test]
#[ignore]
fn diag3() {
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let (_, a) = bots::careful::play(seed);
    let mut s = caves::rules::State::new(seed, &caves::builder::WorldParams::default()).expect("s");
    for &x in &a {
        s.act(x);
    }
    for e in s.log().entries().iter().rev().take(40).rev() {
        println!("{}", e.shown());
    }
    println!("{:?}", &a[a.len().saturating_sub(40)..]);
}
