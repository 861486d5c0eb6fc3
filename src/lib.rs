//! Caves: a cave-crawling roguelike, in crates that import only downwards, so Cargo refuses
//! an upward import:
//!
//! - `rules` (`rules/`, `caves-rules`): everything that decides a game (the world and its
//!   generator, the kinds, creatures, sight, turns), changed only by `State::act(Action)`,
//!   and `record`, runs as records the rules replay. Pure Rust that knows nothing of keys,
//!   screens or the browser.
//! - `view` (`view/`, `caves-view`): frames of glyph cells, the layout, colours, each kind's
//!   look, the CP437 font and pixels. It sees the rules only.
//! - `save` (`save/`, `caves-save`): the saved slots and the history. It sees the rules only.
//! - `lab` (`lab/`, `caves-lab`): the cave lab, an app of its own over the rules and the view.
//! - this crate, the game: `app` (screens, input mapped to actions, the run being played) over
//!   all of those, and `web`, the browser edge (wasm32 only), which nothing else can import
//!   (it exists only in the browser build).
//!
//! `tests/layers.rs` checks what Cargo cannot see: no circles of imports inside any crate.

pub mod app;

/// The crates below the game, under the names its layers use.
pub use caves_lab as lab;
pub use caves_rules as rules;
/// Runs as records, the format the rules replay (part of the rules crate).
pub use caves_rules::record;
pub use caves_save as save;
pub use caves_view as view;

#[cfg(target_arch = "wasm32")]
pub mod web;
