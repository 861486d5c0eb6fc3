//! A bot plays whole games through the rules' actions. If it cannot win most games, the
//! caves are unfair.
#![cfg(not(target_arch = "wasm32"))]

mod bots;

use caves::rules::Outcome;

#[test]
fn a_simple_bot_wins_most_games() {
    let results: Vec<Outcome> = (0..20).map(|seed| bots::play(seed).0).collect();
    let won = results.iter().filter(|&&s| s == Outcome::Won).count();
    assert!(
        results.iter().all(|&s| s != Outcome::Playing),
        "every game ends"
    );
    assert!(won >= 14, "the bot won only {won} of 20 games: {results:?}");
}
