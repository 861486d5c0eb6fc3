//! Writes run files for the board's tests and load benchmark, made by the game's rules:
//!
//! ```text
//! cargo run --release -p caves-server --example runs -- DIR COUNT DATE SEED [--long N TURNS]
//! ```
//!
//! `SEED` is the board's seed of `DATE` (secret to players: `caves-server seed --db URL --date
//! DATE` prints it).
//!
//! - `DIR/valid-N.cavesrun`: `COUNT` different ended daily runs of `DATE` (`runs::daily_run`);
//! - `DIR/forged-KIND.cavesrun`: runs the board must refuse with 422: valid runs changed the
//!   way a cheat would (actions after the end, fingerprints removed, an action changed, the
//!   final fingerprint changed, not ended, other caves sizes, not a daily run), runs played by
//!   the rules but not fit (another seed for the day, another day, Explorer mode), and a valid
//!   run's bytes written another way (`padded`: its ruleset varint in two bytes, not one, the
//!   checksum made right again);
//! - `DIR/long-0.cavesrun`: a 300-turn run (`runs::long_run`);
//! - `DIR/copy-bumped.cavesrun` (long-0 with a wall bump first) and `DIR/copy-tail.cavesrun`
//!   (long-0's first 240 turns, then another 60): copies of long-0 the board answers 409;
//!   `DIR/poison.cavesrun`: long-0's first 200 turns, then 250 of its own (a run of its own
//!   for the board, which shares a mark past half of long-0 with it: a watcher's poison);
//! - `DIR/armed.cavesrun` (`runs::armed_run`: a weapon or armour fetched and used, 200 turns)
//!   and `DIR/copy-synonym.cavesrun` (its `Use` swapped for an `Equip`), when the first level
//!   has a weapon or armour the player reaches;
//! - with `--long N TURNS`: `DIR/long-1.cavesrun` to `DIR/long-N.cavesrun`, different runs of
//!   about `TURNS` turns each (for loading the verifier);
//! - `DIR/runs.json`: `{"date","seed","valid":[{"file","id","score","turns"}],"forged":[KIND],
//!   "long":{"file","id","score","turns"},"copies":[{"file","kind","original"}],"more_long":[...],
//!   "poison":{...},"armed":{...}|null,"synonym":{"file","id","original"}|null}`
//!   (ids are the board's: `caves_server::board::run_id`).

use std::collections::HashSet;
use std::path::PathBuf;

use caves_rules::record::{crc32, Record};
use caves_rules::variants::EXPLORER;
use caves_rules::{Action, Dir};
use caves_server::board::run_id;
use caves_server::runs::{
    armed_run, bumped_copy, daily_run, daily_run_in, long_run, synonym_copy, tail_copy,
};

const USAGE: &str = "usage: runs DIR COUNT DATE SEED [--long N TURNS]";

fn fail(why: String) -> ! {
    eprintln!("runs: {why}");
    std::process::exit(2)
}

/// A run's entry in the manifest: its file, id, replayed score and turns.
fn entry(file: &str, record: &Record, bytes: &[u8]) -> String {
    let state = match caves_rules::record::replay(record) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("runs: {file} does not replay: {e}");
            std::process::exit(1);
        }
    };
    format!(
        "{{\"file\":\"{file}\",\"id\":\"{}\",\"score\":{},\"turns\":{}}}",
        run_id(bytes),
        state.score(),
        state.turn()
    )
}

/// `bytes` (a run file) with its ruleset varint, one byte at offset 5, written in two bytes
/// (the same number with a needless continuation), and its checksum made right again: bytes a
/// decoder reads as the same run, but not the bytes the game writes.
fn padded(bytes: &[u8]) -> Vec<u8> {
    let b = bytes[5];
    assert!(b < 0x80, "the ruleset is one varint byte");
    let mut out = bytes[..5].to_vec();
    out.extend_from_slice(&[b | 0x80, 0x00]);
    out.extend_from_slice(&bytes[6..bytes.len() - 4]);
    let crc = crc32(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut more_long: Option<(u32, u32)> = None;
    if let Some(i) = args.iter().position(|a| a == "--long") {
        let n = args.get(i + 1).and_then(|v| v.parse().ok());
        let turns = args.get(i + 2).and_then(|v| v.parse().ok());
        let (Some(n), Some(turns)) = (n, turns) else {
            fail(USAGE.into());
        };
        more_long = Some((n, turns));
        args.drain(i..i + 3);
    }
    let [dir, count, date, seed] = args.as_slice() else {
        fail(USAGE.into());
    };
    let dir = PathBuf::from(dir);
    let Ok(count) = count.parse::<u32>() else {
        fail(format!("COUNT must be a number, not {count:?}"));
    };
    let Ok(seed) = seed.parse::<u64>() else {
        fail(format!("SEED must be a decimal number, not {seed:?}"));
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        fail(format!("cannot make {}: {e}", dir.display()));
    }
    let write = |name: &str, bytes: &[u8]| {
        if let Err(e) = std::fs::write(dir.join(name), bytes) {
            fail(format!("cannot write {name}: {e}"));
        }
    };

    // Valid runs, each different (a variant that gives the same bytes as an earlier one, as
    // when a creature ends a run before its choices differ, is skipped).
    let mut seen = HashSet::new();
    let mut valid = Vec::new();
    let mut variant = 0u32;
    while valid.len() < count as usize {
        if variant >= 1 << 14 {
            fail(format!("only {} different runs could be made", valid.len()));
        }
        let record = daily_run(date, seed, variant);
        variant += 1;
        let bytes = record.encode();
        if !record.ended || !seen.insert(bytes.clone()) {
            continue;
        }
        let file = format!("valid-{}.cavesrun", valid.len());
        write(&file, &bytes);
        valid.push(entry(&file, &record, &bytes));
    }

    let base = || daily_run(date, seed, 7);
    let mut forged: Vec<(&str, Vec<u8>)> = Vec::new();
    let mut r = base();
    r.actions.push(Action::Wait);
    forged.push(("after-the-end", r.encode()));
    // Played by the rules in the caves of another seed, dated today.
    forged.push((
        "another-days-seed",
        daily_run(date, seed ^ 0x5eed_5eed, 7).encode(),
    ));
    // Played by the rules on another day (with this day's seed).
    forged.push(("another-day", daily_run("2020-01-01", seed, 7).encode()));
    let mut r = base();
    r.checkpoints.clear();
    r.final_hash = 0;
    forged.push(("no-fingerprints", r.encode()));
    let mut r = base();
    if let Some(a) = r.actions.first_mut() {
        *a = Action::Move(Dir::E);
    }
    forged.push(("an-action-changed", r.encode()));
    let mut r = base();
    r.final_hash = r.final_hash.wrapping_add(1);
    forged.push(("final-fingerprint", r.encode()));
    let mut r = base();
    r.ended = false;
    forged.push(("not-ended", r.encode()));
    let mut r = base();
    r.header.params.width = 30;
    forged.push(("small-caves", r.encode()));
    let mut r = base();
    r.header.daily = None;
    forged.push(("not-daily", r.encode()));
    // Played by the rules in Explorer, every fingerprint right: only the variant is wrong.
    let explorer = daily_run_in(date, seed, 7, &EXPLORER);
    assert_eq!(explorer.header.variant, &EXPLORER);
    forged.push(("explorer", explorer.encode()));
    forged.push(("padded", padded(&base().encode())));
    for (kind, bytes) in &forged {
        write(&format!("forged-{kind}.cavesrun"), bytes);
    }
    let kinds: Vec<String> = forged.iter().map(|(k, _)| format!("\"{k}\"")).collect();

    // A long run and two copies of it in disguise.
    let long = long_run(date, seed, 0, 300);
    let long_bytes = long.encode();
    let long_id = run_id(&long_bytes);
    write("long-0.cavesrun", &long_bytes);
    let long_entry = entry("long-0.cavesrun", &long, &long_bytes);
    let bumped = bumped_copy(&long);
    let tail = tail_copy(&long, 240, 0b1011, 60);
    let mut copies = Vec::new();
    for (kind, record) in [("bumped", &bumped), ("tail", &tail)] {
        let bytes = record.encode();
        if bytes == long_bytes {
            fail(format!("the {kind} copy is long-0 itself"));
        }
        let file = format!("copy-{kind}.cavesrun");
        write(&file, &bytes);
        copies.push(format!(
            "{{\"file\":\"{file}\",\"kind\":\"{kind}\",\"id\":\"{}\",\"original\":\"{long_id}\"}}",
            run_id(&bytes)
        ));
    }

    let poison = tail_copy(&long, 200, 0b1011, 250);
    write("poison.cavesrun", &poison.encode());
    let poison_entry = entry("poison.cavesrun", &poison, &poison.encode());
    let (armed, synonym) = match armed_run(date, seed, 200) {
        Some((record, at)) => {
            let bytes = record.encode();
            write("armed.cavesrun", &bytes);
            let copy = synonym_copy(&record, at).encode();
            write("copy-synonym.cavesrun", &copy);
            (
                entry("armed.cavesrun", &record, &bytes),
                format!(
                    "{{\"file\":\"copy-synonym.cavesrun\",\"kind\":\"synonym\",\"id\":\"{}\",\"original\":\"{}\"}}",
                    run_id(&copy),
                    run_id(&bytes)
                ),
            )
        }
        None => ("null".to_string(), "null".to_string()),
    };

    let mut more = Vec::new();
    if let Some((n, turns)) = more_long {
        for k in 1..=n {
            let record = long_run(date, seed, k, turns);
            let bytes = record.encode();
            let file = format!("long-{k}.cavesrun");
            write(&file, &bytes);
            more.push(entry(&file, &record, &bytes));
        }
    }

    let manifest = format!(
        "{{\"date\":\"{date}\",\"seed\":\"{seed}\",\"valid\":[{}],\"forged\":[{}],\"long\":{long_entry},\"copies\":[{}],\"more_long\":[{}],\"poison\":{poison_entry},\"armed\":{armed},\"synonym\":{synonym}}}\n",
        valid.join(","),
        kinds.join(","),
        copies.join(","),
        more.join(",")
    );
    write("runs.json", manifest.as_bytes());
}
