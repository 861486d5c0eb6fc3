//! Replaying a record: the world is rebuilt from the seed and parameters and every action is
//! applied again, checking the fingerprints on the way.

use super::{Record, CHECKPOINT_EVERY};
use crate::rules::{SetupError, State};

/// Why a record does not replay to the game it describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Setup(SetupError),
    /// The replayed game differs from the recorded one from around this action on.
    Diverged {
        action: usize,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "its world cannot be built: {e}"),
            ReplayError::Diverged { action } => write!(
                f,
                "replaying it gives a different game from action {action} on"
            ),
        }
    }
}

/// The state at the start of the recorded run.
pub fn initial(record: &Record) -> Result<State, ReplayError> {
    State::new(record.header.seed, &record.header.params).map_err(ReplayError::Setup)
}

/// Replays the whole record and checks that it gives the recorded game.
pub fn replay(record: &Record) -> Result<State, ReplayError> {
    let mut state = initial(record)?;
    for (i, &a) in record.actions.iter().enumerate() {
        state.act(a);
        let done = i + 1;
        if done % CHECKPOINT_EVERY == 0 {
            let want = record.checkpoints.get(done / CHECKPOINT_EVERY - 1).copied();
            if want != Some(state.hash() as u32) {
                return Err(ReplayError::Diverged {
                    action: done + 1 - CHECKPOINT_EVERY,
                });
            }
        }
    }
    if state.hash() != record.final_hash {
        let from = record.actions.len() / CHECKPOINT_EVERY * CHECKPOINT_EVERY;
        return Err(ReplayError::Diverged { action: from + 1 });
    }
    Ok(state)
}
