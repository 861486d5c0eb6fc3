//! Watching a record play back: play and pause, step, speed from 1x to 64x, jump to the end,
//! or take over and play on from the current point as a new run. The replay viewer
//! (`screens/replay.rs`) shows it and maps keys to it.
//!
//! A live run is a record that grows as its actions arrive: they wait in `pending` and join
//! the record as they are played (`Record::push`), so its fingerprints are always those of
//! what is shown, and it can be shared, exported or played on like any other.
//!
//! A bot's run from the board's par comes with notes: why the bot took some of its actions.
//! Each joins the log as the replay reaches its action (before the action's own lines),
//! kept beside the state's log, never in it: the run's state stays the rules' alone.

use crate::record::Record;
use crate::rules::{Action, State};

/// Milliseconds per action at 1x.
const BASE_MS: f64 = 250.0;

/// Speeds go 1x, 2x, 4x ... up to this.
pub const MAX_SPEED: u32 = 64;

/// A live run plays at this speed (16 actions in a quarter of a second)...
const LIVE_SPEED: u32 = 16;
/// ...and jumps ahead when more than this many actions wait: a watcher stays within about
/// half a second of what has arrived.
const LIVE_LAG: usize = 32;

pub struct Replayer {
    pub record: Record,
    pub state: State,
    /// Actions applied so far.
    pub at: usize,
    pub playing: bool,
    pub speed: u32,
    carry: f64,
    /// Set when the replay stopped matching the record's fingerprints.
    pub diverged: Option<usize>,
    /// A live run's actions that arrived and are not played yet.
    pending: Vec<Action>,
    /// True while more of a live run may arrive.
    pub live: bool,
    /// Notes on the run's actions (a par bot's), by action index, in order.
    notes: Vec<(u32, String)>,
    /// The first note not reached yet.
    next_note: usize,
    /// The notes reached so far, each with the log's `said` count when it was reached.
    pub noted: Vec<(u64, String)>,
    /// How many of `noted` screen readers were given.
    spoken: usize,
}

/// The most notes a replay takes.
const MAX_NOTES: usize = 200;

impl Replayer {
    pub fn new(record: Record, state: State) -> Replayer {
        Replayer {
            record,
            state,
            at: 0,
            playing: true,
            speed: 1,
            carry: 0.0,
            diverged: None,
            pending: Vec::new(),
            live: false,
            notes: Vec::new(),
            next_note: 0,
            noted: Vec::new(),
            spoken: 0,
        }
    }

    /// The notes reached since the last call, for screen readers (the log's own lines are
    /// the announcer's).
    pub fn unspoken_notes(&mut self) -> Vec<String> {
        let from = self.spoken.min(self.noted.len());
        self.spoken = self.noted.len();
        self.noted[from..].iter().map(|(_, t)| t.clone()).collect()
    }

    /// Gives the run's notes (`(action index, text)`, in the order of their actions; one out
    /// of order is passed over), at most `MAX_NOTES`.
    pub fn set_notes(&mut self, mut notes: Vec<(u32, String)>) {
        notes.truncate(MAX_NOTES);
        self.notes = notes;
        self.next_note = 0;
    }

    /// The notes of the action about to be played join the log.
    fn reach_notes(&mut self) {
        while let Some((at, text)) = self.notes.get(self.next_note) {
            let at = *at as usize;
            if at > self.at {
                break;
            }
            if at == self.at {
                self.noted.push((self.state.log().said(), text.clone()));
            }
            self.next_note += 1;
        }
    }

    /// A live run from its start (`record` has no actions yet), played as its actions come.
    pub fn live(record: Record, state: State) -> Replayer {
        Replayer {
            live: true,
            speed: LIVE_SPEED,
            ..Replayer::new(record, state)
        }
    }

    /// More of a live run, played after the actions before them; `end` when it has ended.
    pub fn arrive(&mut self, actions: Vec<Action>, end: bool) {
        self.pending.extend(actions);
        self.live &= !end;
        while self.playing && self.pending.len() > LIVE_LAG && self.step() {}
    }

    pub fn total(&self) -> usize {
        self.record.actions.len() + self.pending.len()
    }

    pub fn finished(&self) -> bool {
        self.at >= self.total() || self.diverged.is_some()
    }

    /// Applies the next action, checking fingerprints where the record has them.
    pub fn step(&mut self) -> bool {
        if self.at == self.record.actions.len() && !self.pending.is_empty() {
            // A live run's next action joins the record as it is played.
            let a = self.pending.remove(0);
            self.state.act(a);
            self.record.push(a, &self.state);
            self.at += 1;
            return true;
        }
        if self.finished() {
            self.playing &= self.live;
            return false;
        }
        self.reach_notes();
        self.state.act(self.record.actions[self.at]);
        self.at += 1;
        if self.record.check(self.at, &self.state).is_err() {
            self.diverged = Some(self.at);
            self.playing = false;
        }
        true
    }

    /// Plays to the end (of what has arrived of a live run, which plays on).
    pub fn end(&mut self) {
        while self.step() {}
        self.playing = self.live;
    }

    pub fn toggle(&mut self) {
        if self.finished() && !self.live {
            self.playing = false;
        } else {
            self.playing = !self.playing;
            self.carry = 0.0;
        }
    }

    pub fn faster(&mut self) {
        self.speed = (self.speed * 2).min(MAX_SPEED);
    }

    pub fn slower(&mut self) {
        self.speed = (self.speed / 2).max(1);
    }

    /// Advances by `ms` milliseconds of playback; returns true when anything changed.
    pub fn tick(&mut self, ms: f64) -> bool {
        if !self.playing || !ms.is_finite() || ms <= 0.0 {
            return false;
        }
        self.carry += ms.min(1000.0) * f64::from(self.speed) / BASE_MS;
        let mut changed = false;
        while self.carry >= 1.0 && self.step() {
            self.carry -= 1.0;
            changed = true;
        }
        if self.finished() {
            // A live run waits for more, without saving up time to rush through it.
            self.carry = 0.0;
            // Stopping at the end shows as "paused".
            changed |= !self.live;
            self.playing = self.live;
        }
        changed
    }

    /// The record of a new run that plays on from here.
    pub fn take_over(&self) -> Record {
        self.record.truncated(self.at, &self.state)
    }
}
