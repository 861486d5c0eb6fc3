//! The creatures: what one is, where they start, how they step, what they do on their turn
//! (webs, stones, fleeing, following), which cells they crowd, and how the caves grow
//! restless; thieves, bursting bloats and the stalkers that shun light.

mod behaviour;
mod bloat;
pub(crate) mod crowd;
mod gloom;
pub mod monster;
pub mod placing;
mod restless;
pub mod steps;
mod thief;
