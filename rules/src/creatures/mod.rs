//! The creatures: what one is, where they start, how they step, what they perceive on their
//! turn and what they do with it (each kind's tactic gives an intent: webs, stones, fleeing,
//! shrinking from light), following by the stairs, which cells they crowd, and how the caves
//! grow restless; thieves and bursting bloats.

mod bloat;
pub(crate) mod crowd;
mod follow;
mod intent;
pub mod monster;
pub mod placing;
mod restless;
mod seen;
pub mod steps;
mod tactics;
mod thief;
mod turn;
