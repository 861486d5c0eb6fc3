//! Entry points for the benchmark page: world generation timed from JavaScript.

use crate::rules::builder::{SmoothRule, WorldBuilder, MIN_REGION};
use wasm_bindgen::prelude::*;

/// Generates a world and returns the low 32 bits of its checksum (so the work is observable).
/// `full` = true runs the whole recipe (stairs, reachability, exit); false stops after
/// random fill, 8 smoothing passes and small-region clean-up.
#[wasm_bindgen]
pub fn bench_generate(width: i32, height: i32, depth: i32, seed: u32, full: bool) -> u32 {
    let builder = WorldBuilder::new(width, height, depth, u64::from(seed));
    let world = if full {
        builder.make_caves().build()
    } else {
        builder
            .randomize(0.5)
            .smooth(8, SmoothRule::Majority)
            .remove_small_regions(MIN_REGION)
            .build()
    };
    world.checksum() as u32
}
