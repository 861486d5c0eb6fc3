//! The run being played and its saving: the store's runs and history, the run on screen,
//! whether it is saved (and why not), the runs other tabs hold, and new run ids. The turn's
//! write comes after its frame (`flush`); a run that ends is written and filed at once.

use super::{history_entry, Run, Saving};
use crate::rules::{Action, Outcome};
use crate::save::{Found, Saves, Store};

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
    /// A turn was played since the run was last written.
    unsaved: bool,
    next_id: u32,
    /// Today's date (YYYY-MM-DD), for the history.
    today: String,
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
            unsaved: false,
            next_id: nonce.max(1),
            today,
        }
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

    pub fn set_busy(&mut self, ids: Vec<u32>) {
        self.busy = ids;
    }
    pub fn free(&mut self, id: u32) {
        self.busy.retain(|&b| b != id);
    }

    /// Reads the store again. Answers a notice for the start screen when something needs
    /// saying: the store cannot be used, or an ended run still waits for room in the history.
    pub fn rescan(&mut self) -> Option<String> {
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
        notice
    }

    /// Files the ended runs found still in their slots (their history line did not fit when
    /// they ended) into the history, if there is room now; true when any was moved. Those that
    /// still do not fit stay where they are, never offered to continue.
    fn file_ended(&mut self) -> bool {
        let mut moved = false;
        for saved in self.found.ended.clone() {
            match crate::record::replay(&saved.record) {
                Ok(state) => {
                    let entry = history_entry(&state, &saved.record, &saved.date);
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

    /// Plays `run` from now on: this page holds it, and it is written at once.
    pub fn begin(&mut self, run: Run) {
        self.run = Some(run);
        self.lost_lock = false;
        self.scene = false;
        self.saving = Saving::On;
        self.save();
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
        self.unsaved = true;
        if self.playing() {
            return false;
        }
        self.save();
        self.finish();
        true
    }

    /// Writes the run. A failure turns saving off (and says so) but the game goes on; the
    /// next turn tries again.
    fn save(&mut self) {
        self.unsaved = false;
        let Some(run) = &self.run else {
            return;
        };
        if self.lost_lock || self.scene {
            return;
        }
        let at = (run.state.player().z + 1, run.state.turn());
        match self.saves.write(run.id, &run.record, &self.today, at) {
            Ok(()) => self.saving = Saving::On,
            Err(e) => self.saving = Saving::Off(format!("{e}")),
        }
    }

    /// Writes the run if a turn was played since the last write: after every turn, and when
    /// the page is hidden. True when that changed what the sidebar says about saving.
    pub fn flush(&mut self) -> bool {
        if !(self.unsaved && self.playing()) {
            return false;
        }
        let before = self.saving.clone();
        self.save();
        self.saving != before
    }

    /// Files the ended run in the history.
    fn finish(&mut self) {
        let Some(run) = &self.run else {
            return;
        };
        let entry = history_entry(&run.state, &run.record, &self.today);
        if !self.lost_lock && !self.scene {
            if let Err(e) = self.saves.finish(run.id, entry) {
                self.saving = Saving::Off(format!("{e}"));
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
        let entry = history_entry(&run.state, &run.record, date);
        if let Err(e) = self.saves.finish(run.id, entry) {
            self.saving = Saving::Off(format!("{e}"));
        }
    }

    /// Keeps saved run `id` aside as text that cannot be used, saying why.
    pub fn keep(&mut self, id: u32, why: &str) {
        self.saves.keep_run(id, why);
    }

    /// A run id no saved run, ended run or other page uses.
    pub fn fresh_id(&mut self) -> u32 {
        // Ended runs still in their slots keep their ids too, until they reach the history.
        let found = &self.found;
        let taken: Vec<u32> = found
            .runs
            .iter()
            .chain(&found.ended)
            .map(|r| r.id)
            .collect();
        loop {
            self.next_id = self
                .next_id
                .wrapping_mul(747_796_405)
                .wrapping_add(2_891_336_453);
            let id = self.next_id % 1_000_000_000;
            if id != 0 && !taken.contains(&id) && !self.busy.contains(&id) {
                return id;
            }
        }
    }
}
