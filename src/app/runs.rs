//! Starting, resuming, watching and leaving runs: what the start menu, the end screen, the
//! replay viewer and the page ask for. Each answers with the screen that comes next.

use crate::app::ctx::Ctx;
use crate::app::goto::Goto;
use crate::app::replayer::Replayer;
use crate::app::request::Request;
use crate::app::run::Run;
use crate::record::{Header, Record};
use crate::rules::variants::NORMAL;
use crate::rules::{Outcome, State};

impl Ctx {
    /// Plays `run`: a `new` one (written at once), or one resumed as it was saved.
    pub fn begin_play(&mut self, run: Run, new: bool) -> Goto {
        let id = run.id;
        self.session.begin(run, new);
        self.hush();
        self.hint = None;
        self.notice = None;
        self.requests.push(Request::Lock(id));
        Goto::Play
    }

    /// Leaves the run or replay shown for the start screen.
    pub fn back_to_start(&mut self) -> Goto {
        self.session.drop_ended();
        self.hint = None;
        Goto::Start
    }

    /// Starts a new run: the page's seed (or the daily seed) the first time, the next seed
    /// after a run has ended. `made`, a run's header and its state at the start (the start
    /// screen's), is taken as it is when its header is the new run's, so the caves are not
    /// made twice.
    pub fn new_run(&mut self, first: bool, made: Option<(Header, State)>) -> Goto {
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
        // The daily caves are the same game for everyone: Normal.
        let variant = if daily.is_some() {
            &NORMAL
        } else {
            self.opts.variant
        };
        let header = Header::new(seed, self.opts.params, daily).in_variant(variant);
        let id = self.session.fresh_id();
        let started = match made {
            Some((h, state)) if h == header => Ok(Run::started(id, header, state)),
            _ => Run::start(id, header),
        };
        match started {
            Ok(run) => self.begin_play(run, true),
            Err(e) => {
                self.notice = Some(format!("Could not build the caves for seed {seed}: {e}."));
                self.back_to_start()
            }
        }
    }

    /// Resumes saved run number `i` of the start menu.
    pub fn resume(&mut self, i: usize) -> Goto {
        let Some(saved) = self.session.found().runs.get(i).cloned() else {
            return Goto::Stay;
        };
        let seed = saved.record.header.seed;
        if self.session.ended_here(saved.id) {
            self.notice = Some(format!("The run of seed {seed} has ended."));
            return Goto::Stay;
        }
        // This page's own run goes on as it stands (the store may be behind it).
        if let Some(run) = self.session.take_own(saved.id) {
            return self.begin_play(run, false);
        }
        match Run::resume(saved.id, saved.record) {
            Ok(run) if run.state.outcome() != Outcome::Playing => {
                // An ended run is never played on: it belongs in the history.
                self.session.file(&run, &saved.date);
                self.rescan();
                self.notice = Some(format!("The run of seed {seed} has ended."));
                Goto::Stay
            }
            Ok(run) => self.begin_play(run, false),
            Err(e) => {
                self.session
                    .keep(saved.id, &format!("it could not be resumed: {e}"));
                self.rescan();
                self.notice = Some(format!(
                    "The saved run of seed {seed} could not be resumed: {e}. It is kept; press D to download it."
                ));
                Goto::Stay
            }
        }
    }

    /// Opens `record` in the replay viewer; stays, with a notice, when it cannot be watched.
    pub fn watch(&mut self, record: Record) -> Goto {
        match crate::record::replay::initial(&record) {
            Ok(state) => self.show(Replayer::new(record, state)),
            Err(e) => self.cannot_show(e),
        }
    }

    /// Opens a live run of the caves of `header` in the replay viewer, from its start; the
    /// rest of it arrives as it is played (`Replayer::arrive`).
    pub fn watch_live(&mut self, header: Header) -> Goto {
        match header.start() {
            Ok(state) => self.show(Replayer::live(Record::start(header, &state), state)),
            Err(e) => self.cannot_show(e),
        }
    }

    fn show(&mut self, replayer: Replayer) -> Goto {
        self.hint = None;
        Goto::Replay(Box::new(replayer))
    }

    fn cannot_show(&mut self, why: impl std::fmt::Display) -> Goto {
        self.notice = Some(format!("That run cannot be shown: {why}."));
        Goto::Stay
    }
}
