//! What the map view and the panels show of a run: the state and its record, the replay
//! viewer when a replay is shown, and play's cursors. Play and the replay viewer each make
//! one from their own state; the parts draw from it and the shared context alone.

use crate::app::replayer::Replayer;
use crate::record::Record;
use crate::rules::space::geom::Point;
use crate::rules::State;

pub struct Scene<'a> {
    pub state: &'a State,
    pub record: &'a Record,
    /// The replay viewer, while a replay is shown.
    pub replay: Option<&'a Replayer>,
    /// The look cursor, in look mode.
    pub look: Option<Point>,
    /// The cell a throw is aimed at, while aiming.
    pub aim: Option<Point>,
    /// The place the map view follows.
    pub focus: Point,
}
