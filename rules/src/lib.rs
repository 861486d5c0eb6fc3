//! The rules: everything that decides a game, changed only by `State::act`. Nothing here knows
//! of keys, screens, time or the browser, so a run is exactly its seed, its world parameters
//! and the actions taken, and replaying them rebuilds the same state.

pub mod balance;
pub mod builder;
pub mod fnv;
pub mod fov;
pub mod geom;
pub mod grid;
pub mod kinds;
pub mod log;
mod looks;
pub mod monsters;
pub mod record;
pub mod rng;
pub mod routes;
pub mod sight;
pub mod world;

mod action;
mod behaviour;
mod crowd;
pub mod danger;
pub mod events;
pub mod experience;
mod hash;
pub mod identify;
pub mod items;
pub mod mode;
mod parts;
mod restless;
pub mod score;
pub mod throw;
mod torch;
pub mod travel;
mod turns;

mod carry;
mod ruleset;
mod state;

pub use action::{Action, Dir, PACK_SLOTS};
pub use balance::PACK_LIMIT;
pub use events::{Attack, Event, Flier};
pub use mode::Mode;
pub use parts::{Outcome, Place, Thing};
pub use ruleset::RULESET;
pub use state::{SetupError, State};
