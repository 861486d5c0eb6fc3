//! Caves: a cave-crawling roguelike, in layers that import only downwards:
//!
//! - `rules`: everything that decides a game (the world and its generator, the kinds and the
//!   cyclopedia, creatures, sight, turns), changed only by `State::act(Action)`. Pure Rust
//!   that knows nothing of keys, screens or the browser.
//! - `record` and `save`: runs as records (seed, parameters, actions) and the saved slots.
//! - `app`: screens, input mapped to actions, the run being played.
//! - `view`: frames of glyph cells, the layout, the CP437 font and pixels.
//! - `web`: the browser edge (wasm32 only). `lab` is the cave lab, an app of its own.
//!
//! `tests/layers.rs` checks that no module imports from a layer above it and that no two
//! modules import each other.

pub mod app;
pub mod lab;
pub mod record;
pub mod rules;
pub mod save;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod web;
