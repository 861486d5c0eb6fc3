//! `WorldBuilder`: a fluent, seeded, pure pipeline that turns parameters into a `World`.
//!
//! ```
//! use caves_rules::builder::{SmoothRule, WorldBuilder};
//! let world = WorldBuilder::new(60, 40, 3, 7)
//!     .randomize(0.5)
//!     .smooth(8, SmoothRule::Majority)
//!     .remove_small_regions(25)
//!     .connect()
//!     .build();
//! assert_eq!(world.depth(), 3);
//! ```

pub mod altars;
pub mod bitgrid;
mod build;
mod connect;
mod detour;
mod doors;
pub mod features;
pub mod figures;
mod floor;
mod joins;
mod layers;
pub mod moss;
mod params;
mod picks;
mod pipeline;
mod query;
mod recipe;
pub mod regions;
pub mod smooth;
mod stage;
mod stairs;
pub mod traps;
mod tunnel;

pub use bitgrid::BitGrid;
pub use figures::{level_figures, region_map, world_figures, Figures, RegionMap};
pub use params::{WorldParams, MAX_DEPTH, MAX_PASSES, MAX_SIDE, MIN_REGION};
pub use pipeline::WorldBuilder;
pub use recipe::Recipe;
pub use regions::Regions;
pub use smooth::{smooth_once, SmoothRule};
pub use stage::Stage;
pub use stairs::STAIRS_BETWEEN_LEVELS;
