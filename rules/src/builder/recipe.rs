//! The recipe run one step at a time, so a viewer can look after each step or spread the work
//! over several calls. `WorldParams::build` and `build_observed` run the same steps.

use super::params::WorldParams;
use super::pipeline::WorldBuilder;
use super::smooth::SmoothRule;
use super::stage::Stage;
use crate::space::world::World;

/// The cave recipe for one seed and set of parameters, advanced step by step.
pub struct Recipe {
    params: WorldParams,
    builder: Option<WorldBuilder>,
    last: Option<Stage>,
}

impl Recipe {
    /// The recipe before its first step (nothing is generated yet).
    pub fn new(params: &WorldParams, seed: u64) -> Recipe {
        let p = params.clamped();
        Recipe {
            builder: Some(WorldBuilder::new(p.width, p.height, p.depth, seed)),
            params: p,
            last: None,
        }
    }

    /// Every step of a recipe with `passes` smoothing passes, in order.
    pub fn stages(passes: u32) -> Vec<Stage> {
        let mut out = vec![Stage::Fill];
        if passes == 0 {
            out.push(Stage::Smooth(0));
        }
        out.extend((1..=passes).map(Stage::Smooth));
        out.extend([
            Stage::Regions,
            Stage::Stairs,
            Stage::Connect,
            Stage::Features,
        ]);
        out
    }

    /// The step the next `advance` runs, or `None` when the recipe is done.
    pub fn next_stage(&self) -> Option<Stage> {
        let p = self.params.passes;
        Some(match self.last {
            None => Stage::Fill,
            Some(Stage::Fill) if p == 0 => Stage::Smooth(0),
            Some(Stage::Fill) => Stage::Smooth(1),
            Some(Stage::Smooth(k)) if k < p => Stage::Smooth(k + 1),
            Some(Stage::Smooth(_)) => Stage::Regions,
            Some(Stage::Regions) => Stage::Stairs,
            Some(Stage::Stairs) => Stage::Connect,
            Some(Stage::Connect) => Stage::Features,
            Some(Stage::Features) => return None,
        })
    }

    /// Runs the next step and returns it (`None` when the recipe was already done).
    pub fn advance(&mut self) -> Option<Stage> {
        let stage = self.next_stage()?;
        let p = self.params;
        let b = self.builder.take()?;
        self.builder = Some(match stage {
            Stage::Fill => b.randomize(p.fill),
            Stage::Smooth(0) => b,
            Stage::Smooth(_) => b.smooth(1, p.rule),
            Stage::Regions => b.remove_small_regions(p.min_region),
            Stage::Stairs => b.stairs(),
            Stage::Connect => b.connect().exit(),
            Stage::Features => b.decorate(),
        });
        self.last = Some(stage);
        Some(stage)
    }

    /// The last step run, if any.
    pub fn last(&self) -> Option<Stage> {
        self.last
    }

    /// The world as it stands after the last step run.
    pub fn world(&self) -> World {
        self.builder.as_ref().map_or_else(
            || World::filled(1, 1, 1, crate::kinds::tile::Tile::Wall),
            |b| b.snapshot(),
        )
    }

    /// The world as it stands, consuming the recipe.
    pub fn into_world(mut self) -> World {
        match self.builder.take() {
            Some(b) => b.build(),
            None => World::filled(1, 1, 1, crate::kinds::tile::Tile::Wall),
        }
    }

    /// The smoothing rule in use.
    pub fn rule(&self) -> SmoothRule {
        self.params.rule
    }
}
