//! The lab's steps: the recipe's own steps, with a look at the regions before the small ones
//! are filled in, each with a title and a plain-words explanation.

use caves_rules::builder::{Recipe, Stage};

/// One step the lab can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The world right after a step of the recipe.
    Stage(Stage),
    /// The smoothed world with its regions coloured, before small ones are filled in.
    RegionView,
}

/// Every step shown for a recipe with `passes` smoothing passes, in order.
pub fn steps(passes: u32) -> Vec<Step> {
    let mut out = Vec::new();
    for stage in Recipe::stages(passes) {
        if stage == Stage::Regions {
            out.push(Step::RegionView);
        }
        out.push(Step::Stage(stage));
    }
    out
}

/// What a step is called, e.g. "smoothing pass 2 of 8".
pub fn title(step: Step, passes: u32) -> String {
    match step {
        Step::Stage(Stage::Fill) => "random fill".into(),
        Step::Stage(Stage::Smooth(0)) => "no smoothing passes".into(),
        Step::Stage(Stage::Smooth(k)) => format!("smoothing pass {k} of {passes}"),
        Step::RegionView => "regions".into(),
        Step::Stage(Stage::Regions) => "small regions removed".into(),
        Step::Stage(Stage::Stairs) => "stairs to the level below".into(),
        Step::Stage(Stage::Connect) => "tunnels for reachability".into(),
        Step::Stage(Stage::Features) => "features".into(),
    }
}

/// The step in plain words, for someone who has never met a cellular automaton.
pub fn explain(step: Step, min_region: u32) -> String {
    match step {
        Step::Stage(Stage::Fill) => "Every cell flips a weighted coin: floor with the fill \
            chance, rock otherwise. There is no shape yet, only noise like TV static."
            .into(),
        Step::Stage(Stage::Smooth(_)) => "Each cell looks at its 3x3 block: itself and its \
            8 neighbours. It becomes floor when most of the block is floor, rock otherwise. \
            All cells change at once. Specks vanish, gaps close, and the noise settles into \
            rounded caves. Press s (Smooth) for one more pass."
            .into(),
        Step::RegionView => format!(
            "Open cells that touch, diagonally too, form one region: a cave you can walk \
            around. Each has its own colour. Red ones have fewer than {min_region} cells \
            and are about to go."
        ),
        Step::Stage(Stage::Regions) => "Caves too small to be worth a visit are filled \
            with rock, so no level is dotted with tiny pockets."
            .into(),
        Step::Stage(Stage::Stairs) => "Where a cave lies over a cave on the level below, \
            a stair pair can join them: > here, < below. Only one per pair of caves, the \
            biggest overlaps first, only where it gives a new way, and at most 6 between \
            two levels, so each stair is a choice."
            .into(),
        Step::Stage(Stage::Connect) => "Stairs alone can leave caves cut off. A search \
            from the start finds the shortest way through rock to each of them and digs a \
            tunnel, so every open cell can be reached. The last level becomes one cave, and \
            every cave above it gets a way down. The way out < goes on level 1."
            .into(),
        Step::Stage(Stage::Features) => "Stalagmites, pools, fungus and rubble are \
            scattered over the floor. One that blocks walking goes only where it cuts no \
            path."
            .into(),
    }
}
