//! The player's own clocks and growth: the torch that burns down, the experience that buys
//! levels, and resting.

pub mod experience;
mod rest;
mod torch;
