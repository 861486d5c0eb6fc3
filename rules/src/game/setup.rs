//! Setting up a game: the world, the player on the way out, the items and the creatures.

use crate::balance;
use crate::builder::WorldParams;
use crate::creatures::crowd::Crowd;
use crate::creatures::placing;
use crate::game::log::Log;
use crate::game::parts::{Clock, Creatures, Hero, Knowledge, Origin, Place, Thing, Things, Torch};
use crate::game::state::State;
use crate::items::looks::Looks;
use crate::items::placing as item_placing;
use crate::kinds::tile::Tile;
use crate::rng::{seeded, GameRng};
use crate::space::geom::Point;
use crate::space::sight::Sight;
use crate::space::world::World;
use crate::variants::{Variant, NORMAL};
use rand::Rng;

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The world has no floor on the given level (1-based) to stand on.
    NoFloor { level: i32 },
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::NoFloor { level } => write!(f, "level {level} has no floor to stand on"),
        }
    }
}

/// A random floor tile of level `z` (not stairs), or an error when there is none.
fn random_floor(world: &World, z: i32, rng: &mut GameRng) -> Result<Point, SetupError> {
    let floors = world.points_of(z, Tile::Floor);
    if floors.is_empty() {
        return Err(SetupError::NoFloor { level: z + 1 });
    }
    Ok(floors[rng.random_range(0..floors.len() as u32) as usize])
}

/// Salt of the gameplay stream, so it never repeats the generator's numbers.
const PLAY_STREAM: u64 = 0x7e57_ca7e;

impl State {
    /// A new game of the Normal variant in the world that `params` and `seed` generate.
    pub fn new(seed: u64, params: &WorldParams) -> Result<State, SetupError> {
        State::in_variant(seed, params, &NORMAL)
    }

    /// A new game of `variant` in the world that `params` and `seed` generate.
    pub fn in_variant(
        seed: u64,
        params: &WorldParams,
        variant: &'static Variant,
    ) -> Result<State, SetupError> {
        State::in_world_variant(params.build(seed), seed, variant)
    }

    /// A game of the Normal variant in a given world (see `in_world_variant`).
    pub fn in_world(world: World, seed: u64) -> Result<State, SetupError> {
        State::in_world_variant(world, seed, &NORMAL)
    }

    /// A game in a given world: the player starts on the way out (the stair up of level 1,
    /// or a floor tile of level 1 when there is none); the idol lies on the last level and
    /// other items on every level (`items::placing::place`), by the numbers of `variant`.
    pub fn in_world_variant(
        world: World,
        seed: u64,
        variant: &'static Variant,
    ) -> Result<State, SetupError> {
        let mut rng = seeded(seed ^ PLAY_STREAM);
        let exit = world.points_of(0, Tile::StairsUp).first().copied();
        let player = match exit {
            Some(p) => p,
            None => random_floor(&world, 0, &mut rng)?,
        };
        let (mut spots, mut items) = (Vec::new(), Vec::new());
        for (p, kind) in item_placing::place(&world, seed, variant) {
            spots.push(p);
            items.push(Thing::one(kind, Place::Floor(p)));
        }
        let mut log = Log::default();
        log.add(variant.told());
        let monsters = placing::place(&world, player, &spots, variant, &mut rng);
        let mut sight = Sight::new(&world);
        let fuel = variant.start_fuel;
        sight.update(&world, player, balance::torch_radius(fuel));
        Ok(State {
            world,
            origin: Origin { seed, variant },
            rng,
            hero: Hero::new(player, balance::PLAYER.hp),
            torch: Torch { fuel, on: true },
            clock: Clock::default(),
            things: Things {
                all: items,
                letters: Vec::new(),
            },
            knowledge: Knowledge {
                looks: Looks::of(seed),
                known: 0,
                sight,
            },
            creatures: Creatures {
                all: monsters,
                crowd: Crowd::default(),
            },
            log,
            end: None,
            events: Vec::new(),
        })
    }
}
