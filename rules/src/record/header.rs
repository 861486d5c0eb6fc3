//! A record's header: what decides the world and the run before any action.

use crate::builder::WorldParams;
use crate::game::setup::SetupError;
use crate::game::state::State;
use crate::ruleset::RULESET;
use crate::variants::{Variant, NORMAL};

/// What decides the world and the run before any action.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    pub ruleset: u32,
    pub seed: u64,
    pub params: WorldParams,
    /// The UTC date (YYYY-MM-DD) of a daily run.
    pub daily: Option<String>,
    /// The variant the run is played in (`variants`).
    pub variant: &'static Variant,
}

/// The flags byte: a daily run.
pub(super) const DAILY: u8 = 1;

/// The seed of the daily caves of `date` (YYYY-MM-DD): the same for everyone that day, in the
/// page and on the board's server.
pub fn daily_seed(date: &str) -> u64 {
    crate::rng::parse_seed(&format!("daily {date}"))
}

impl Header {
    /// A header for a new run under the current rules. The fill chance is rounded to the
    /// record's precision first, so the run and its replay build the same world.
    pub fn new(seed: u64, params: WorldParams, daily: Option<String>) -> Header {
        let mut params = params.clamped();
        params.fill = f64::from(fill_code(params.fill)) / FILL_ONE;
        Header {
            ruleset: RULESET,
            seed,
            params,
            daily,
            variant: &NORMAL,
        }
    }

    /// The same header for a run played in `variant`.
    pub fn in_variant(self, variant: &'static Variant) -> Header {
        Header { variant, ..self }
    }

    /// The game this header starts: its world, in its variant, before any action.
    pub fn start(&self) -> Result<State, SetupError> {
        State::in_variant(self.seed, &self.params, self.variant)
    }
}

/// The fill chance in 65536ths: exact for halves, quarters and so on, so the default 0.5
/// builds the very world it always has.
pub(super) fn fill_code(fill: f64) -> u32 {
    (fill.clamp(0.0, 1.0) * FILL_ONE).round() as u32
}

pub(super) const FILL_ONE: f64 = 65536.0;
