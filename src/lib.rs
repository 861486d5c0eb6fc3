//! Caves: a cave-crawling roguelike, in layers that import only downwards:
//!
//! - `rules` (the crate `caves-rules` in `rules/`): everything that decides a game (the world
//!   and its generator, the kinds, creatures, sight, turns), changed only by
//!   `State::act(Action)`, and `record`, runs as records the rules replay. Pure Rust that
//!   knows nothing of keys, screens or the browser: Cargo keeps it that way, as the crate
//!   depends on nothing of this one.
//! - `save`: the saved slots.
//! - `app`: screens, input mapped to actions, the run being played.
//! - `view`: frames of glyph cells, the layout, the CP437 font and pixels.
//! - `web`: the browser edge (wasm32 only). `lab` is the cave lab, an app of its own.
//!
//! `tests/layers.rs` checks the layers inside this crate (no module imports from a layer
//! above it) and the circles of imports inside every crate of the workspace.

pub mod app;
pub mod lab;
pub mod save;
pub mod view;

/// The rules crate (`rules/`), under the name the game's layers use.
pub use caves_rules as rules;
/// Runs as records, the format the rules replay (part of the rules crate).
pub use caves_rules::record;

#[cfg(target_arch = "wasm32")]
pub mod web;
