//! A bot's game is its header's alone: the same header gives the same record every time it
//! is played, on two threads at once (each has its own hash tables' order) and in the
//! browser's wasm as natively (`wasm-pack test --headless --chrome bots` runs the pinned
//! game below in headless Chrome).

use caves_bots::{Bot, Run};
use caves_rules::builder::WorldParams;
use caves_rules::fnv::{fnv1a, START};
use caves_rules::record::{replay, Header};
use caves_rules::Outcome;

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// Plays `header` by `bot` twice at once, on two threads where there are threads, and answers
/// both runs.
fn twice(bot: Bot, header: &Header) -> (Run, Run) {
    let play = || bot.play(header.clone()).expect("worlds have floor");
    #[cfg(not(target_arch = "wasm32"))]
    return std::thread::scope(|t| {
        let other = t.spawn(play);
        let one = play();
        (one, other.join().expect("bot thread"))
    });
    #[cfg(target_arch = "wasm32")]
    return (play(), play());
}

/// Fails, naming the first action the two runs part at, unless they are the same run.
fn assert_same(a: &Run, b: &Run, what: &str) {
    let part = a
        .record
        .actions
        .iter()
        .zip(&b.record.actions)
        .position(|(x, y)| x != y)
        .unwrap_or(a.record.actions.len().min(b.record.actions.len()));
    assert!(
        a == b,
        "{what}: two games of one header part at action {part} ({} and {} actions)",
        a.record.actions.len(),
        b.record.actions.len()
    );
}

/// Every bot plays a small world (two levels of 48 x 28, so that a debug build plays all
/// five in seconds) twice at once, and the two records are the same bytes.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn every_bot_plays_the_same_game_twice_at_once() {
    let small = WorldParams {
        width: 48,
        height: 28,
        depth: 2,
        ..WorldParams::default()
    };
    for (seed, bot) in (0..).zip(Bot::ALL) {
        let header = Header::new(seed, small, None);
        let (a, b) = twice(bot, &header);
        assert_same(&a, &b, &format!("the {} bot, seed {seed}", bot.name()));
        assert!(
            a.outcome != Outcome::Playing && a.record.actions.len() > 50,
            "the {} bot's game of seed {seed} is a whole game: {:?} after {} actions",
            bot.name(),
            a.outcome,
            a.record.actions.len()
        );
    }
}

/// The reckless bot's game of seed 3 in the game's own world, as the native build plays it:
/// how it ends, its actions, the final fingerprint and the FNV-1a hash of the record's bytes.
/// A new ruleset changes the game: the failure gives the new pin.
const RECKLESS_3: (Outcome, usize, u64, u64) =
    (Outcome::Lost, 616, 0x5ad224b233a60d6b, 0xc88df9657cf768f9);

/// The reckless bot's game of seed 3, played twice, is the pinned one both times: natively
/// and, under `wasm-pack test`, in the browser. Its record replays to the game it ended in.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn the_reckless_bots_game_of_seed_3_is_the_pinned_one_on_every_machine() {
    let header = Header::new(3, WorldParams::default(), None);
    let (a, b) = twice(Bot::Reckless, &header);
    assert_same(&a, &b, "the reckless bot, seed 3");
    let r = &a.record;
    let got = (
        a.outcome,
        r.actions.len(),
        r.final_hash,
        fnv1a(START, r.encode()),
    );
    assert_eq!(
        got, RECKLESS_3,
        "the reckless bot's game of seed 3 (the pin to write: {:?}, {}, {:#018x}, {:#018x})",
        got.0, got.1, got.2, got.3
    );
    let end = replay(r).expect("the bot's record replays");
    assert_eq!(end.outcome(), a.outcome);
    assert_eq!(end.turn(), a.turns);
}
