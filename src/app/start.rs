//! The start screen's choices: continue a saved run, take one over from another tab, start a
//! new run, watch the last ended run or one of the best, import a record, or download kept
//! saves. A watched run is the shown record, so share and export apply to it.

use super::{App, Command, Request, Screen};

/// What a key on the start screen chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Continue saved run number n (0 = the most recent).
    Continue(usize),
    /// Take saved run number n over from the tab that holds it.
    TakeOver(usize),
    NewRun,
    Help,
    Import,
    DownloadKept,
    WatchLast,
    /// Watch the n-th best run of the high-score table (0 = the best).
    WatchBest(usize),
}

impl App {
    /// Saved runs this page may continue now: not held by another tab.
    pub fn free_runs(&self) -> Vec<usize> {
        (0..self.found.runs.len())
            .filter(|&i| !self.busy.contains(&self.found.runs[i].id))
            .collect()
    }

    /// What `key` chooses on the start screen, if anything.
    pub fn start_choice(&self, key: &str) -> Option<Choice> {
        if Self::ignorable(key) {
            return None;
        }
        let free = self.free_runs();
        let busy_first = self
            .found
            .runs
            .first()
            .is_some_and(|r| self.busy.contains(&r.id));
        Some(match key {
            "?" => Choice::Help,
            "Enter" if !free.is_empty() => Choice::Continue(free[0]),
            "1" | "2" | "3" => {
                let n = key.as_bytes()[0] - b'1';
                match self.found.runs.get(n as usize) {
                    Some(r) if self.busy.contains(&r.id) => Choice::TakeOver(n as usize),
                    Some(_) => Choice::Continue(n as usize),
                    None => Choice::NewRun,
                }
            }
            "5" | "6" | "7" | "8" | "9"
                if usize::from(key.as_bytes()[0] - b'5')
                    < crate::save::Saves::high_scores(&self.found.history).len() =>
            {
                Choice::WatchBest(usize::from(key.as_bytes()[0] - b'5'))
            }
            "t" | "T" if busy_first => Choice::TakeOver(0),
            "i" | "I" => Choice::Import,
            "d" | "D" if !self.found.kept.is_empty() => Choice::DownloadKept,
            "r" | "R" if !self.found.history.is_empty() => Choice::WatchLast,
            _ => Choice::NewRun,
        })
    }

    pub(super) fn start_key(&mut self, key: &str, cmd: Option<Command>) -> bool {
        let _ = cmd;
        let Some(choice) = self.start_choice(key) else {
            return false;
        };
        match choice {
            Choice::Help => self.screens.push(Screen::Help),
            Choice::Continue(i) => self.resume(i),
            Choice::TakeOver(i) => {
                if let Some(r) = self.found.runs.get(i) {
                    self.requests.push(Request::TakeOver(r.id));
                }
            }
            Choice::NewRun => self.new_run(true),
            Choice::Import => self.requests.push(Request::Import),
            Choice::DownloadKept => self.requests.push(Request::DownloadKept(0)),
            Choice::WatchLast => {
                if let Some(record) = self.found.history.first().and_then(|h| h.decode()) {
                    self.watch(record);
                } else {
                    self.notice = Some(
                        "The last run was played under other rules and cannot be shown.".into(),
                    );
                }
            }
            Choice::WatchBest(n) => {
                let best = crate::save::Saves::high_scores(&self.found.history);
                if let Some(record) = best.get(n).and_then(|h| h.decode()) {
                    self.watch(record);
                } else {
                    self.notice =
                        Some("That run was played under other rules and cannot be shown.".into());
                }
            }
        }
        true
    }
}
