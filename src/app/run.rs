//! A run being played: the rules state and the record that rebuilds it, kept in step.

use crate::record::{replay_to_end, Header, Record, ReplayError};
use crate::rules::{Action, SetupError, State};

pub struct Run {
    /// Which saved run this is (its storage slots).
    pub id: u32,
    pub state: State,
    pub record: Record,
    /// True while the store does not hold the run as it stands: a run not written yet, or
    /// played on since its last write (or a write was refused, to be tried again).
    pub unsaved: bool,
}

impl Run {
    /// A run the store does not hold yet, at `state` as `record` rebuilds it.
    pub fn new(id: u32, state: State, record: Record) -> Run {
        Run {
            id,
            state,
            record,
            unsaved: true,
        }
    }

    /// A new run from a header.
    pub fn start(id: u32, header: Header) -> Result<Run, SetupError> {
        let state = header.start()?;
        Ok(Run::started(id, header, state))
    }

    /// A new run of `header` from `state`, the state `header.start()` made.
    pub fn started(id: u32, header: Header, state: State) -> Run {
        let record = Record::start(header, &state);
        Run::new(id, state, record)
    }

    /// A saved run rebuilt by replaying its record (checked against its final fingerprint):
    /// the store holds it as it is.
    pub fn resume(id: u32, record: Record) -> Result<Run, ReplayError> {
        let state = replay_to_end(&record)?;
        Ok(Run {
            id,
            state,
            record,
            unsaved: false,
        })
    }

    /// Applies an action; returns true when it was taken (and recorded: the run is then
    /// unsaved until it is written again).
    pub fn act(&mut self, action: Action) -> bool {
        let taken = self.state.act(action);
        if taken {
            self.record.push(action, &self.state);
            self.unsaved = true;
        }
        taken
    }
}
