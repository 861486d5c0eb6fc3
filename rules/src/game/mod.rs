//! One game: the `State` and its parts, how it is set up, the actions and `act`, the rules
//! of a turn, of fighting, of fire, traps and doors, what an action showed, the log, the
//! score and the fingerprint.

mod act;
pub(crate) mod action;
mod doors;
pub mod ending;
pub mod events;
mod fight;
mod fire;
#[cfg(any(test, feature = "scenes"))]
mod fixtures;
mod hash;
pub mod log;
pub(crate) mod parts;
pub mod score;
pub(crate) mod setup;
pub(crate) mod state;
mod traps;
mod turns;
