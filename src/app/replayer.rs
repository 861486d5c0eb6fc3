//! Watching a record play back: play and pause, step, speed from 1x to 64x, jump to the end,
//! or take over and play on from the current point as a new run. The replay viewer
//! (`screens/replay.rs`) shows it and maps keys to it.

use crate::record::Record;
use crate::rules::State;

/// Milliseconds per action at 1x.
const BASE_MS: f64 = 250.0;

/// Speeds go 1x, 2x, 4x ... up to this.
pub const MAX_SPEED: u32 = 64;

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
}

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
        }
    }

    pub fn total(&self) -> usize {
        self.record.actions.len()
    }

    pub fn finished(&self) -> bool {
        self.at >= self.total() || self.diverged.is_some()
    }

    /// Applies the next action, checking fingerprints where the record has them.
    pub fn step(&mut self) -> bool {
        if self.finished() {
            self.playing = false;
            return false;
        }
        self.state.act(self.record.actions[self.at]);
        self.at += 1;
        if self.record.check(self.at, &self.state).is_err() {
            self.diverged = Some(self.at);
            self.playing = false;
        }
        true
    }

    /// Plays to the end.
    pub fn end(&mut self) {
        while self.step() {}
        self.playing = false;
    }

    pub fn toggle(&mut self) {
        if self.finished() {
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
            // Stopping at the end shows as "paused".
            self.playing = false;
            changed = true;
        }
        changed
    }

    /// The record of a new run that plays on from here.
    pub fn take_over(&self) -> Record {
        self.record.truncated(self.at, &self.state)
    }
}
