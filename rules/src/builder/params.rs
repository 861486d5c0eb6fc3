//! The parameters of a world: its size and the cave recipe's numbers. A world is a pure
//! function of these and a seed, so a run's record carries them to replay exactly.

use super::recipe::Recipe;
use super::smooth::SmoothRule;
use super::stage::Stage;
use crate::world::World;

/// Regions smaller than this many cells are filled in by `make_caves`.
pub const MIN_REGION: u32 = 25;

/// Something that looks at the world after each step of the recipe.
type Observer<'a> = dyn FnMut(Stage, &World) + 'a;

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

    /// The whole recipe for `seed`.
    pub fn build(&self, seed: u64) -> World {
        self.run(seed, None, None)
    }

    /// The whole recipe for `seed`, handing the world to `see` right after each step (see
    /// `Stage`; every smoothing pass is shown). Looking uses no randomness, so the result is
    /// the world `build` gives.
    pub fn build_observed(&self, seed: u64, mut see: impl FnMut(Stage, &World)) -> World {
        self.run(seed, None, Some(&mut see))
    }

    /// The recipe for `seed` up to and including the step `stop`: the world exactly as
    /// `build_observed` shows it at that step.
    pub fn build_until(&self, seed: u64, stop: Stage) -> World {
        self.run(seed, Some(stop), None)
    }

    fn run(&self, seed: u64, stop: Option<Stage>, mut see: Option<&mut Observer>) -> World {
        let passes = self.clamped().passes;
        let mut recipe = Recipe::new(self, seed);
        while let Some(stage) = recipe.advance() {
            if let Some(see) = see.as_mut() {
                see(stage, &recipe.world());
            }
            if stop.is_some_and(|s| s.stops_at(stage, passes)) {
                break;
            }
        }
        recipe.into_world()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::WorldBuilder;

    #[test]
    fn default_params_build_the_same_world_as_make_caves() {
        let a = WorldParams::default().build(9);
        let b = WorldBuilder::new(100, 60, 6, 9).make_caves().build();
        assert_eq!(a.checksum(), b.checksum());
    }

    #[test]
    fn looking_changes_nothing_and_every_step_is_shown_in_order() {
        let p = WorldParams {
            width: 30,
            height: 20,
            depth: 3,
            passes: 3,
            ..WorldParams::default()
        };
        let mut seen: Vec<(Stage, World)> = Vec::new();
        let world = p.build_observed(5, |stage, w| seen.push((stage, w.clone())));
        assert_eq!(world, p.build(5));
        let stages: Vec<Stage> = seen.iter().map(|(s, _)| *s).collect();
        use Stage::*;
        assert_eq!(
            stages,
            [
                Fill,
                Smooth(1),
                Smooth(2),
                Smooth(3),
                Regions,
                Stairs,
                Connect,
                Features
            ]
        );
        for (stage, w) in &seen {
            assert_eq!(&p.build_until(5, *stage), w, "{stage}");
        }
        assert_eq!(p.build_until(5, Stage::Smooth(u32::MAX)), seen[3].1);
        assert_eq!(seen[7].1, world);
    }
}
