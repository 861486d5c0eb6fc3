//! A run being played: the rules state and the record that rebuilds it, kept in step.

use crate::record::{replay, Header, Record, ReplayError};
use crate::rules::{Action, SetupError, State};

pub struct Run {
    /// Which saved run this is (its storage slots).
    pub id: u32,
    pub state: State,
    pub record: Record,
}

impl Run {
    /// A new run from a header.
    pub fn start(id: u32, header: Header) -> Result<Run, SetupError> {
        let state = header.start()?;
        let record = Record::start(header, &state);
        Ok(Run { id, state, record })
    }

    /// A saved run rebuilt by replaying its record (checked against its fingerprints).
    pub fn resume(id: u32, record: Record) -> Result<Run, ReplayError> {
        let state = replay(&record)?;
        Ok(Run { id, state, record })
    }

    /// Applies an action; returns true when it was taken (and recorded).
    pub fn act(&mut self, action: Action) -> bool {
        let taken = self.state.act(action);
        if taken {
            self.record.push(action, &self.state);
        }
        taken
    }
}
