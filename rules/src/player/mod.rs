//! The player's own clocks and growth: the torch that burns down, and the experience that
//! buys levels.

pub mod experience;
mod torch;
