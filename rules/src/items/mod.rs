//! The items: where they lie at the start, carrying them (picking up, dropping, using,
//! equipping), throwing them, and the looks of unknown potions and scrolls until identified.

mod altar;
mod carry;
pub mod identify;
pub mod looks;
pub mod placing;
pub mod throw;
