//! The kinds of things in the caves: terrain, creatures and items, each an enum with a fixed
//! saved code, a name (the log's and the saved forms' word for it) and, for terrain and
//! items, a character in text dumps; and the shapes of the rules' data (`entry`). Their
//! numbers are in `rules::balance`; how they look on screen is the game's view's, not the
//! rules'.

mod coded;
pub mod creature;
pub mod entry;
pub mod item;
mod listing;
pub mod tile;

pub use listing::{listing, Listed};
