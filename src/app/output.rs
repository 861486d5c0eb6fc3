//! What the page does after an input or a tick, as one value: the app answers each with an
//! `Output`, which the page takes in one call and carries out (requests, words for screen
//! readers, sounds, the replay clock, the write of the run).

use crate::app::request::Request;
use crate::app::sound::Cue;

/// Everything an input left for the page since the last `App::output`.
#[derive(Debug, Default, PartialEq)]
pub struct Output {
    /// What the page is asked to do, in order.
    pub requests: Vec<Request>,
    /// Words for screen readers, oldest first.
    pub said: Vec<String>,
    /// Sounds to play, in order (none while sound is off).
    pub cues: Vec<Cue>,
    /// True while something moves on its own: the page ticks the app every frame.
    pub animating: bool,
    /// True when a turn waits to be written: the page calls `App::flush` after the frame.
    pub unsaved: bool,
}
