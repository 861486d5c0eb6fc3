//! The kinds of things in the caves: terrain, creatures and items, each an enum with a fixed
//! saved code that owns its cyclopedia entry; the shapes of their data (`entry`), the player's
//! entry, and the cyclopedia that indexes them all. Their numbers are in `rules::balance`.

mod coded;
pub mod creature;
pub mod cyclopedia;
pub mod entry;
pub mod item;
pub mod player;
pub mod rgb;
pub mod tile;
