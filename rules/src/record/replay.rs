//! Replaying a record: the world is rebuilt from the seed and parameters and every action is
//! applied again, checking the fingerprints on the way.

use super::format::{Record, CHECKPOINT_EVERY};
use crate::game::setup::SetupError;
use crate::game::state::State;

/// Why a record does not replay to the game it describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Setup(SetupError),
    /// The replayed game differs from the recorded one from around this action on.
    Diverged {
        action: usize,
    },
    /// The replayed game ends elsewhere than the recorded one (a replay that checks the
    /// final fingerprint only cannot say where they part).
    EndsElsewhere,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "its world cannot be built: {e}"),
            ReplayError::Diverged { action } => write!(
                f,
                "replaying it gives a different game from action {action} on"
            ),
            ReplayError::EndsElsewhere => {
                write!(f, "replaying it does not end where the run ended")
            }
        }
    }
}

/// The state at the start of the recorded run.
pub fn initial(record: &Record) -> Result<State, ReplayError> {
    record.header.start().map_err(ReplayError::Setup)
}

/// Replays the whole record and checks that it gives the recorded game.
pub fn replay(record: &Record) -> Result<State, ReplayError> {
    let mut state = initial(record)?;
    for (i, &a) in record.actions.iter().enumerate() {
        state.act(a);
        record
            .check(i + 1, &state)
            .map_err(|action| ReplayError::Diverged { action })?;
    }
    if record.actions.is_empty() {
        record
            .check(0, &state)
            .map_err(|action| ReplayError::Diverged { action })?;
    }
    Ok(state)
}

/// Replays the whole record and checks its final fingerprint only: for a run the player's
/// own page saved and resumes (its bytes are guarded by the save's own check), where a
/// mismatch anywhere means the same thing (and a run that parted from its record and came
/// back to its end goes on as the same game), and where the hundred fingerprints along the way
/// were a sixth of the resume's work. `replay` also finds where a run drifts, for a run
/// from anywhere else.
pub fn replay_to_end(record: &Record) -> Result<State, ReplayError> {
    let mut state = initial(record)?;
    for &a in &record.actions {
        state.act(a);
    }
    if state.hash() == record.final_hash {
        Ok(state)
    } else {
        Err(ReplayError::EndsElsewhere)
    }
}

impl Record {
    /// Checks `state`, reached after the first `done` actions, against what the record says
    /// of that point: the checkpoint every `CHECKPOINT_EVERY` actions and the final hash after
    /// the last. On a mismatch, answers the first action (from 1) since the last point that
    /// matched.
    pub fn check(&self, done: usize, state: &State) -> Result<(), usize> {
        let checkpoint = done > 0 && done.is_multiple_of(CHECKPOINT_EVERY);
        let last = done == self.actions.len();
        if !checkpoint && !last {
            return Ok(());
        }
        let hash = state.hash();
        if checkpoint && self.checkpoints.get(done / CHECKPOINT_EVERY - 1) != Some(&(hash as u32)) {
            return Err(done + 1 - CHECKPOINT_EVERY);
        }
        if last && hash != self.final_hash {
            return Err(done / CHECKPOINT_EVERY * CHECKPOINT_EVERY + 1);
        }
        Ok(())
    }
}
