//! What a screen answers after a key, a tap or a tick: how the stack of screens changes
//! (`Next`), naming the screen to open (`Open`) with what it starts from, and what a screen
//! over play hands back to it when it closes (`Chosen`). Screens name other screens only
//! through these, so no screen's file needs another's, and the stack (`screens::Shown`) is
//! built in one place. The pattern is a mode stack whose modes answer with a control value.

use crate::app::pick::Pick;
use crate::rules::autopilot::travel::Goal;
use crate::rules::space::geom::Point;

/// Which screen is showing, as the page and the tests ask (`App::screen`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Start,
    Play,
    Help,
    Days,
    /// The end of a run: won or lost.
    Ended,
    Replay,
    /// The carried items, to look at or to choose one for an action.
    Inventory(Pick),
    /// The map of every level seen.
    Overview,
}

/// A screen to open, with what it starts from. A plain value, like `Next`: what is too
/// big to copy (the replay's record and state) waits in the context.
#[derive(Clone, Copy)]
pub enum Open {
    Start,
    /// Play, in no sub-mode.
    Play,
    Help,
    /// Your days: the daily runs kept, at a glance.
    Days,
    Ended,
    /// The replay viewer, on the replayer the context holds for it (`Ctx::replayer`).
    Replay,
    Inventory(Pick),
    /// The overview, on the level of this place and its cursor on it (the player).
    Overview(Point),
}

/// What a screen over play chose, for play to carry out once it is back on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// Aim the thing in this pack slot (the inventory chose what to throw).
    Aim(u8),
    /// Travel there (the overview chose a place).
    Travel(Goal),
}

/// How the stack of screens changes: every change goes through `App::go`, so each screen's
/// code says what comes next instead of rearranging the stack itself.
#[derive(Clone, Copy)]
pub enum Next {
    /// Nothing changes.
    Stay,
    /// Open a screen over this one (help, the inventory); `Pop` comes back.
    Push(Open),
    /// Close this screen, back to the one under it.
    Pop,
    /// Close this screen and hand what it chose to play under it.
    Back(Chosen),
    /// Leave everything for this screen (a run begins, ends, or the start screen).
    Reset(Open),
}

impl Next {
    /// True when the stack stays as it is.
    pub fn stays(&self) -> bool {
        matches!(self, Next::Stay)
    }
}
