//! The rules: everything that decides a game, changed only by `State::act`. Nothing here knows
//! of keys, screens, time or the browser, so a run is exactly its seed, its world parameters
//! and the actions taken, and replaying them rebuilds the same state.
//!
//! Each folder holds one concern: `space` (points, grids, the world's tiles, what the player
//! sees), `builder` (the world's generator), `kinds` (terrain, creatures, items), `game` (the
//! state, actions, turns, the log), `player` (the torch, experience), `creatures` (where they
//! start, how they step and act), `items` (where they lie, carrying, throwing, identifying),
//! `autopilot` (travel, routes, danger), `record` (a run's record and its replay) and
//! `variants` (the ways to play, a table each); every number is in `balance` or a variant's
//! table. Tests of every crate draw random actions from `testing`.

pub mod autopilot;
pub mod balance;
pub mod builder;
pub mod creatures;
pub mod fnv;
pub mod game;
pub mod items;
pub mod kinds;
pub mod player;
pub mod record;
pub mod rng;
mod ruleset;
pub mod space;
#[cfg(any(test, feature = "scenes"))]
pub mod testing;
pub mod variants;

pub use balance::PACK_LIMIT;
pub use game::action::{Action, Dir, PACK_SLOTS};
pub use game::ending::{Cause, Ending, Outcome};
pub use game::events::{Attack, Event, Flier};
pub use game::parts::{Place, Snare, Thing};
pub use game::setup::SetupError;
pub use game::state::State;
pub use ruleset::RULESET;
pub use variants::Variant;
