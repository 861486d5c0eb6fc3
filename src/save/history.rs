//! The history of ended runs: one line each, tab-separated, with the run's record so it can be
//! watched again or shared.

use crate::record::Record;

/// One ended run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// The day it ended (YYYY-MM-DD).
    pub date: String,
    pub seed: u64,
    /// "won" or "lost".
    pub outcome: String,
    pub turns: u32,
    /// The deepest level reached, from 1.
    pub depth: i32,
    /// The run's record as text.
    pub record: String,
}

impl HistoryEntry {
    pub fn to_line(&self) -> String {
        let clean = |s: &str| s.replace(['\t', '\n'], " ");
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}",
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
        if f.len() != 6 {
            return None;
        }
        Some(HistoryEntry {
            date: f[0].to_string(),
            seed: f[1].parse().ok()?,
            outcome: f[2].to_string(),
            turns: f[3].parse().ok()?,
            depth: f[4].parse().ok()?,
            record: f[5].to_string(),
        })
    }

    /// The entry's record, if it can still be read by this version.
    pub fn decode(&self) -> Option<Record> {
        Record::from_text(&self.record).ok()
    }
}
