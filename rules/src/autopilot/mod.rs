//! The autopilot the app and the bots share: travel and exploring over what the player
//! knows, routes across levels, and the one rule of danger they stop by.

pub mod danger;
pub mod routes;
pub mod travel;
pub mod untaken;
