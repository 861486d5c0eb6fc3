//! The items: where they lie at the start, the pack's slots and letters, carrying them
//! (picking up, dropping, using, equipping), throwing them, and the looks of unknown potions and scrolls until identified.

mod altar;
mod carry;
pub mod identify;
pub mod looks;
mod pack;
pub mod placing;
pub mod throw;
