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
