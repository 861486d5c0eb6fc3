//! The kinds of things in the caves: terrain, creatures and items, each an enum with a fixed
//! saved code, and the cyclopedia that describes every kind.

pub mod creature;
pub mod cyclopedia;
pub mod item;
pub mod rgb;
pub mod tile;
