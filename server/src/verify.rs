//! Verifying a submitted run: the record is decoded, checked to be that day's daily caves,
//! and replayed with the game's own rules, every fingerprint checked. The score is the
//! replayed state's; nothing the client claims is believed.

use std::time::{Duration, Instant};

use caves::record::replay::initial;
use caves::record::{DecodeError, Record};
use caves::rules::builder::WorldParams;
use caves::rules::{Outcome, RULESET};

/// The largest run file taken, in bytes (a 100,000-action run is far smaller).
pub const MAX_BYTES: usize = 256 * 1024;
/// The most actions a submitted run may have.
pub const MAX_ACTIONS: usize = 100_000;
/// The longest a verification may take; a run that needs more is refused.
pub const CPU_BUDGET: Duration = Duration::from_secs(1);

pub use caves::record::daily_seed;

/// True for a well-formed date, YYYY-MM-DD, that exists.
pub fn valid_date(date: &str) -> bool {
    let b = date.as_bytes();
    let shape = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !shape {
        return false;
    }
    let num = |r: std::ops::Range<usize>| date[r].parse::<u32>().unwrap_or(0);
    let (y, m, d) = (num(0..4), num(5..7), num(8..10));
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    };
    y >= 1970 && (1..=days).contains(&d)
}

/// What a verified run scored, from its replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub date: String,
    pub score: u32,
    pub outcome: &'static str,
    pub depth: i32,
    pub turns: u32,
}

/// Why a run is refused, with its HTTP status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// 400: the bytes are not a run file, or a damaged one.
    Damaged(String),
    /// 413: over `MAX_BYTES`.
    TooLarge,
    /// 422: a run, but not one the board takes.
    Unfit(String),
}

impl Refusal {
    pub fn status(&self) -> u16 {
        match self {
            Refusal::Damaged(_) => 400,
            Refusal::TooLarge => 413,
            Refusal::Unfit(_) => 422,
        }
    }

    pub fn words(&self) -> String {
        match self {
            Refusal::Damaged(why) => format!("This is not a run file the game wrote: {why}."),
            Refusal::TooLarge => format!(
                "The run file is larger than {} KB, far more than any run.",
                MAX_BYTES / 1024
            ),
            Refusal::Unfit(why) => why.clone(),
        }
    }
}

fn unfit(why: impl Into<String>) -> Refusal {
    Refusal::Unfit(why.into())
}

/// Verifies a run file submitted on `today` (the server's UTC date), whose yesterday is
/// `yesterday`: decoded, a daily run of today or yesterday with that day's seed and the
/// usual caves, ended, and replayed to every fingerprint within the CPU budget.
pub fn verify(bytes: &[u8], today: &str, yesterday: &str) -> Result<Verified, Refusal> {
    if bytes.len() > MAX_BYTES {
        return Err(Refusal::TooLarge);
    }
    let record = Record::decode(bytes).map_err(|e| match e {
        DecodeError::Ruleset(v) => unfit(format!(
            "The run was played under ruleset {v}; this board verifies ruleset {RULESET}."
        )),
        other => Refusal::Damaged(other.to_string()),
    })?;
    let h = &record.header;
    if h.ruleset != RULESET {
        return Err(unfit(format!(
            "The run was played under ruleset {}; this board verifies ruleset {RULESET}.",
            h.ruleset
        )));
    }
    let Some(date) = h.daily.clone() else {
        return Err(unfit(
            "This is not a daily run: only the daily caves are on the board.",
        ));
    };
    if date != today && date != yesterday {
        return Err(unfit(format!(
            "This is the daily run of {date}; the board takes runs of {today} and {yesterday}."
        )));
    }
    if h.seed != daily_seed(&date) {
        return Err(unfit(format!(
            "The run's seed is not the daily seed of {date}."
        )));
    }
    if h.params != WorldParams::default() {
        return Err(unfit(
            "The run was played in caves of other sizes than the daily caves.",
        ));
    }
    if !record.ended {
        return Err(unfit("The run has not ended: post it when it is over."));
    }
    if record.actions.len() > MAX_ACTIONS {
        return Err(unfit(format!(
            "The run has {} actions; the board takes at most {MAX_ACTIONS}.",
            record.actions.len()
        )));
    }
    replay_within_budget(&record, date)
}

/// Replays `record`, checking every fingerprint, and stops with a refusal past the budget.
fn replay_within_budget(record: &Record, date: String) -> Result<Verified, Refusal> {
    let start = Instant::now();
    let diverged = |at: usize| {
        unfit(format!(
            "Replaying the run gives a different game from action {at} on: it was not played by these rules."
        ))
    };
    let mut state =
        initial(record).map_err(|e| unfit(format!("The run's caves cannot be built: {e}.")))?;
    for (i, &action) in record.actions.iter().enumerate() {
        if !state.act(action) {
            return Err(unfit(format!(
                "The run goes on after it ended (action {} of {}).",
                i + 1,
                record.actions.len()
            )));
        }
        record.check(i + 1, &state).map_err(diverged)?;
        if i % 1024 == 1023 && start.elapsed() > CPU_BUDGET {
            return Err(unfit(format!(
                "Verifying the run took longer than {} s; it is refused.",
                CPU_BUDGET.as_secs()
            )));
        }
    }
    if record.actions.is_empty() {
        record.check(0, &state).map_err(diverged)?;
    }
    let outcome = match state.outcome() {
        Outcome::Playing => return Err(unfit("The run has not ended: post it when it is over.")),
        Outcome::Won => "won",
        Outcome::Lost => "lost",
    };
    Ok(Verified {
        date,
        score: state.score(),
        outcome,
        depth: state.depth_reached(),
        turns: state.turn(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runs::daily_run;

    const TODAY: &str = "2026-11-24";
    const YESTERDAY: &str = "2026-11-23";

    #[test]
    fn dates_are_checked_for_shape_and_calendar() {
        for ok in ["2026-11-24", "2024-02-29", "2000-02-29", "1999-12-31"] {
            assert!(valid_date(ok), "{ok}");
        }
        for bad in [
            "2026-11-31",
            "2023-02-29",
            "1900-02-29",
            "2026-13-01",
            "2026-1-01",
            "x",
            "",
        ] {
            assert!(!valid_date(bad), "{bad}");
        }
    }

    #[test]
    fn a_daily_run_verifies_with_the_replayed_score() {
        let run = daily_run(TODAY, 5);
        let v = verify(&run.encode(), TODAY, YESTERDAY).expect("verifies");
        let state = caves::record::replay(&run).expect("replays");
        assert_eq!(v.score, state.score());
        assert_eq!(v.turns, state.turn());
        assert_eq!(v.date, TODAY);
        assert!(verify(&daily_run(YESTERDAY, 2).encode(), TODAY, YESTERDAY).is_ok());
    }

    #[test]
    fn the_board_refuses_what_is_not_that_days_ended_daily_run() {
        let status = |bytes: &[u8]| verify(bytes, TODAY, YESTERDAY).map_err(|r| r.status());
        // Another day.
        assert_eq!(status(&daily_run("2026-11-20", 1).encode()), Err(422));
        // Today's date with another day's seed.
        let mut r = daily_run(TODAY, 1);
        r.header.seed = daily_seed("2026-11-20");
        assert_eq!(status(&r.encode()), Err(422));
        // Not daily.
        let mut r = daily_run(TODAY, 1);
        r.header.daily = None;
        assert_eq!(status(&r.encode()), Err(422));
        // Not ended.
        let mut r = daily_run(TODAY, 1);
        r.ended = false;
        assert_eq!(status(&r.encode()), Err(422));
        // Other world settings.
        let mut r = daily_run(TODAY, 1);
        r.header.params.width = 40;
        assert_eq!(status(&r.encode()), Err(422));
        // Actions after the end.
        let mut r = daily_run(TODAY, 3);
        r.actions.push(caves::rules::Action::Wait);
        assert_eq!(status(&r.encode()), Err(422));
        // A forged final fingerprint.
        let mut r = daily_run(TODAY, 3);
        r.final_hash ^= 1;
        assert_eq!(status(&r.encode()), Err(422));
        // Damaged bytes and too many.
        let bytes = daily_run(TODAY, 3).encode();
        assert_eq!(status(&bytes[..bytes.len() / 2]), Err(400));
        assert_eq!(status(&vec![0u8; MAX_BYTES + 1]), Err(413));
    }
}
