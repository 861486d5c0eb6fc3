//! Copies are known by what they do, and honest players are not taken for copiers, through
//! the real board (`Board::take` on a SQLite file): the skill ladder's bots (the
//! `caves-bots` crate: the tap-only autopilot, the reckless diver, the careful, expert and doused
//! players) play the daily caves of several days of one board, each as a player of its own;
//! every run they end is kept, none refused as a copy of another. A run of theirs that uses a
//! weapon (which wields it) posted again with that `Use` swapped for an `Equip`, every
//! fingerprint recomputed, is refused as a copy of it. Two tap-only players whose games are
//! one game for more than half of the later one's turns (the buttons alone played it) are
//! both kept.

use caves_bots::Bot;
use caves_rules::builder::WorldParams;
use caves_rules::record::{Header, Record};
use caves_rules::Action;
use caves_server::board::{now_micros, Board, NewRun, TakeError, Taken};
use caves_server::limits::COPY_MIN_TURNS;
use caves_server::verify::{play_digest, verify, Day, Verified};
use std::collections::HashMap;

mod common;
use common::Scratch;

/// Two days of one board, with the seeds the board adopts for them: caves where the five
/// bots play five games (the careful and expert bots are one player until the expert's
/// tactics first apply, and in about one cave in 200 the expert dies before that: the same
/// game, which the board rightly takes for one). Seeds drawn as `copies_survey` draws them.
const DAYS: [(&str, u64); 2] = [
    ("2026-11-24", 11_400_714_819_024_595_565),
    ("2026-11-25", 4_354_685_564_635_622_994),
];

/// `original` with its first `Use` of a weapon or armour (which wields or wears it) swapped for
/// an `Equip` of the same slot, re-recorded: other bytes, the same game. None without one.
fn synonym(original: &Record) -> Option<Record> {
    let mut state = original.header.start().expect("the daily caves");
    let mut record = Record::start(original.header.clone(), &state);
    let mut swapped = false;
    for &a in &original.actions {
        let a = match a {
            Action::Use(slot) if !swapped => {
                let mut wield = state.clone();
                let mut equip = state.clone();
                wield.act(a);
                equip.act(Action::Equip(slot));
                if wield.play_hash() == equip.play_hash() && wield.turn() > state.turn() {
                    swapped = true;
                    Action::Equip(slot)
                } else {
                    a
                }
            }
            other => other,
        };
        state.act(a);
        record.push(a, &state);
    }
    swapped.then_some(record)
}

/// Keeps `run` (its record's `bytes`), posted now by the player `who`, under the name `who`.
async fn post(board: &Board, bytes: &[u8], run: &Verified, who: &str) -> Result<Taken, TakeError> {
    board
        .take(&NewRun {
            bytes,
            run,
            name: who,
            token: who,
            submitted: now_micros(),
            origin: None,
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn honest_bots_in_one_days_caves_are_never_taken_for_copies() {
    let scratch = Scratch::new("copies");
    let board = Board::open(&scratch.db()).await.expect("opens");
    let mut long = 0;
    let mut synonyms = Vec::new();
    for (date, seed) in DAYS {
        assert!(board.adopt_seed(date, seed).await.expect("adopts"));
        let header = Header::new(seed, WorldParams::default(), Some(date.to_string()));
        let days = [Day {
            date: date.to_string(),
            seed,
        }];
        for player in Bot::ALL {
            let bot = player.name();
            let record = player.play(header.clone()).expect("the daily caves").record;
            if !record.ended {
                println!(
                    "{date} {bot}: not ended within {} actions",
                    caves_bots::MAX_ACTIONS
                );
                continue;
            }
            let bytes = record.encode();
            let run = verify(&bytes, &days).expect("a bot's run verifies");
            long += usize::from(run.game.turns >= COPY_MIN_TURNS);
            println!("{date} {bot}: {} turns, {}", run.turns, run.outcome);
            match post(&board, &bytes, &run, &format!("{bot}-{date}")).await {
                Ok(t) => assert!(t.new, "{date} {bot}"),
                Err(e) => panic!("{date} {bot}'s honest run was refused: {e}"),
            }
            if let Some(copy) = synonym(&record) {
                synonyms.push((
                    date,
                    bot,
                    copy,
                    days.clone(),
                    caves_server::board::run_id(&bytes),
                ));
            }
        }
    }
    assert!(long >= 6, "only {long} runs long enough to be compared");
    assert!(!synonyms.is_empty(), "no bot used a weapon or armour");
    for (date, bot, copy, days, original) in synonyms {
        let bytes = copy.encode();
        let run = verify(&bytes, &days).expect("the synonym copy verifies");
        match post(&board, &bytes, &run, &format!("copier-{bot}-{date}")).await {
            Err(TakeError::Copy(of)) => assert_eq!(of, original, "{date} {bot}"),
            other => panic!("{date} {bot}: a synonym copy was not refused: {other:?}"),
        }
    }
    board.close().await;
}

/// The daily caves of a seed where the reckless diver's game is the autopilot's for more
/// than half of its turns: both only press the game's buttons (explore, the stairs, hit).
const SHARED_OPENING: (&str, u64) = ("2026-11-25", 13_064_056_694_505_127_430);

/// The play fingerprint of `record`'s state at each turn it reached at the end of an action.
fn states(record: &Record) -> HashMap<u32, String> {
    let mut state = record.header.start().expect("the daily caves");
    let mut seen = HashMap::new();
    for &a in &record.actions {
        state.act(a);
        seen.insert(state.turn(), play_digest(&state));
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tap_players_who_share_an_opening_are_not_copies() {
    let scratch = Scratch::new("copies-opening");
    let board = Board::open(&scratch.db()).await.expect("opens");
    let (date, seed) = SHARED_OPENING;
    assert!(board.adopt_seed(date, seed).await.expect("adopts"));
    let header = Header::new(seed, WorldParams::default(), Some(date.to_string()));
    let days = [Day {
        date: date.to_string(),
        seed,
    }];
    let play = |bot: Bot| bot.play(header.clone()).expect("the daily caves").record;
    let (first, later) = (play(Bot::Autopilot), play(Bot::Reckless));
    // The two games are one until past half of the later one's turns, by their states.
    let theirs = states(&first);
    let ours = states(&later);
    let last_turn = *ours.keys().max().expect("turns");
    let shared = ours
        .iter()
        .filter(|(turn, digest)| theirs.get(turn) == Some(digest))
        .map(|(turn, _)| *turn)
        .max()
        .unwrap_or(0);
    assert!(
        shared * 2 >= last_turn && last_turn >= COPY_MIN_TURNS,
        "the fixture's games share {shared} of {last_turn} turns: pick caves where they share more"
    );
    for (record, who) in [(&first, "first"), (&later, "later")] {
        let bytes = record.encode();
        let run = verify(&bytes, &days).expect("a bot's run verifies");
        match post(&board, &bytes, &run, who).await {
            Ok(t) => assert!(t.new, "{who}"),
            Err(e) => panic!("the {who} tap player's run was refused: {e}"),
        }
    }
    board.close().await;
}
