//! The run being played and its saving: the store's runs and history, the run on screen,
//! whether it is saved (and why not), the runs other tabs hold, and new run ids. The turn's
//! write comes after its frame (`flush`); a refused write is tried again by every later
//! `flush`, as the run stays unsaved until the store takes it; a run that ends is written and
//! filed at once, and when the store refuses its end, asked again after every input until it
//! takes it. A run that ended here is never offered again by this page, whatever the store
//! holds; a resumed run is written only once this page holds its lock (where the page uses
//! locks).

use super::days;
use super::run::Run;
use crate::record::{Header, Record};
use crate::rules::{Action, Outcome, State};
use crate::save::tries::{self, DayRun, Tries};
use crate::save::{Found, HistoryEntry, SavedRun, Saves, Store, Unfiled};

/// Whether this page's run is being saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saving {
    On,
    /// Off, and why (storage full or missing, another page took the run over).
    Off(String),
}

/// The history line of a run ended in `state`, on `date`.
fn history_entry(state: &State, record: String, date: &str) -> HistoryEntry {
    HistoryEntry {
        date: date.to_string(),
        seed: state.seed(),
        outcome: if state.outcome() == Outcome::Won {
            "won"
        } else {
            "lost"
        }
        .into(),
        attempt: None,
        turns: state.turn(),
        depth: state.depth_reached(),
        score: Some(state.score()),
        record,
    }
}

/// A run's end the store has not taken yet.
struct Pending {
    id: u32,
    record: Record,
    /// Level (from 1) and turn, as a slot keeps them.
    at: (i32, u32),
    entry: HistoryEntry,
}

pub struct Session {
    saves: Saves,
    found: Found,
    run: Option<Run>,
    saving: Saving,
    /// Runs another page is playing.
    busy: Vec<u32>,
    /// True while another page holds this page's run.
    lost_lock: bool,
    /// True for a scripted scene on a hand-drawn world: it cannot be replayed from a seed,
    /// so it is never saved.
    scene: bool,
    next_id: u32,
    /// Today's date (YYYY-MM-DD), for the history.
    today: String,
    /// Runs that ended on this page: never offered to continue here again.
    ended_here: Vec<u32>,
    /// The end of a run the store refused, asked again after every input.
    pending: Option<Pending>,
    /// The page holds a lock per run (Web Locks): a resumed run is written only once it holds
    /// the run's.
    locking: bool,
    /// True while this page waits to hear whether it holds its run's lock.
    lock_wait: bool,
    /// The daily runs begun of each day's caves, as the store holds them with what it
    /// refused (`tries::merge`).
    tries: Vec<Tries>,
}

impl Session {
    pub fn new(store: Box<dyn Store>, nonce: u32, today: String) -> Session {
        Session {
            saves: Saves::new(store),
            found: Found::default(),
            run: None,
            saving: Saving::On,
            busy: Vec::new(),
            lost_lock: false,
            scene: false,
            next_id: nonce.max(1),
            today,
            ended_here: Vec::new(),
            pending: None,
            locking: false,
            lock_wait: false,
            tries: Vec::new(),
        }
    }

    /// The current streak of daily runs (`days::streaks`).
    pub fn streak(&self) -> u32 {
        days::streaks(&self.saves.days(), self.today()).0
    }

    /// The daily runs of the days kept, oldest first (`Saves::days`).
    pub fn days(&self) -> Vec<HistoryEntry> {
        self.saves.days()
    }

    /// Today's day number (`days::day_number`), when the page said the date.
    pub fn today(&self) -> Option<i64> {
        days::day_number(&self.today)
    }

    pub fn run(&self) -> Option<&Run> {
        self.run.as_ref()
    }
    pub fn run_mut(&mut self) -> Option<&mut Run> {
        self.run.as_mut()
    }
    pub fn found(&self) -> &Found {
        &self.found
    }
    pub fn saving(&self) -> &Saving {
        &self.saving
    }
    pub fn busy(&self) -> &[u32] {
        &self.busy
    }
    pub fn scene(&self) -> bool {
        self.scene
    }
    /// True while the run on screen is still being played.
    pub fn playing(&self) -> bool {
        self.run.as_ref().map(|r| r.state.outcome()) == Some(Outcome::Playing)
    }

    /// "The end of this run could not be saved (why)", while the store refuses it.
    pub fn end_unsaved(&self) -> Option<String> {
        let Saving::Off(why) = &self.saving else {
            return None;
        };
        self.pending.as_ref()?;
        // ASCII: the words are the game's own (Unicode case tables would weigh on the page).
        let mut said = why.clone();
        if let Some(first) = said.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        Some(said)
    }

    pub fn set_busy(&mut self, ids: Vec<u32>) {
        self.busy = ids;
    }
    pub fn free(&mut self, id: u32) {
        self.busy.retain(|&b| b != id);
    }

    /// Reads the store again, after writing what waits to be written. Answers a notice for
    /// the start screen when something needs saying: the store cannot be used, an ended run
    /// still waits for room in the history, or the end of this page's last run is not saved.
    /// The runs listed are the store's, with this page's own run as it stands (when the store
    /// is behind it) and never a run that ended here.
    pub fn rescan(&mut self) -> Option<String> {
        self.flush();
        let mut notice = None;
        match self.saves.scan() {
            Ok(found) => self.found = found,
            Err(e) => {
                self.found = Found::default();
                self.saving = Saving::Off(format!("storage cannot be used ({e})"));
            }
        }
        if !self.found.ended.is_empty() && self.file_ended() {
            if let Ok(found) = self.saves.scan() {
                self.found = found;
            }
        }
        if !self.found.ended.is_empty() {
            notice = Some(
                "A finished run could not be added to the history yet (storage is full). \
                 It is kept until there is room."
                    .into(),
            );
        }
        if let Some(why) = self.end_unsaved() {
            notice = Some(format!(
                "{why}. Keep this page open: it is tried again after every key."
            ));
        }
        let ended = &self.ended_here;
        self.found.runs.retain(|r| !ended.contains(&r.id));
        self.overlay_own_run();
        self.tries = tries::merge(self.saves.tries().unwrap_or_default(), &self.tries);
        notice
    }

    /// Changes the tries of the days' caves as the store holds them now (another page may
    /// have begun a run since), and keeps the change here when the store refuses it.
    fn change_tries(&mut self, change: impl FnOnce(&mut Vec<Tries>)) {
        let mut tries = tries::merge(self.saves.tries().unwrap_or_default(), &self.tries);
        change(&mut tries);
        let _ = self.saves.set_tries(&tries);
        self.tries = tries;
    }

    /// Which run of its daily's caves begun here a run is (1 for the day's run); `None` for a
    /// run that is not a daily, or was not begun on this page.
    pub fn attempt(&self, header: &Header, id: u32) -> Option<u32> {
        let date = header.daily.as_deref()?;
        tries::find(&self.tries, date, header.seed)?.attempt(id)
    }

    /// The try a new run of `date`'s daily caves on `seed` would be (1: the day's run).
    pub fn next_attempt(&self, date: &str, seed: u64) -> u32 {
        let begun = tries::find(&self.tries, date, seed).map_or(0, |t| t.runs.len());
        u32::try_from(begun).map_or(u32::MAX, |n| n.saturating_add(1))
    }

    /// The day's run of the daily caves on `seed` that ended on this page and that the board
    /// has not taken: its id and record. The run leaves the screen when the player goes back
    /// to the start screen, but its last actions must still reach the board's live run, which
    /// keeps the run once they end it.
    pub fn ended_day_run(&self, seed: u64) -> Option<(u32, Record)> {
        self.tries
            .iter()
            .find_map(|t| match (&t.day, t.runs.first()) {
                (DayRun::Ended(text), Some(&id)) if t.seed == seed && self.ended_here(id) => {
                    Record::from_text(text).ok().map(|record| (id, record))
                }
                _ => None,
            })
    }

    /// Where the day's run of `date`'s caves on `seed` stands, once one was begun here.
    pub fn day_run(&self, date: &str, seed: u64) -> Option<&DayRun> {
        tries::find(&self.tries, date, seed).map(|t| &t.day)
    }

    /// The record of a day's run that ended and that the board has not taken, of the newest
    /// day within `days` days before `today` (the board takes runs of today and yesterday).
    pub fn unposted(&self, days: i64) -> Option<Record> {
        let today = self.today()?;
        let mut newest: Option<&Tries> = None;
        for t in &self.tries {
            let recent = days::day_number(&t.date).is_some_and(|d| d <= today && today - d <= days);
            let waits = matches!(t.day, DayRun::Ended(_));
            if recent && waits && newest.is_none_or(|n| n.date < t.date) {
                newest = Some(t);
            }
        }
        match &newest?.day {
            DayRun::Ended(text) => Record::from_text(text).ok(),
            _ => None,
        }
    }

    /// The board took `record`: when it is a day's run, it is not offered to post any more.
    /// True when that changed anything.
    pub fn posted(&mut self, record: &Record) -> bool {
        let Some(date) = record.header.daily.clone() else {
            return false;
        };
        let text = record.to_text();
        let seed = record.header.seed;
        let waits = matches!(self.day_run(&date, seed), Some(DayRun::Ended(t)) if *t == text);
        if waits {
            self.change_tries(|tries| {
                if let Some(t) = tries.iter_mut().find(|t| t.of(&date, seed)) {
                    t.day = DayRun::Posted;
                }
            });
        }
        waits
    }

    /// Lists this page's own run as it stands when the store is behind it (a write refused)
    /// or does not have it at all.
    fn overlay_own_run(&mut self) {
        if !self.playing() || self.lost_lock || self.scene || self.lock_wait {
            return;
        }
        let Some(run) = &self.run else {
            return;
        };
        let here = SavedRun {
            id: run.id,
            record: run.record.clone(),
            counter: 0,
            date: self.today.clone(),
            level: run.state.player().z + 1,
            turn: run.state.turn(),
        };
        match self.found.runs.iter().position(|r| r.id == run.id) {
            Some(i) if self.found.runs[i].record.actions.len() < run.record.actions.len() => {
                let counter = self.found.runs[i].counter;
                self.found.runs[i] = SavedRun { counter, ..here };
            }
            Some(_) => {}
            None => self.found.runs.insert(0, here),
        }
    }

    /// The run this page plays, to go on with it as it stands: when it is run `id`, still
    /// played, and no other page took it over.
    pub fn take_own(&mut self, id: u32) -> Option<Run> {
        let own = self.playing() && !self.lost_lock && !self.scene;
        self.run.take_if(|r| own && r.id == id)
    }

    /// Files the ended runs found still in their slots (their history line did not fit when
    /// they ended) into the history, if there is room now; true when any was moved. Those that
    /// still do not fit stay where they are, never offered to continue.
    fn file_ended(&mut self) -> bool {
        let mut moved = false;
        for saved in self.found.ended.clone() {
            match crate::record::replay_to_end(&saved.record) {
                Ok(state) => {
                    let entry = history_entry(&state, saved.record.to_text(), &saved.date);
                    // Filed already, when only freeing its slots failed.
                    let filed = self.found.history.iter().any(|h| h.record == entry.record);
                    moved |= if filed {
                        self.saves.forget(saved.id).is_ok()
                    } else {
                        self.saves.finish(saved.id, entry).is_ok()
                    };
                }
                Err(e) => {
                    self.saves
                        .keep_run(saved.id, &format!("it could not be replayed: {e}"));
                    moved = true;
                }
            }
        }
        moved
    }

    /// A hand-made run that is never saved (a scripted scene).
    pub fn open_scene(&mut self, run: Run) {
        self.run = Some(run);
        self.scene = true;
    }

    /// Plays `run` from now on. A run the store does not hold as it stands (a new one, or this
    /// page's own run taken back after a refused write) is written at once, and saving is not
    /// said to be on before it is. A resumed run is written after its next turn. Where the page
    /// uses locks, a resumed run (this page's own too) is written only once this page holds
    /// its lock (`lock_held`).
    pub fn begin(&mut self, run: Run, new: bool) {
        if !run.unsaved {
            self.saving = Saving::On;
        }
        // A daily run counts among the tries of its caves once it is begun or continued here.
        if let Some(date) = run.record.header.daily.clone() {
            let (seed, id) = (run.record.header.seed, run.id);
            self.change_tries(|tries| tries::begin(tries, &date, seed, id));
        }
        self.run = Some(run);
        self.lost_lock = false;
        self.scene = false;
        self.lock_wait = self.locking && !new;
        self.flush();
    }

    /// Whether the page holds a lock per run (it then says `lock_held` or `lock_refused`).
    pub fn set_locking(&mut self, on: bool) {
        self.locking = on;
    }

    /// This page holds the lock of run `id`: what waited is written now.
    pub fn lock_held(&mut self, id: u32) -> bool {
        if self.run.as_ref().is_some_and(|r| r.id == id) {
            self.lock_wait = false;
        }
        self.flush()
    }

    /// Another page holds run `id`, which this page began to play before it heard so: the run
    /// is dropped here, unwritten (true). False when this page did not wait for that lock.
    pub fn lock_refused(&mut self, id: u32) -> bool {
        if !(self.lock_wait && self.run.as_ref().is_some_and(|r| r.id == id)) {
            return false;
        }
        self.run = None;
        self.lock_wait = false;
        self.pending.take_if(|p| p.id == id);
        self.ended_here.retain(|&e| e != id);
        if !self.busy.contains(&id) {
            self.busy.push(id);
        }
        true
    }

    /// Drops a run that has ended (back on the start screen).
    pub fn drop_ended(&mut self) {
        if self.run.is_some() && !self.playing() {
            self.run = None;
        }
    }

    /// Applies an action to the run. True when it ended the run: it is then written and
    /// filed in the history at once; a turn that goes on is written by `flush`.
    pub fn act(&mut self, action: Action) -> bool {
        let Some(run) = &mut self.run else {
            return false;
        };
        if !run.act(action) {
            return false;
        }
        if self.playing() {
            return false;
        }
        self.end();
        true
    }

    /// Writes the run. A failure turns saving off (and says so) but the game goes on; the run
    /// stays unsaved, so the next write (`flush`) tries again. Nothing is written while the
    /// page waits for the run's lock.
    fn save(&mut self) {
        if self.lock_wait || self.lost_lock || self.scene {
            return;
        }
        let Some(run) = &mut self.run else {
            return;
        };
        let at = (run.state.player().z + 1, run.state.turn());
        match self.saves.write(run.id, &run.record, &self.today, at) {
            Ok(()) => {
                run.unsaved = false;
                self.saving = Saving::On;
            }
            Err(e) => self.saving = Saving::Off(format!("{e}")),
        }
    }

    /// True when `flush` has something to write: a turn played since the last write (or a
    /// write refused), or the end of a run the store refused.
    pub fn unsaved(&self) -> bool {
        self.pending.is_some() || (self.playing() && self.run.as_ref().is_some_and(|r| r.unsaved))
    }

    /// Writes the run if the store does not hold it as it stands (a turn was played since the
    /// last write, or that write was refused): after every input that left it `unsaved`, and
    /// when the page is hidden. True when that changed what the sidebar says about saving.
    /// The end of a run the store refused is asked again here too.
    pub fn flush(&mut self) -> bool {
        let before = self.saving.clone();
        self.settle();
        if self.playing() && self.run.as_ref().is_some_and(|r| r.unsaved) {
            self.save();
        }
        self.saving != before
    }

    /// Keeps the end of the run on screen: in a slot, marked ended, filed in the history. A
    /// refusal leaves it pending, asked again after every input (`settle`).
    fn end(&mut self) {
        let Some(run) = &self.run else {
            return;
        };
        if self.lost_lock || self.scene {
            return;
        }
        self.ended_here.push(run.id);
        let attempt = self.attempt(&run.record.header, run.id);
        let mut entry = history_entry(&run.state, run.record.to_text(), &self.today);
        entry.attempt = attempt;
        self.pending = Some(Pending {
            id: run.id,
            record: run.record.clone(),
            at: (run.state.player().z + 1, run.state.turn()),
            entry,
        });
        if let (Some(date), Some(1)) = (run.record.header.daily.clone(), attempt) {
            // Your days: the day's run without its record, dated by its daily; and its end,
            // kept until the board takes it.
            self.saves
                .add_day(history_entry(&run.state, String::new(), &date));
            let (seed, text) = (run.record.header.seed, run.record.to_text());
            self.change_tries(|tries| {
                if let Some(t) = tries.iter_mut().find(|t| t.of(&date, seed)) {
                    t.day = DayRun::Ended(text);
                }
            });
        }
        self.settle();
    }

    /// Asks the store again to keep a run's end it refused.
    fn settle(&mut self) {
        if self.lock_wait || self.lost_lock {
            return;
        }
        let Some(p) = &self.pending else {
            return;
        };
        let date = p.entry.date.clone();
        match self.saves.end(p.id, &p.record, &date, p.at, &p.entry) {
            Ok(()) => {
                self.pending = None;
                self.saving = Saving::On;
            }
            Err(Unfiled::Waiting(e)) => {
                self.pending = None;
                self.saving = Saving::Off(format!("{e}"));
            }
            Err(Unfiled::Refused(e)) => {
                self.saving = Saving::Off(format!("the end of this run could not be saved ({e})"));
            }
        }
    }

    /// Another page took this page's run over: stop saving it here.
    pub fn lock_lost(&mut self) {
        if self.run.is_some() {
            self.lost_lock = true;
            self.saving = Saving::Off("another tab took this run over".into());
        }
    }

    /// Files saved run `id`, found ended, in the history (dated `date`).
    pub fn file(&mut self, run: &Run, date: &str) {
        self.ended_here.push(run.id);
        let entry = history_entry(&run.state, run.record.to_text(), date);
        if let Err(e) = self.saves.finish(run.id, entry) {
            self.saving = Saving::Off(format!("{e}"));
        }
    }

    /// True when run `id` ended on this page.
    pub fn ended_here(&self, id: u32) -> bool {
        self.ended_here.contains(&id)
    }

    /// Keeps saved run `id` aside as text that cannot be used, saying why.
    pub fn keep(&mut self, id: u32, why: &str) {
        self.saves.keep_run(id, why);
    }

    /// A run id no saved run, ended run or other page uses.
    pub fn fresh_id(&mut self) -> u32 {
        let found = &self.found;
        // Ended runs still in their slots keep their ids too, until they reach the history;
        // and runs marked ended, and those that ended here, until their slots are freed; and
        // the daily runs of the days kept, so that a new run is never taken for one of them.
        let taken = |id: u32| {
            found.runs.iter().chain(&found.ended).any(|r| r.id == id)
                || found.closed.contains(&id)
                || self.ended_here.contains(&id)
                || self.busy.contains(&id)
                || self.tries.iter().any(|t| t.runs.contains(&id))
        };
        loop {
            self.next_id = self
                .next_id
                .wrapping_mul(747_796_405)
                .wrapping_add(2_891_336_453);
            let id = self.next_id % 1_000_000_000;
            if id != 0 && !taken(id) {
                return id;
            }
        }
    }
}
