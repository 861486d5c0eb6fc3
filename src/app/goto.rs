//! Where a run's start, end or replay takes the app (`Ctx::act`, `Ctx::new_run`,
//! `Ctx::watch`, ...): the screens those open are built by the stack (`screens::open`), as
//! the context knows no screen. A replay to watch travels inside the value.

use crate::app::replayer::Replayer;

/// The screen a change of run leads to, everything else left behind; or none.
pub enum Goto {
    /// Nothing changes.
    Stay,
    Start,
    /// Play, on the session's run.
    Play,
    /// The end of the session's run.
    Ended,
    /// The replay viewer, on this replayer.
    Replay(Box<Replayer>),
}

impl Goto {
    /// True when the stack stays as it is.
    pub fn stays(&self) -> bool {
        matches!(self, Goto::Stay)
    }
}
