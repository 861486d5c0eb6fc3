//! Writes run files for the board's tests and load benchmark, made by the game's rules:
//!
//! ```text
//! cargo run --release -p caves-server --example runs -- DIR COUNT DATE
//! ```
//!
//! - `DIR/valid-N.cavesrun`: `COUNT` different ended daily runs of `DATE`;
//! - `DIR/forged-KIND.cavesrun`: valid runs changed the way a cheat would (actions after the
//!   end, another day's seed, fingerprints removed, an action changed, the final fingerprint
//!   changed, not ended, other caves sizes, not a daily run);
//! - `DIR/runs.json`: every valid run's id and replayed score, and the forged kinds.

use std::path::PathBuf;

use caves::rules::Action;
use caves_server::board::run_id;
use caves_server::runs::daily_run;
use caves_server::verify::daily_seed;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, count, date] = args.as_slice() else {
        eprintln!("usage: runs DIR COUNT DATE");
        std::process::exit(2);
    };
    let dir = PathBuf::from(dir);
    let count: u32 = count.parse().unwrap_or(0);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("runs: cannot make {}: {e}", dir.display());
        std::process::exit(2);
    }
    let write = |name: &str, bytes: &[u8]| {
        if let Err(e) = std::fs::write(dir.join(name), bytes) {
            eprintln!("runs: cannot write {name}: {e}");
            std::process::exit(2);
        }
    };
    let mut valid = Vec::new();
    for n in 0..count {
        let record = daily_run(date, n);
        let bytes = record.encode();
        let state = match caves::record::replay(&record) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("runs: run {n} does not replay: {e}");
                std::process::exit(1);
            }
        };
        write(&format!("valid-{n}.cavesrun"), &bytes);
        valid.push(format!(
            "{{\"file\":\"valid-{n}.cavesrun\",\"id\":\"{}\",\"score\":{},\"turns\":{}}}",
            run_id(&bytes),
            state.score(),
            state.turn()
        ));
    }
    let base = || daily_run(date, 7);
    let mut forged: Vec<(&str, Vec<u8>)> = Vec::new();
    let mut r = base();
    r.actions.push(Action::Wait);
    forged.push(("after-the-end", r.encode()));
    let mut r = base();
    r.header.seed = daily_seed("2020-01-01");
    forged.push(("another-days-seed", r.encode()));
    let mut r = base();
    r.header.daily = Some("2020-01-01".into());
    r.header.seed = daily_seed("2020-01-01");
    forged.push(("another-day", r.encode()));
    let mut r = base();
    r.checkpoints.clear();
    r.final_hash = 0;
    forged.push(("no-fingerprints", r.encode()));
    let mut r = base();
    if let Some(a) = r.actions.first_mut() {
        *a = Action::Move(caves::rules::Dir::E);
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
    for (kind, bytes) in &forged {
        write(&format!("forged-{kind}.cavesrun"), bytes);
    }
    let kinds: Vec<String> = forged.iter().map(|(k, _)| format!("\"{k}\"")).collect();
    let manifest = format!(
        "{{\"date\":\"{date}\",\"valid\":[{}],\"forged\":[{}]}}\n",
        valid.join(","),
        kinds.join(",")
    );
    write("runs.json", manifest.as_bytes());
}
