//! Runs as records: committed records replay to their pinned fingerprints, saving and resuming
//! anywhere gives the same game as never stopping, and no input makes the decoder panic.
//!
//! `CAVES_WRITE_RECORDS=1 cargo test --release --test records` plays the committed runs again
//! and rewrites `tests/records/`, the records and their pins in `pins.rs` (needed after a
//! ruleset change). That run checks the new records against the new pins and prints them
//! (add `-- --nocapture` to see them); as `pins.rs` is compiled into this test, the runs after
//! it compare the committed records against the new pins.
#![cfg(not(target_arch = "wasm32"))]

use caves::app::draw::compose;
use caves::app::{App, Options, Screen};
use caves::record::{crc32, replay, replay_to_end, DecodeError, Header, Record, FORMAT};
use caves::rules::builder::WorldParams;
use caves::rules::rng::seeded;
use caves::rules::variants::{EXPLORER, NORMAL};
use caves::rules::{Action, Dir, Outcome, State, Variant, PACK_LIMIT, RULESET};
use caves::save::{Saves, SharedStore};
use caves_bots::Bot;
use rand::Rng;

/// A committed record: file, how the run ended, actions, and the pinned final hash.
type Pin = (&'static str, Outcome, usize, u64);

/// The committed records, as this test was compiled.
const COMMITTED: [Pin; 5] = include!("records/pins.rs");

fn path(name: &str) -> String {
    format!("{}/tests/records/{name}.txt", env!("CARGO_MANIFEST_DIR"))
}

/// A survivor on level 1: it fights what stands next to it, rests while hurt, and otherwise
/// wanders. It never takes stairs, so its run goes on for as long as wanted.
fn survivor(seed: u64, n: usize) -> (Outcome, Vec<Action>) {
    let mut state = State::new(seed, &WorldParams::default()).expect("floor");
    let mut rng = seeded(seed ^ 0x5eed);
    let mut taken = Vec::new();
    while taken.len() < n && state.outcome() == Outcome::Playing {
        let p = state.player();
        let foe = state
            .monsters()
            .iter()
            .find(|m| m.pos.z == p.z && m.pos.chebyshev(p) == 1);
        let a = match foe {
            Some(m) => Action::Move(Dir::towards(m.pos.x - p.x, m.pos.y - p.y).expect("adjacent")),
            None if state.hp() < state.max_hp() => Action::Wait,
            None => Action::Move(Dir::ALL[rng.random_range(0..8u32) as usize]),
        };
        state.act(a);
        taken.push(a);
    }
    (state.outcome(), taken)
}

fn record_of(seed: u64, actions: Vec<Action>) -> Record {
    let header = Header::new(seed, WorldParams::default(), None);
    let mut state = header.start().expect("floor");
    let mut record = Record::start(header, &state);
    for a in actions {
        if state.act(a) {
            record.push(a, &state);
        }
    }
    record
}

/// Whether the run of `actions` from `header` ever carries a stack (two or more potions or
/// scrolls of a kind in one slot).
fn holds_a_stack(header: &Header, actions: &[Action]) -> bool {
    let mut state = header.start().expect("floor");
    actions.iter().any(|&a| {
        state.act(a);
        state.carried().iter().any(|t| t.count > 1)
    })
}

/// Writes `text` to `file` through a file beside it, so a test reading `file` at the same
/// time sees the old text or the new, never a part.
fn replace_file(file: &str, text: &str) {
    let part = format!("{file}.part");
    std::fs::write(&part, text).expect("written");
    std::fs::rename(&part, file).expect("moved into place");
}

/// Plays the committed runs again, rewrites their records and `pins.rs`, and answers the new
/// pins.
fn write_records() -> Vec<Pin> {
    // A bot's games of `variant`, by seed.
    let games = |bot: Bot, variant: &'static Variant| {
        move |seed| {
            let header = Header::new(seed, WorldParams::default(), None).in_variant(variant);
            bot.play(header).expect("floor")
        }
    };
    // The careful bot's win picks up, wields, wears, drinks and reads (item actions), and
    // carries a stack of potions or scrolls.
    let item_action = |a: &Action| a.operands().len() == 1;
    let header = |s: u64| Header::new(s, WorldParams::default(), None);
    let won = (0..60)
        .map(|s| (s, games(Bot::Careful, &NORMAL)(s)))
        .find(|(s, r)| {
            r.outcome == Outcome::Won
                && r.record.actions.iter().any(item_action)
                && holds_a_stack(&header(*s), &r.record.actions)
        })
        .map(|(_, r)| r)
        .expect("a won game");
    // The expert's win throws and douses its torch.
    let expert = (0..60)
        .map(games(Bot::Expert, &NORMAL))
        .find(|r| {
            r.outcome == Outcome::Won
                && r.record.actions.contains(&Action::Torch)
                && r.record
                    .actions
                    .iter()
                    .any(|a| matches!(a, Action::Throw { .. }))
        })
        .expect("an expert's win that throws and douses");
    let explorer = (0..60)
        .map(games(Bot::Careful, &EXPLORER))
        .find(|r| r.outcome == Outcome::Won)
        .expect("a win in Explorer mode");
    let died = (0..60)
        .map(games(Bot::Reckless, &NORMAL))
        .find(|r| r.outcome == Outcome::Lost && r.record.actions.last() != Some(&Action::Ascend))
        .expect("a death");
    let mut pins = String::from(
        "// The committed records: file name, how the run ended, its actions, and its pinned final\n\
         // state hash. Rewritten by `CAVES_WRITE_RECORDS=1 cargo test --release --test records`.\n[\n",
    );
    let survived = (0..40)
        .map(|s| (s, survivor(s, 10_000)))
        .find(|(_, (o, _))| *o == Outcome::Playing)
        .map(|(s, (outcome, actions))| (outcome, record_of(s, actions)))
        .expect("a survivor");
    let all = [
        ("win", (won.outcome, won.record)),
        ("expert", (expert.outcome, expert.record)),
        ("explorer", (explorer.outcome, explorer.record)),
        ("death", (died.outcome, died.record)),
        ("survivor", survived),
    ];
    let mut written = Vec::new();
    for (name, (outcome, record)) in all {
        replace_file(&path(name), &(record.to_text() + "\n"));
        written.push((name, outcome, record.actions.len(), record.final_hash));
        pins += &format!(
            "    (\"{name}\", Outcome::{outcome:?}, {}, {:#018x}),\n",
            record.actions.len(),
            record.final_hash
        );
    }
    pins += "]\n";
    let file = format!("{}/tests/records/pins.rs", env!("CARGO_MANIFEST_DIR"));
    replace_file(&file, &pins);
    println!("wrote tests/records/*.txt and tests/records/pins.rs:\n{pins}");
    written
}

#[test]
fn committed_records_replay_to_their_pinned_hashes() {
    let pins = if std::env::var("CAVES_WRITE_RECORDS").is_ok_and(|v| v == "1") {
        write_records()
    } else {
        COMMITTED.to_vec()
    };
    for (name, outcome, len, pin) in pins {
        let text = std::fs::read_to_string(path(name)).expect("committed record");
        let record = Record::from_text(&text).expect("decodes under the current ruleset");
        assert_eq!(record.actions.len(), len, "{name}");
        let state = replay(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(state.hash(), pin, "{name}: final hash");
        // A resume checks the final fingerprint only, and comes to the same game.
        let resumed = replay_to_end(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(resumed.hash(), pin, "{name}: resumed");
        assert_eq!(state.outcome(), outcome, "{name}");
        assert_eq!(record.ended, outcome != Outcome::Playing, "{name}");
    }
}

#[test]
fn a_record_of_the_previous_ruleset_is_refused_clearly() {
    let text = std::fs::read_to_string(path("win")).expect("committed record");
    let mut old = Record::from_text(&text).expect("decodes");
    old.header.ruleset = RULESET - 1;
    let err = Record::decode(&old.encode()).expect_err("refused");
    assert_eq!(err, caves::record::DecodeError::Ruleset(RULESET - 1));
    assert!(
        err.to_string()
            .contains(&format!("played under ruleset {}", RULESET - 1)),
        "{err}"
    );
}

#[test]
fn committed_records_use_item_actions() {
    let text = std::fs::read_to_string(path("win")).expect("committed record");
    let record = Record::from_text(&text).expect("decodes");
    assert!(record.actions.iter().any(|a| a.operands().len() == 1));
    assert!(record.actions.contains(&Action::PickUp));
    assert!(
        holds_a_stack(&record.header, &record.actions),
        "the win carries a stack of potions or scrolls"
    );
    let text = std::fs::read_to_string(path("expert")).expect("committed record");
    let record = Record::from_text(&text).expect("decodes");
    assert!(record.actions.contains(&Action::Torch));
    assert!(record
        .actions
        .iter()
        .any(|a| matches!(a, Action::Throw { .. })));
    let text = std::fs::read_to_string(path("explorer")).expect("committed record");
    let record = Record::from_text(&text).expect("decodes");
    assert_eq!(record.header.variant, &EXPLORER);
}

#[test]
fn a_changed_action_is_caught_at_its_checkpoint() {
    let text = std::fs::read_to_string(path("survivor")).expect("committed record");
    let mut record = Record::from_text(&text).expect("decodes");
    let i = 450;
    record.actions[i] = if record.actions[i] == Action::Wait {
        Action::Move(Dir::N)
    } else {
        Action::Wait
    };
    match replay(&record) {
        Err(caves::record::ReplayError::Diverged { action }) => {
            assert!(action <= i + 1 && i < action + 100, "caught at {action}")
        }
        other => panic!("not caught: {other:?}"),
    }
}

#[test]
fn a_resume_refuses_a_run_that_ends_elsewhere() {
    let text = std::fs::read_to_string(path("survivor")).expect("committed record");
    let mut record = Record::from_text(&text).expect("decodes");
    record.actions.pop();
    assert_eq!(
        replay_to_end(&record).map(|s| s.hash()),
        Err(caves::record::ReplayError::EndsElsewhere)
    );
}

/// Plays `actions` through an app; after `stop` of them, saves, "reloads" into a second app
/// on a copy of the storage and continues there too. Both must agree after every action.
/// Answers whether the two were compared: not when the run ended before `stop` (an ended run
/// is not offered for resuming, which is checked instead).
fn save_and_resume_agree(seed: u64, actions: &[Action], stop: usize) -> bool {
    let store = SharedStore::default();
    let opts = Options {
        seed,
        ..Options::default()
    };
    let mut a = App::new(Box::new(store.clone()), opts.clone());
    a.key("Enter");
    // Each action's flashes (a blow, a creature noticing) are let run out: they are the
    // moment's, not the game's, and a resumed game starts without them.
    for &act in &actions[..stop] {
        a.act(act);
        a.flush();
        a.tick(60_000.0);
    }
    let copy = SharedStore::new(std::cell::RefCell::new(store.borrow().clone()));
    let mut b = App::new(Box::new(copy), opts);
    if a.screen() != Screen::Play {
        assert!(b.found().runs.is_empty(), "an ended run is not offered");
        return false;
    }
    b.key("Enter");
    assert_eq!(b.screen(), Screen::Play, "seed {seed}: resumed");
    for &act in &actions[stop..] {
        assert_eq!(compose(&a), compose(&b), "seed {seed}, stop {stop}");
        let (sa, sb) = (a.state().expect("a"), b.state().expect("b"));
        assert_eq!(sa.hash(), sb.hash(), "seed {seed}, stop {stop}");
        a.act(act);
        b.act(act);
    }
    assert_eq!(compose(&a), compose(&b), "seed {seed}, stop {stop}");
    true
}

#[test]
fn saving_and_resuming_anywhere_gives_the_same_game() {
    let mut rng = seeded(77);
    let mut compared = 0;
    for seed in 0..24u64 {
        let n = rng.random_range(1..260u32) as usize;
        // Every kind of action, item actions with a random pack slot.
        let actions: Vec<Action> = (0..n)
            .map(|_| {
                let code = rng.random_range(0..18u32) as u8;
                let slot = rng.random_range(0..u32::from(PACK_LIMIT)) as u8;
                let target = rng.random_range(0..225u32) as u8;
                let operands = [slot, target];
                let ops = &operands[..Action::operand_count(code)];
                Action::from_parts(code, ops)
                    .or_else(|| Action::from_parts(code, &[slot, 0]))
                    .expect("code")
            })
            .collect();
        let stop = rng.random_range(0..n as u32) as usize;
        compared += usize::from(save_and_resume_agree(seed, &actions, stop));
    }
    // A run that ends before its stop is not resumed; most of these must be.
    assert!(
        compared >= 18,
        "only {compared} of 24 runs were resumed and compared"
    );
}

#[test]
fn a_save_written_by_the_store_resumes_to_the_same_hash() {
    let header = Header::new(3, WorldParams::default(), None);
    let actions = Bot::Careful.play(header).expect("floor").record.actions;
    let record = record_of(3, actions[..actions.len() / 2].to_vec());
    let store = SharedStore::default();
    let mut saves = Saves::new(Box::new(store.clone()));
    saves
        .write(9, &record, "2026-11-22", (1, 1))
        .expect("saved");
    let found = Saves::new(Box::new(store)).scan().expect("scan");
    let state = replay(&found.runs[0].record).expect("resumes");
    assert_eq!(state.hash(), record.final_hash);
}

/// Re-seals mutated bytes with a correct checksum, so the decoder's inner checks are reached.
fn reseal(mut body: Vec<u8>) -> Vec<u8> {
    let crc = crc32(&body);
    body.extend_from_slice(&crc.to_le_bytes());
    body
}

/// How the decoder answered the re-sealed inputs (their checksum is right, so each reaches
/// the checks behind it): accepted, or refused by which check.
#[derive(Default, Debug)]
struct Answers {
    accepted: usize,
    not_a_record: usize,
    format: usize,
    truncated: usize,
    damaged: usize,
    ruleset: usize,
    variant: usize,
    malformed: usize,
}

impl Answers {
    fn note(&mut self, answer: Result<Record, DecodeError>) {
        match answer {
            Ok(r) => {
                self.accepted += 1;
                assert_eq!(
                    Record::decode(&r.encode()),
                    Ok(r),
                    "what is accepted round-trips"
                );
            }
            Err(DecodeError::NotARecord) => self.not_a_record += 1,
            Err(DecodeError::Format(_)) => self.format += 1,
            Err(DecodeError::Truncated) => self.truncated += 1,
            Err(DecodeError::Damaged) => self.damaged += 1,
            Err(DecodeError::Ruleset(_)) => self.ruleset += 1,
            Err(DecodeError::Variant(_)) => self.variant += 1,
            Err(DecodeError::Malformed(_)) => self.malformed += 1,
        }
    }
}

/// Bit flips tried, and random inputs (each also as text).
const FLIPS: usize = 30_000;
const RANDOM: usize = 20_000;

#[test]
fn no_input_makes_the_decoder_panic() {
    let text = std::fs::read_to_string(path("win")).expect("committed record");
    let good = Record::from_text(&text).expect("decodes").encode();
    let body = good[..good.len() - 4].to_vec();
    let mut rng = seeded(5);
    let mut answers = Answers::default();
    // Every truncation, sealed and not.
    for n in 0..good.len() {
        assert!(Record::decode(&good[..n]).is_err(), "cut to {n} bytes");
        answers.note(Record::decode(&reseal(body[..n.min(body.len())].to_vec())));
    }
    // Bit flips: caught by the checksum, and (re-sealed) by the parser or harmless.
    let mut changed = 0;
    for _ in 0..FLIPS {
        let mut b = body.clone();
        for _ in 0..rng.random_range(1..4u32) {
            let i = rng.random_range(0..b.len() as u32) as usize;
            b[i] ^= 1 << rng.random_range(0..8u32);
        }
        let mut flipped = b.clone();
        flipped.extend_from_slice(&good[good.len() - 4..]);
        if b != body {
            changed += 1;
            assert!(
                Record::decode(&flipped).is_err(),
                "a flip passed the checksum"
            );
        }
        answers.note(Record::decode(&reseal(b)));
    }
    // Random bytes with and without the magic, random text, and other versions.
    for _ in 0..RANDOM {
        let n = rng.random_range(0..64u32) as usize;
        let mut b: Vec<u8> = (0..n).map(|_| rng.random::<u8>()).collect();
        if rng.random_bool(0.5) {
            let mut head = b"CAVE".to_vec();
            head.push(if rng.random_bool(0.5) {
                FORMAT
            } else {
                rng.random()
            });
            head.extend(b);
            b = reseal(head);
        }
        let _ = Record::decode(&b);
        let s: String = b.iter().map(|&c| char::from(c % 96 + 32)).collect();
        let _ = Record::from_text(&s);
    }
    let mut other = Record::from_text(&text).expect("decodes");
    other.header.ruleset = RULESET + 1;
    assert!(Record::decode(&other.encode()).is_err());
    assert!(
        changed > FLIPS * 9 / 10,
        "only {changed} flips changed a byte"
    );
    // Re-sealed inputs pass the checksum and reach every check behind it.
    let a = &answers;
    assert_eq!(a.damaged, 0, "a re-sealed input failed its checksum: {a:?}");
    assert!(a.accepted > 0, "no re-sealed input was accepted: {a:?}");
    for (check, refused) in [
        ("magic", a.not_a_record),
        ("format", a.format),
        ("length", a.truncated),
        ("ruleset", a.ruleset),
        ("variant", a.variant),
        ("contents", a.malformed),
    ] {
        assert!(
            refused > 0,
            "no re-sealed input was refused by the {check} check: {a:?}"
        );
    }
}

#[test]
fn potion_and_scroll_looks_match_their_pin() {
    // The wasm build checks the same pin (`tests/browser.rs`): looks are identical natively
    // and in the browser.
    assert_eq!(
        caves::rules::items::looks::fingerprint(0..200),
        include!("looks.fingerprint")
    );
}
