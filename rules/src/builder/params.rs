//! The parameters of a world: its size and the cave recipe's numbers. A world is a pure
//! function of these and a seed, so a run's record carries them to replay exactly.

use super::smooth::SmoothRule;

/// Regions smaller than this many cells are filled in by `make_caves`.
pub const MIN_REGION: u32 = 25;

/// Everything besides the seed that decides a generated world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldParams {
    pub width: i32,
    pub height: i32,
    pub depth: i32,
    /// Chance of floor in the random fill, 0 to 1.
    pub fill: f64,
    /// Smoothing passes.
    pub passes: u32,
    pub rule: SmoothRule,
    /// Regions of fewer cells are filled in.
    pub min_region: u32,
}

/// Largest width and height a world may have.
pub const MAX_SIDE: i32 = 4096;
/// Most levels a world may have.
pub const MAX_DEPTH: i32 = 64;
/// Most smoothing passes.
pub const MAX_PASSES: u32 = 64;

impl Default for WorldParams {
    /// The game's world: 100 x 60 x 6, half floor, 8 majority passes, regions under 25 removed.
    /// Six levels: with five, a careful player's won runs were short and divers won too
    /// often; with six, careful wins take some 2,000 to 4,000 turns (see `tests/bot.rs`).
    fn default() -> Self {
        WorldParams {
            width: 100,
            height: 60,
            depth: 6,
            fill: 0.5,
            passes: 8,
            rule: SmoothRule::Majority,
            min_region: MIN_REGION,
        }
    }
}

impl WorldParams {
    /// The same parameters with every number brought into its allowed range.
    pub fn clamped(self) -> Self {
        WorldParams {
            width: self.width.clamp(1, MAX_SIDE),
            height: self.height.clamp(1, MAX_SIDE),
            depth: self.depth.clamp(1, MAX_DEPTH),
            fill: if self.fill.is_nan() {
                0.0
            } else {
                self.fill.clamp(0.0, 1.0)
            },
            passes: self.passes.min(MAX_PASSES),
            rule: self.rule,
            min_region: self.min_region,
        }
    }
}
