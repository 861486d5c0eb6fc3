//! A live run's replay: the state after its actions, its marks, and the actions held back
//! from watchers; where it stands, and its record.

use std::collections::VecDeque;

use caves_rules::builder::WorldParams;
use caves_rules::record::Header;
use caves_rules::{Action, Outcome, State};

use crate::limits::{LIVE_HOLD_ACTIONS, LIVE_HOLD_TURNS};
use crate::verify::Marker;

/// A live run as replayed: the state after its actions, the marker of its marks, and the
/// actions held back from watchers (from `shown` on) with the turn after each.
#[derive(Clone)]
pub struct Play {
    pub state: State,
    pub marker: Marker,
    /// Actions watchers may see.
    pub shown: i64,
    /// The actions after `shown`.
    pub held: Vec<Action>,
    /// (actions after it, the turn it reached) for the last action of each turn held.
    turns: VecDeque<(i64, u32)>,
    /// Actions shown since `take_shown` was last called.
    fresh: Vec<Action>,
}

impl Play {
    /// The replay of a run at its start (`state`, after no action).
    pub fn new(state: State) -> Play {
        Play {
            marker: Marker::at(&state),
            state,
            shown: 0,
            held: Vec::new(),
            turns: VecDeque::new(),
            fresh: Vec::new(),
        }
    }

    /// Plays `actions`, the ones after the first `count`: the index of the first that came
    /// after the end, if one did. Watchers may then see every action up to the last one
    /// `LIVE_HOLD_TURNS` turns or more behind the player (and all but the last
    /// `LIVE_HOLD_ACTIONS`).
    pub fn play(&mut self, count: i64, actions: &[Action]) -> Result<(), usize> {
        for (i, &a) in actions.iter().enumerate() {
            if self.state.outcome() != Outcome::Playing {
                return Err(i);
            }
            self.marker.before(&self.state, a);
            if !self.state.act(a) {
                return Err(i);
            }
            self.marker.after(&self.state);
            self.held.push(a);
            let after = count + i as i64 + 1;
            let turn = self.state.turn();
            match self.turns.back_mut() {
                Some(last) if last.1 == turn => last.0 = after,
                _ => self.turns.push_back((after, turn)),
            }
        }
        let now = self.state.turn();
        let upto = count + actions.len() as i64;
        let mut shown = self.shown.max(upto - LIVE_HOLD_ACTIONS);
        while let Some(&(after, turn)) = self.turns.front() {
            if turn + LIVE_HOLD_TURNS > now && after > shown {
                break;
            }
            shown = shown.max(after);
            self.turns.pop_front();
        }
        self.release(shown);
        Ok(())
    }

    /// Shows watchers every action up to `upto`.
    pub fn release(&mut self, upto: i64) {
        let n = usize::try_from(upto - self.shown)
            .unwrap_or(0)
            .min(self.held.len());
        self.shown += n as i64;
        self.fresh.extend(self.held.drain(..n));
    }

    /// The actions shown since this was last asked.
    pub fn take_shown(&mut self) -> Vec<Action> {
        std::mem::take(&mut self.fresh)
    }
}

/// The record of the daily run of `date` on the board's `seed` that took `actions`, as the
/// page records it; `None` when the caves cannot be built or an action comes after the end.
pub fn record_of(date: &str, seed: u64, actions: &[Action]) -> Option<caves_rules::record::Record> {
    let header = Header::new(seed, WorldParams::default(), Some(date.to_string()));
    let mut state = header.start().ok()?;
    let mut record = caves_rules::record::Record::start(header, &state);
    for &a in actions {
        if !state.act(a) {
            return None;
        }
        record.push(a, &state);
    }
    Some(record)
}

/// The start of the daily run of `date` on the board's `seed`, as the page plays it.
pub fn start_of(date: &str, seed: u64) -> Result<State, String> {
    Header::new(seed, WorldParams::default(), Some(date.to_string()))
        .start()
        .map_err(|e| e.to_string())
}

/// Where a replayed live run stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub turns: i64,
    /// The level the player stands on, from 1.
    pub depth: i64,
    /// `won` or `lost` once the run ended.
    pub outcome: Option<&'static str>,
}

pub fn standing(state: &State) -> Standing {
    Standing {
        turns: i64::from(state.turn()),
        depth: i64::from(state.player().z + 1),
        outcome: match state.outcome() {
            Outcome::Playing => None,
            Outcome::Won => Some("won"),
            Outcome::Lost => Some("lost"),
        },
    }
}
