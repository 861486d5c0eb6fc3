//! The autopilot the app and the bots share: travel and exploring over what the player
//! knows (what exploring goes to, the fuel it weighs first), routes across levels, why a
//! journey stops, and the one rule of danger they stop by.

pub mod buttons;
pub mod danger;
pub mod explore;
pub mod fuel;
pub mod routes;
pub mod stops;
pub mod travel;
pub mod untaken;
