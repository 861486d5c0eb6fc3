//! The start screen: its choices (continue a saved run, take one over from another tab, start a
//! new run, watch the last ended run or one of the best, import a record, download kept
//! saves, today's board), and starting or resuming a run. A watched run is the shown record,
//! so share and export apply to it.

use super::{App, Next, Request, Run, Screen};
use crate::record::Header;
use crate::rules::{Mode, Outcome};

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
    /// Open the cave lab on the next run's seed.
    Lab,
    /// Show today's shared board of daily runs.
    Board,
    /// Watch the n-th best run of the high-score table (0 = the best).
    WatchBest(usize),
    /// Switch new runs between Normal and Explorer mode.
    Mode,
}

/// One line of the start menu: the key that chooses it, what it says, what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuItem {
    pub key: String,
    pub label: String,
    pub choice: Choice,
}

impl App {
    /// The start menu, top to bottom: saved runs, a new run, the last run, kept saves, a run
    /// file, help. The same list is drawn and hit by taps.
    pub fn start_menu(&self) -> Vec<MenuItem> {
        let item = |key: &str, label: String, choice| MenuItem {
            key: key.to_string(),
            label,
            choice,
        };
        let mut menu = Vec::new();
        let free = self.free_runs();
        for (i, run) in self.found().runs.iter().take(3).enumerate() {
            let h = &run.record.header;
            let what = format!(
                "{}, level {}, turn {}",
                super::draw::screens::run_name(h.seed, h.daily.as_deref()),
                run.level,
                run.turn
            );
            let digit = ["1", "2", "3"][i];
            if free.contains(&i) {
                let key = if free.first() == Some(&i) {
                    "Enter"
                } else {
                    digit
                };
                menu.push(item(key, format!("Continue {what}"), Choice::Continue(i)));
            } else {
                menu.push(item(
                    digit,
                    format!("Take over {what} (in another tab)"),
                    Choice::TakeOver(i),
                ));
            }
        }
        let next = match &self.opts.daily {
            Some(d) => format!("the daily caves of {d}"),
            None => format!("seed {}", self.opts.seed),
        };
        let new_key = if free.is_empty() { "any key" } else { "N" };
        let mode = match (self.opts.daily.is_some(), self.opts.mode) {
            (false, Mode::Explorer) => " (Explorer)",
            _ => "",
        };
        menu.push(item(
            new_key,
            format!("New run: {next}{mode}"),
            Choice::NewRun,
        ));
        if self.opts.daily.is_none() {
            let label = match self.opts.mode {
                Mode::Normal => "Mode: Normal",
                Mode::Explorer => "Mode: Explorer",
            };
            menu.push(item("M", label.into(), Choice::Mode));
        }
        if !self.found().history.is_empty() {
            menu.push(item(
                "R",
                "Watch the last run again".into(),
                Choice::WatchLast,
            ));
        }
        if !self.found().kept.is_empty() {
            let kept = &self.found().kept;
            let older = kept
                .iter()
                .filter(|k| k.reason.starts_with("it was played under ruleset"))
                .count();
            let label = if older == kept.len() {
                format!("Download {older} older runs")
            } else {
                "Download the kept saves".into()
            };
            menu.push(item("D", label, Choice::DownloadKept));
        }
        menu.push(item("I", "Watch a run file".into(), Choice::Import));
        menu.push(item("B", "Today's board".into(), Choice::Board));
        menu.push(item("L", "The cave lab".into(), Choice::Lab));
        menu.push(item("?", "Help and keys".into(), Choice::Help));
        menu
    }

    /// Saved runs this page may continue now: not held by another tab.
    pub fn free_runs(&self) -> Vec<usize> {
        (0..self.found().runs.len())
            .filter(|&i| !self.busy().contains(&self.found().runs[i].id))
            .collect()
    }

    /// What `key` chooses on the start screen, if anything.
    pub fn start_choice(&self, key: &str) -> Option<Choice> {
        if Self::ignorable(key) {
            return None;
        }
        let free = self.free_runs();
        let busy_first = self
            .found()
            .runs
            .first()
            .is_some_and(|r| self.busy().contains(&r.id));
        Some(match key {
            "?" => Choice::Help,
            "Enter" if !free.is_empty() => Choice::Continue(free[0]),
            "1" | "2" | "3" => {
                let n = key.as_bytes()[0] - b'1';
                match self.found().runs.get(n as usize) {
                    Some(r) if self.busy().contains(&r.id) => Choice::TakeOver(n as usize),
                    Some(_) => Choice::Continue(n as usize),
                    None => Choice::NewRun,
                }
            }
            "5" | "6" | "7" | "8" | "9"
                if usize::from(key.as_bytes()[0] - b'5')
                    < crate::save::Saves::high_scores(&self.found().history).len() =>
            {
                Choice::WatchBest(usize::from(key.as_bytes()[0] - b'5'))
            }
            "t" | "T" if busy_first => Choice::TakeOver(0),
            "n" | "N" => Choice::NewRun,
            "m" | "M" if self.opts.daily.is_none() => Choice::Mode,
            "i" | "I" => Choice::Import,
            "L" => Choice::Lab,
            "B" => Choice::Board,
            "d" | "D" if !self.found().kept.is_empty() => Choice::DownloadKept,
            "r" | "R" if !self.found().history.is_empty() => Choice::WatchLast,
            _ => Choice::NewRun,
        })
    }

    pub(super) fn start_key(&mut self, key: &str) -> bool {
        let Some(choice) = self.start_choice(key) else {
            return false;
        };
        self.choose(choice);
        true
    }

    /// Rows of one start-menu line: 1 with a keyboard; on touch screens a bar and a gap, every
    /// row of which a tap chooses it by: 3 rows on a landscape screen, and on a portrait phone
    /// 5 (4 with larger glyphs), at least 44 CSS pixels since a phone's cells are at least 9
    /// (13.5) CSS pixels high.
    pub fn menu_pitch(&self) -> i32 {
        match (
            self.prefs.touch,
            self.layout.is_portrait(),
            self.prefs.larger,
        ) {
            (false, _, _) => 1,
            (true, false, _) => 3,
            (true, true, false) => 5,
            (true, true, true) => 4,
        }
    }

    /// The rows of a touch menu line's bar, and the row of its label within the bar: a
    /// portrait phone's bars are three rows with the label in the middle.
    pub fn menu_bar(&self) -> (i32, i32) {
        if self.layout.is_portrait() {
            (3, 1)
        } else {
            (2, 0)
        }
    }

    /// The first row of a start menu of `lines` lines, which sits at the bottom of the screen.
    /// It ends a blank row above the bottom of the page's frame, so it never covers it.
    pub fn menu_top(&self, lines: usize) -> i32 {
        let page = super::draw::screens::page(self.layout);
        (page.y + page.h - 2 - lines as i32 * self.menu_pitch()).max(0)
    }

    /// What a tap on screen row `row` of the start screen chooses: the menu line there, or
    /// the first line for a tap above the menu; nothing between the lines.
    pub fn menu_at(&self, row: i32) -> Option<Choice> {
        let menu = self.start_menu();
        let (top, pitch) = (self.menu_top(menu.len()), self.menu_pitch());
        if row < top - 2 {
            return menu.first().map(|m| m.choice);
        }
        let i = (row - top).div_euclid(pitch);
        // A portrait phone's gap rows belong to the bar above them.
        let within = (row - top).rem_euclid(pitch) < self.menu_bar().0
            || pitch == 1
            || self.layout.is_portrait();
        (row >= top && within)
            .then(|| menu.get(i as usize).map(|m| m.choice))
            .flatten()
    }

    /// Does what a start-menu line says.
    pub fn choose(&mut self, choice: Choice) {
        match choice {
            Choice::Help => self.go(Next::Push(Screen::Help)),
            Choice::Continue(i) => {
                // As the store holds it now: another tab may have played or ended it since
                // the menu was shown.
                let Some(id) = self.found().runs.get(i).map(|r| r.id) else {
                    return;
                };
                self.rescan();
                match self.found().runs.iter().position(|r| r.id == id) {
                    Some(i) => self.resume(i),
                    None => {
                        self.notice = Some("That run is not saved any more.".into());
                    }
                }
            }
            Choice::TakeOver(i) => {
                if let Some(r) = self.found().runs.get(i) {
                    self.requests.push(Request::TakeOver(r.id));
                }
            }
            Choice::NewRun => self.new_run(true),
            Choice::Mode => {
                self.opts.mode = match self.opts.mode {
                    Mode::Normal => Mode::Explorer,
                    Mode::Explorer => Mode::Normal,
                };
            }
            Choice::Import => self.requests.push(Request::Import),
            Choice::Lab => self.requests.push(Request::Lab(self.opts.seed)),
            Choice::Board => self.requests.push(Request::Board),
            Choice::DownloadKept => self.requests.push(Request::DownloadKept(0)),
            Choice::WatchLast => {
                if let Some(record) = self.found().history.first().and_then(|h| h.decode()) {
                    self.watch(record);
                } else {
                    self.notice = Some(
                        "The last run was played under other rules and cannot be shown.".into(),
                    );
                }
            }
            Choice::WatchBest(n) => {
                let best = crate::save::Saves::high_scores(&self.found().history);
                if let Some(record) = best.get(n).and_then(|h| h.decode()) {
                    self.watch(record);
                } else {
                    self.notice =
                        Some("That run was played under other rules and cannot be shown.".into());
                }
            }
        }
    }
    /// Starts a new run: the page's seed (or the daily seed) the first time, the next seed
    /// after a run has ended.
    pub(super) fn new_run(&mut self, first: bool) {
        let (seed, daily) = if first {
            (self.opts.seed, self.opts.daily.clone())
        } else {
            let prev = self
                .session
                .run()
                .map_or(self.opts.seed, |r| r.state.seed());
            (prev.wrapping_add(1), None)
        };
        if first {
            // The page's seed is used once; later new runs from the start screen go on from it.
            self.opts.seed = seed.wrapping_add(1);
            self.opts.daily = None;
        }
        // The daily caves are the same game for everyone: Normal mode.
        let mode = if daily.is_some() {
            Mode::Normal
        } else {
            self.opts.mode
        };
        let header = Header::new(seed, self.opts.params, daily).in_mode(mode);
        let id = self.session.fresh_id();
        match Run::start(id, header) {
            Ok(run) => self.begin_play(run, true),
            Err(e) => {
                self.notice = Some(format!("Could not build the caves for seed {seed}: {e}."));
                self.back_to_start();
            }
        }
    }

    /// Resumes saved run number `i` of the start menu.
    pub(super) fn resume(&mut self, i: usize) {
        let Some(saved) = self.found().runs.get(i).cloned() else {
            return;
        };
        let seed = saved.record_seed();
        if self.session.ended_here(saved.id) {
            self.notice = Some(format!("The run of seed {seed} has ended."));
            return;
        }
        // This page's own run goes on as it stands (the store may be behind it).
        if let Some(run) = self.session.take_own(saved.id) {
            self.begin_play(run, false);
            return;
        }
        match Run::resume(saved.id, saved.record) {
            Ok(run) if run.state.outcome() != Outcome::Playing => {
                // An ended run is never played on: it belongs in the history.
                self.session.file(&run, &saved.date);
                self.rescan();
                self.notice = Some(format!("The run of seed {seed} has ended."));
            }
            Ok(run) => self.begin_play(run, false),
            Err(e) => {
                self.session
                    .keep(saved.id, &format!("it could not be resumed: {e}"));
                self.rescan();
                self.notice = Some(format!(
                    "The saved run of seed {seed} could not be resumed: {e}. It is kept; press D to download it."
                ));
            }
        }
    }
}
