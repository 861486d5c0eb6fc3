//! A world from its parameters and a seed: the cave recipe run whole, or up to a step, or
//! watched step by step.

use super::params::WorldParams;
use super::recipe::Recipe;
use super::stage::Stage;
use crate::space::world::World;

/// Something that looks at the world after each step of the recipe.
type Observer<'a> = dyn FnMut(Stage, &World) + 'a;

impl WorldParams {
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
    fn decorating_a_decorated_world_changes_nothing() {
        for seed in 0..5 {
            let once = WorldBuilder::new(60, 40, 3, seed).make_caves();
            assert_eq!(once.snapshot(), once.decorate().build(), "seed {seed}");
        }
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
