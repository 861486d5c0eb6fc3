//! The history of ended runs: one line each, tab-separated, with the run's record so it can be
//! watched again or shared. Lines have six fields (date, seed, outcome, turns, depth, record)
//! or, since scores were kept, seven (the score before the record); both are read, and an
//! entry without a score is written back in its old six-field form, unchanged. A daily run
//! begun since tries were counted has its try after its outcome ("lost, try 2"), in the same
//! field, so that a page of an older version still reads the line.

use crate::number::number;
use caves_rules::record::Record;

/// One ended run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// The day it ended (YYYY-MM-DD).
    pub date: String,
    pub seed: u64,
    /// "won" or "lost".
    pub outcome: String,
    /// For a daily run begun since tries were counted, which run it was of its day's caves:
    /// 1 for the day's run, more for practice.
    pub attempt: Option<u32>,
    pub turns: u32,
    /// The deepest level reached, from 1.
    pub depth: i32,
    /// The run's score, for runs ended since scores were kept.
    pub score: Option<u32>,
    /// The run's record as text.
    pub record: String,
}

impl HistoryEntry {
    pub fn to_line(&self) -> String {
        // One char at a time, as a slot's date is cleaned: the page then carries one
        // `str::replace`, for a char (an array of chars would be a second one).
        #[allow(clippy::collapsible_str_replace)]
        let clean = |s: &str| s.replace('\t', " ").replace('\n', " ");
        let score = self.score.map_or(String::new(), |s| format!("{s}\t"));
        let attempt = self.attempt.map_or(String::new(), |n| format!(", try {n}"));
        format!(
            "{}\t{}\t{}{attempt}\t{}\t{}\t{score}{}",
            clean(&self.date),
            self.seed,
            clean(&self.outcome),
            self.turns,
            self.depth,
            self.record
        )
    }

    pub fn from_line(line: &str) -> Option<HistoryEntry> {
        let f: Vec<&str> = line.split('\t').collect();
        let score = match f.len() {
            6 => None,
            7 => Some(number(f[5])?),
            _ => return None,
        };
        // The try is the field's last words, after its last comma. A search for a char, then
        // `strip_prefix`: a search for the whole ", try " would bring string slicing's panic
        // report into the page, and with it `Debug` for chars and its Unicode tables (4 KB of
        // the page, gzipped).
        let tried = f[2]
            .rsplit_once(',')
            .and_then(|(outcome, n)| Some((outcome, n.strip_prefix(" try ")?)));
        let (outcome, attempt) = match tried {
            Some((outcome, n)) => (outcome, Some(number(n)?)),
            None => (f[2], None),
        };
        Some(HistoryEntry {
            date: f[0].to_string(),
            seed: number(f[1])?,
            outcome: outcome.to_string(),
            attempt,
            turns: number(f[3])?,
            depth: number(f[4])?,
            score,
            record: f[f.len() - 1].to_string(),
        })
    }

    /// The entry's record, if it can still be read by this version.
    pub fn decode(&self) -> Option<Record> {
        Record::from_text(&self.record).ok()
    }

    /// True for a later run of a day's caves than the day's run.
    pub fn practice(&self) -> bool {
        self.attempt.is_some_and(|n| n > 1)
    }

    /// The daily's date, for a daily run (its record says so).
    pub fn daily(&self) -> Option<String> {
        self.decode()?.header.daily
    }

    /// The variant the run was played in (its record says so).
    pub fn variant(&self) -> Option<&'static caves_rules::Variant> {
        self.decode().map(|r| r.header.variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `entry` written is `line`, and `line` read is `entry`.
    fn round_trips(entry: &HistoryEntry, line: &str) {
        assert_eq!(entry.to_line(), line);
        assert_eq!(HistoryEntry::from_line(line).as_ref(), Some(entry));
    }

    #[test]
    fn lines_with_and_without_a_score_round_trip_unchanged() {
        let old = "2026-11-20\t5\twon\t812\t5\tQ0FWRQ";
        let entry = HistoryEntry::from_line(old).expect("an old line still parses");
        assert_eq!(entry.score, None);
        assert_eq!(entry.record, "Q0FWRQ");
        assert_eq!(entry.to_line(), old, "nothing is lost");
        let new = HistoryEntry {
            score: Some(2710),
            ..entry
        };
        round_trips(&new, "2026-11-20\t5\twon\t812\t5\t2710\tQ0FWRQ");
        assert_eq!(HistoryEntry::from_line("a\tb"), None);
        assert_eq!(HistoryEntry::from_line("d\t1\twon\t2\t3\tx\tREC"), None);
        // A daily run's try, after its outcome.
        let practice = HistoryEntry {
            attempt: Some(2),
            ..new
        };
        round_trips(&practice, "2026-11-20\t5\twon, try 2\t812\t5\t2710\tQ0FWRQ");
        assert!(practice.practice());
        let day = HistoryEntry {
            attempt: Some(1),
            ..practice
        };
        assert_eq!(HistoryEntry::from_line(&day.to_line()), Some(day.clone()));
        assert!(!day.practice());
        assert_eq!(
            HistoryEntry::from_line("d\t1\twon, try x\t2\t3\t4\tREC"),
            None
        );
    }

    #[test]
    fn an_outcome_with_a_comma_but_no_try_is_read_whole() {
        let entry = HistoryEntry::from_line("d\t1\tlost, alone\t2\t3\tREC").expect("a line");
        assert_eq!(
            (entry.outcome.as_str(), entry.attempt),
            ("lost, alone", None)
        );
        let tried = HistoryEntry::from_line("d\t1\tlost, alone, try 3\t2\t3\tREC");
        let tried = tried.expect("a line with a try");
        assert_eq!(
            (tried.outcome.as_str(), tried.attempt),
            ("lost, alone", Some(3))
        );
    }
}
