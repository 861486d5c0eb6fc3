//! The parameters of a world: its size and the cave recipe's numbers. A world is a pure
//! function of these and a seed, so a run's record carries them to replay exactly.

use super::{SmoothRule, WorldBuilder, MIN_REGION};
use crate::world::World;

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
    /// The game's world: 100 x 60 x 5, half floor, 8 majority passes, regions under 25 removed.
    fn default() -> Self {
        WorldParams {
            width: 100,
            height: 60,
            depth: 5,
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

    /// The whole recipe for `seed`.
    pub fn build(&self, seed: u64) -> World {
        let p = self.clamped();
        WorldBuilder::new(p.width, p.height, p.depth, seed)
            .randomize(p.fill)
            .smooth(p.passes, p.rule)
            .remove_small_regions(p.min_region)
            .connect()
            .exit()
            .decorate()
            .build()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_params_build_the_same_world_as_make_caves() {
        let a = WorldParams::default().build(9);
        let b = WorldBuilder::new(100, 60, 5, 9).make_caves().build();
        assert_eq!(a.checksum(), b.checksum());
    }
}
