//! The parts of the lab's state, by concern: what is shown, what is cached about it, and
//! the pixels handed to the page.

use caves_rules::builder::{Figures, RegionMap};
use caves_view::raster::Raster;

/// The screen's shape, chosen from the space the page offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// 80 x 50 cells: the text on the left, the level on the right.
    Wide,
    /// 48 x 100 cells: the level on top, the text below (phones held upright).
    Tall,
}

/// What the lab shows: a recipe step, a level of it, all of it or a part, and how.
#[derive(Clone, Copy, Debug)]
pub struct Showing {
    /// The step shown (an index into the lab's steps).
    pub shown: usize,
    /// The level shown.
    pub z: i32,
    /// The whole level as a picture, else a glyph view of part of it.
    pub whole: bool,
    /// Regions coloured apart.
    pub regions: bool,
    /// Top-left world cell of the glyph view.
    pub pan: (i32, i32),
    /// The parameter the keys change.
    pub pick: usize,
    pub shape: Shape,
}

/// Figures and region maps worked out for what is shown, each kept with the key it was made
/// for: (version of the shots, shot, level[, region size]).
#[derive(Default)]
pub struct Cache {
    /// Counts changes to the lab's shots, to know when cached figures are stale.
    pub version: u64,
    pub figures: Option<((u64, usize, i32), Figures)>,
    pub region_cache: Option<((u64, usize, i32, u32), RegionMap)>,
}

/// The lab's frame as pixels for the page.
pub struct Canvas {
    pub raster: Raster,
    pub pixels: Vec<u8>,
}
