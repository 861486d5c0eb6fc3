//! Caves: a cave-crawling roguelike. The rules (`rules`, with the world, creatures and sight)
//! are pure Rust that knows nothing of keys or screens; `app` maps input to actions and owns
//! the screens; `view` composes frames; only `web` touches the browser and is compiled for
//! wasm32 alone.

pub mod app;
pub mod builder;
pub mod collect;
pub mod colour;
pub mod cp437;
pub mod creature;
pub mod cyclopedia;
pub mod fnv;
pub mod font;
pub mod fov;
pub mod frame;
pub mod geom;
pub mod item;
pub mod lab;
pub mod layout;
pub mod log;
pub mod monsters;
pub mod number;
pub mod raster;
pub mod record;
pub mod rng;
pub mod rules;
pub mod save;
pub mod sight;
pub mod tile;
pub mod view;
pub mod world;

#[cfg(target_arch = "wasm32")]
pub mod web;

// A small free-list allocator for the game page's build: the page downloads less than with
// the default allocator, and the game's allocations are few and short-lived. The lab's own
// bundle has no size budget and generates large worlds, so it keeps the faster default.
#[cfg(all(target_arch = "wasm32", not(feature = "lab")))]
#[global_allocator]
static ALLOCATOR: lol_alloc::LockedAllocator<lol_alloc::FreeListAllocator> =
    lol_alloc::LockedAllocator::new(lol_alloc::FreeListAllocator::new());
