//! The tries of each day's caves: the daily runs begun on this page, in the order they were
//! begun. The first is the day's run, the one Your days and the board count; the later ones
//! are practice. The day's run's end is kept here until the board has taken it, so it can be
//! posted whatever the page did in between.
//!
//! One line for the caves of a day: `date\tseed\tids\tday`, the run ids in the order begun
//! (space-separated), and where the day's run stands: `playing`, `posted` (the board took it),
//! or its ended record, waiting to be posted.

use crate::number::number;

/// Where the day's run stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DayRun {
    /// Not ended yet.
    Playing,
    /// Ended and not yet taken by the board: its record as text.
    Ended(String),
    /// The board took it.
    Posted,
}

/// The runs begun of one day's caves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tries {
    /// The daily's date (YYYY-MM-DD).
    pub date: String,
    pub seed: u64,
    /// Run ids in the order they were begun: the first is the day's run.
    pub runs: Vec<u32>,
    pub day: DayRun,
}

impl Tries {
    /// The first run begun of `date`'s caves on `seed`.
    pub fn new(date: &str, seed: u64, id: u32) -> Tries {
        Tries {
            date: date.to_string(),
            seed,
            runs: vec![id],
            day: DayRun::Playing,
        }
    }

    /// Whether these are the tries of `date`'s caves on `seed`.
    pub fn of(&self, date: &str, seed: u64) -> bool {
        self.date == date && self.seed == seed
    }

    /// The try run `id` is (1 for the day's run), if it was begun here.
    pub fn attempt(&self, id: u32) -> Option<u32> {
        let i = self.runs.iter().position(|&r| r == id)?;
        u32::try_from(i + 1).ok()
    }

    pub fn to_line(&self) -> String {
        let mut ids = String::new();
        for id in &self.runs {
            if !ids.is_empty() {
                ids.push(' ');
            }
            ids += &format!("{id}");
        }
        let day = match &self.day {
            DayRun::Playing => "playing",
            DayRun::Posted => "posted",
            DayRun::Ended(record) => record,
        };
        let date = self.date.replace(['\t', '\n'], " ");
        format!("{date}\t{}\t{ids}\t{day}", self.seed)
    }

    pub fn from_line(line: &str) -> Option<Tries> {
        let f: Vec<&str> = line.split('\t').collect();
        let [date, seed, ids, day] = f[..] else {
            return None;
        };
        let mut runs = Vec::new();
        for id in ids.split(' ') {
            runs.push(number(id)?);
        }
        let day = match day {
            "playing" => DayRun::Playing,
            "posted" => DayRun::Posted,
            "" => return None,
            record => DayRun::Ended(record.to_string()),
        };
        Some(Tries {
            date: date.to_string(),
            seed: number(seed)?,
            runs,
            day,
        })
    }
}

/// The tries of `date`'s caves on `seed` in `tries`.
pub fn find<'a>(tries: &'a [Tries], date: &str, seed: u64) -> Option<&'a Tries> {
    tries.iter().find(|t| t.of(date, seed))
}

/// Adds run `id` as the latest try of `date`'s caves on `seed` (their day's run when it is the
/// first), unless it was begun already.
pub fn begin(tries: &mut Vec<Tries>, date: &str, seed: u64, id: u32) {
    match tries.iter_mut().find(|t| t.of(date, seed)) {
        Some(t) if !t.runs.contains(&id) => t.runs.push(id),
        Some(_) => {}
        None => tries.push(Tries::new(date, seed, id)),
    }
}

/// What the store holds (`stored`, which another page may have added to) together with what
/// this page knows (`known`, which holds what the store refused): the store's order of runs
/// with this page's runs it lacks after them, and the furthest the day's run has come
/// (playing, then ended, then posted).
pub fn merge(stored: Vec<Tries>, known: &[Tries]) -> Vec<Tries> {
    let rank = |d: &DayRun| match d {
        DayRun::Playing => 0,
        DayRun::Ended(_) => 1,
        DayRun::Posted => 2,
    };
    let mut tries = stored;
    for k in known {
        match tries.iter_mut().find(|t| t.of(&k.date, k.seed)) {
            Some(t) => {
                for &id in &k.runs {
                    if !t.runs.contains(&id) {
                        t.runs.push(id);
                    }
                }
                if rank(&k.day) > rank(&t.day) {
                    t.day = k.day.clone();
                }
            }
            None => tries.push(k.clone()),
        }
    }
    tries
}

/// At most this many days' tries are kept: the newest dates.
pub const TRIES_LEN: usize = 7;

/// The text of `tries` as the store keeps it: the newest `TRIES_LEN` dates, oldest first.
pub(crate) fn to_text(tries: &[Tries]) -> String {
    // Each placed after the dates up to its own (ties keep their order): a handful of days,
    // and no stable sort's code in the page for them (3 KB of it, 1 KB gzipped).
    let mut sorted: Vec<&Tries> = Vec::new();
    for t in tries {
        let at = sorted.partition_point(|s| s.date <= t.date);
        sorted.insert(at, t);
    }
    let mut text = String::new();
    for t in &sorted[sorted.len().saturating_sub(TRIES_LEN)..] {
        text += &t.to_line();
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_bad_ones_do_not_read() {
        let mut t = Tries::new("2026-11-28", 123, 7);
        t.runs.push(9);
        for day in [
            DayRun::Playing,
            DayRun::Posted,
            DayRun::Ended("Q0FWRQ".into()),
        ] {
            let t = Tries { day, ..t.clone() };
            assert_eq!(Tries::from_line(&t.to_line()), Some(t.clone()));
        }
        assert_eq!(t.to_line(), "2026-11-28\t123\t7 9\tplaying");
        assert_eq!(
            (t.attempt(7), t.attempt(9), t.attempt(8)),
            (Some(1), Some(2), None)
        );
        for bad in [
            "",
            "2026-11-28\t123\t7\t",
            "2026-11-28\tx\t7\tplaying",
            "2026-11-28\t123\t7 x\tplaying",
            "2026-11-28\t123\t\tplaying",
            "2026-11-28\t123\t7",
            "2026-11-28\t123\t7\tplaying\tmore",
        ] {
            assert_eq!(Tries::from_line(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_first_run_begun_stays_the_days_run_and_a_merge_loses_nothing() {
        let mut tries = Vec::new();
        begin(&mut tries, "2026-11-28", 5, 30);
        begin(&mut tries, "2026-11-28", 5, 10);
        begin(&mut tries, "2026-11-28", 5, 30);
        begin(&mut tries, "2026-11-28", 6, 20);
        begin(&mut tries, "2026-11-27", 5, 40);
        let days = |t: &[Tries], d, s| find(t, d, s).map(|t| t.runs.clone());
        assert_eq!(days(&tries, "2026-11-28", 5), Some(vec![30, 10]));
        assert_eq!(days(&tries, "2026-11-28", 6), Some(vec![20]));
        assert_eq!(days(&tries, "2026-11-27", 5), Some(vec![40]));
        // Another page began 50 and posted the day's run meanwhile; this page knows of 10
        // and of a day the store did not take.
        let mut stored = vec![Tries::new("2026-11-28", 5, 30)];
        stored[0].runs.push(50);
        stored[0].day = DayRun::Posted;
        let mut known = tries.clone();
        known[0].day = DayRun::Ended("R".into());
        let merged = merge(stored, &known);
        assert_eq!(days(&merged, "2026-11-28", 5), Some(vec![30, 50, 10]));
        assert_eq!(
            find(&merged, "2026-11-28", 5).map(|t| &t.day),
            Some(&DayRun::Posted)
        );
        assert_eq!(merged.len(), 3);
        // Only the newest dates are written.
        for d in 1..=9 {
            begin(&mut tries, &format!("2026-12-0{d}"), 5, d);
        }
        let lines: Vec<Tries> = to_text(&tries)
            .lines()
            .filter_map(Tries::from_line)
            .collect();
        assert_eq!(lines.len(), TRIES_LEN);
        assert_eq!(lines[0].date, "2026-12-03");
        assert_eq!(lines[TRIES_LEN - 1].date, "2026-12-09");
    }

    #[test]
    fn tries_are_written_oldest_date_first_and_a_days_caves_in_the_order_begun() {
        let mut tries = Vec::new();
        for (date, seed) in [
            ("2026-11-28", 5),
            ("2026-11-26", 5),
            ("2026-11-28", 6),
            ("2026-11-27", 5),
            ("2026-11-28", 4),
        ] {
            begin(&mut tries, date, seed, 1);
        }
        let written: Vec<(String, u64)> = to_text(&tries)
            .lines()
            .filter_map(Tries::from_line)
            .map(|t| (t.date, t.seed))
            .collect();
        let want = [
            ("2026-11-26", 5),
            ("2026-11-27", 5),
            ("2026-11-28", 5),
            ("2026-11-28", 6),
            ("2026-11-28", 4),
        ];
        let want: Vec<(String, u64)> = want.iter().map(|&(d, s)| (d.to_string(), s)).collect();
        assert_eq!(written, want);
    }
}
