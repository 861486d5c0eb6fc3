//! Caves: a cave-crawling roguelike. The core (world generation, rules, input, view) is pure
//! Rust and builds natively; only `web` touches the browser and is compiled for wasm32 alone.

pub mod builder;
pub mod cp437;
pub mod cyclopedia;
pub mod font;
pub mod fov;
pub mod frame;
pub mod game;
pub mod geom;
pub mod input;
pub mod log;
pub mod monsters;
pub mod raster;
pub mod rng;
pub mod sight;
pub mod tile;
pub mod view;
pub mod world;

#[cfg(target_arch = "wasm32")]
pub mod web;
