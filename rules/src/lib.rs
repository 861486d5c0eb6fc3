//! The rules: everything that decides a game, changed only by `State::act`. Nothing here knows
//! of keys, screens, time or the browser, so a run is exactly its seed, its world parameters
//! and the actions taken, and replaying them rebuilds the same state.

pub mod balance;
pub mod builder;
pub mod fnv;
pub mod fov;
pub mod geom;
pub mod kinds;
pub mod log;
pub mod monsters;
pub mod record;
pub mod rng;
pub mod routes;
pub mod sight;
pub mod world;

mod action;
mod behaviour;
mod crowd;
pub mod danger;
pub mod events;
pub mod experience;
mod hash;
pub mod identify;
pub mod items;
pub mod mode;
mod restless;
pub mod score;
pub mod throw;
mod torch;
pub mod travel;
mod turns;

pub use action::{Action, Dir, PACK_SLOTS};
pub use balance::PACK_LIMIT;
pub use events::{Attack, Event};
pub use items::{Place, Thing};
pub use mode::Mode;

use crate::builder::WorldParams;
use crate::geom::Point;
use crate::identify::Looks;
use crate::kinds::creature::Creature;
use crate::kinds::entry::Entry;
use crate::kinds::item::Item;
use crate::kinds::tile::Tile;
use crate::log::Log;
use crate::monsters::{place, Monster};
use crate::rng::{seeded, GameRng};
use crate::sight::Sight;
use crate::world::World;
use rand::Rng;

/// The version of these rules. Records name the ruleset they were played under; a record of
/// another ruleset is refused rather than replayed wrongly. Raise it whenever a change to the
/// rules, the generator or the creatures could make an old record play out differently.
pub const RULESET: u32 = 5;

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

/// How the run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Playing,
    /// Climbed out with the idol.
    Won,
    /// Killed, or climbed out without the idol.
    Lost,
}

/// A random floor tile of level `z` (not stairs), or an error when there is none.
pub fn random_floor(world: &World, z: i32, rng: &mut GameRng) -> Result<Point, SetupError> {
    let floors = world.points_of(z, Tile::Floor);
    if floors.is_empty() {
        return Err(SetupError::NoFloor { level: z + 1 });
    }
    Ok(floors[rng.random_range(0..floors.len() as u32) as usize])
}

/// Everything that decides one game.
#[derive(Clone, Debug)]
pub struct State {
    world: World,
    seed: u64,
    player: Point,
    /// Every item, the idol too: on the floor or carried. Carried items keep the order they
    /// were picked up in, which gives their pack slots.
    items: Vec<Thing>,
    /// The letter of each carried item (0 is 'a'), in slot order (see `State::letter`; not
    /// part of the state's fingerprint).
    letters: Vec<u8>,
    /// Experience from kills, and the level it has bought (from 1).
    xp: i32,
    level: i32,
    /// Attack gained from potions of strength.
    strength: i32,
    /// Kills per creature kind, in `Creature::ALL` order.
    kills: [u32; Creature::ALL.len()],
    /// Potions quaffed and scrolls read.
    used: u32,
    turn: u32,
    /// The deepest level index the player has stood on.
    deepest: i32,
    log: Log,
    outcome: Outcome,
    ending: String,
    hp: i32,
    monsters: Vec<Monster>,
    sight: Sight,
    /// Gameplay randomness: its own stream, apart from world generation.
    rng: GameRng,
    mode: Mode,
    /// Turns of fuel left in the torch, and whether the player keeps it lit.
    fuel: i32,
    torch_on: bool,
    /// The looks of potions and scrolls this run, and the kinds identified (a bit per code).
    looks: Looks,
    known: u32,
    /// Turns of confusion left, and turns a web still holds the player.
    confused: i32,
    webbed: u32,
    /// Turns spent on each level (0 = top), all visits together: the caves' own clock
    /// (`restless.rs`).
    lingered: Vec<u32>,
    /// The player fought this turn (loud) or is resting (quiet): creatures notice by it.
    fought: bool,
    resting: bool,
    /// What the last action showed, for the screen (not part of the state's fingerprint).
    events: Vec<Event>,
}

/// Salt of the gameplay stream, so it never repeats the generator's numbers.
const PLAY_STREAM: u64 = 0x7e57_ca7e;

impl State {
    /// A new game of Normal mode in the world that `params` and `seed` generate.
    pub fn new(seed: u64, params: &WorldParams) -> Result<State, SetupError> {
        State::in_mode(seed, params, Mode::Normal)
    }

    /// A new game of `mode` in the world that `params` and `seed` generate.
    pub fn in_mode(seed: u64, params: &WorldParams, mode: Mode) -> Result<State, SetupError> {
        State::in_world_mode(params.build(seed), seed, mode)
    }

    /// A game of Normal mode in a given world (see `in_world_mode`).
    pub fn in_world(world: World, seed: u64) -> Result<State, SetupError> {
        State::in_world_mode(world, seed, Mode::Normal)
    }

    /// A game in a given world: the player starts on the way out (the stair up of level 1,
    /// or a floor tile of level 1 when there is none); the idol lies on the last level and
    /// other items on every level (`items::place`).
    pub fn in_world_mode(world: World, seed: u64, mode: Mode) -> Result<State, SetupError> {
        let mut rng = seeded(seed ^ PLAY_STREAM);
        let exit = world.points_of(0, Tile::StairsUp).first().copied();
        let player = match exit {
            Some(p) => p,
            None => random_floor(&world, 0, &mut rng)?,
        };
        let placed = items::place(&world, seed, mode);
        let spots: Vec<Point> = placed.iter().map(|&(p, _)| p).collect();
        let items = placed
            .into_iter()
            .map(|(p, kind)| Thing {
                kind,
                place: Place::Floor(p),
            })
            .collect();
        let mut log = Log::default();
        log.add("You climb down into the caves. Find the idol on the deepest level.");
        let monsters = place(&world, player, &spots, mode, &mut rng);
        let mut sight = Sight::new(&world);
        let fuel = mode.start_fuel();
        sight.update(&world, player, balance::torch_radius(fuel));
        Ok(State {
            hp: balance::PLAYER.hp,
            monsters,
            sight,
            rng,
            world,
            seed,
            player,
            items,
            letters: Vec::new(),
            xp: 0,
            level: 1,
            strength: 0,
            kills: [0; Creature::ALL.len()],
            used: 0,
            turn: 0,
            deepest: player.z,
            log,
            outcome: Outcome::Playing,
            ending: String::new(),
            mode,
            fuel,
            torch_on: true,
            looks: Looks::of(seed),
            known: 0,
            confused: 0,
            webbed: 0,
            lingered: Vec::new(),
            fought: false,
            resting: false,
            events: Vec::new(),
        })
    }

    /// Applies one action. Returns true when it was taken (the state changed), false when the
    /// run is over and nothing happened. Bumping into a wall is taken: it takes no turn but
    /// says so in the log.
    pub fn act(&mut self, action: Action) -> bool {
        if self.outcome != Outcome::Playing {
            return false;
        }
        self.events.clear();
        match action {
            Action::Move(d) => {
                let (dx, dy) = d.delta();
                self.step(dx, dy);
            }
            Action::Wait => {
                self.turn += 1;
                self.log.add("You wait.");
                self.end_turn();
            }
            Action::Descend => self.climb(1),
            Action::Ascend => self.climb(-1),
            Action::Rest => self.rest(),
            Action::PickUp => self.pick_up(),
            Action::Drop(slot) => self.drop_item(slot.into()),
            Action::Use(slot) => self.use_item(slot.into()),
            Action::Equip(slot) => self.equip(slot.into()),
            Action::Torch => self.toggle_torch(),
            Action::Throw { slot, dx, dy } => self.throw(slot.into(), dx.into(), dy.into()),
        }
        true
    }

    /// The mode this run is played in.
    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// What the last action showed: blows, misses, flights, noticing (for animation).
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Turns of confusion left.
    pub fn confused(&self) -> i32 {
        self.confused
    }
    /// Turns a web still holds the player.
    pub fn webbed(&self) -> u32 {
        self.webbed
    }

    pub fn world(&self) -> &World {
        &self.world
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn player(&self) -> Point {
        self.player
    }
    /// Where the idol lies, or `None` when the player carries it (or there is none).
    pub fn idol(&self) -> Option<Point> {
        self.items.iter().find_map(|t| match t.place {
            Place::Floor(p) if t.kind == Item::Idol => Some(p),
            _ => None,
        })
    }
    pub fn carrying_idol(&self) -> bool {
        self.items
            .iter()
            .any(|t| t.kind == Item::Idol && !matches!(t.place, Place::Floor(_)))
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn log(&self) -> &Log {
        &self.log
    }
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }
    /// What ended the run, for the end screen.
    pub fn ending(&self) -> &str {
        &self.ending
    }
    pub fn hp(&self) -> i32 {
        self.hp
    }
    pub fn max_hp(&self) -> i32 {
        balance::PLAYER.hp + balance::HP_PER_LEVEL * (self.level - 1)
    }
    pub fn monsters(&self) -> &[Monster] {
        &self.monsters
    }
    pub fn sight(&self) -> &Sight {
        &self.sight
    }
    /// The deepest level (from 1) the player has stood on.
    pub fn depth_reached(&self) -> i32 {
        self.deepest + 1
    }

    /// Puts a creature of `kind` at `p`, for scripted scenes and tests. (Not an action: a
    /// state changed this way is a fixture, not a run.)
    #[cfg(any(test, feature = "scenes"))]
    pub fn put_monster(&mut self, kind: Creature, p: Point) {
        self.monsters.retain(|m| m.pos != p);
        self.monsters.push(Monster::new(kind, p));
        self.sight
            .update(&self.world, self.player, self.light_radius());
    }

    /// Sets what the creature at `p` is about, for scripted scenes and tests (a fixture, not
    /// a run).
    #[cfg(any(test, feature = "scenes"))]
    pub fn set_mind(&mut self, p: Point, mind: crate::monsters::Mind) {
        if let Some(m) = self.monsters.iter_mut().find(|m| m.pos == p) {
            m.mind = mind;
        }
    }

    /// Sets the torch's fuel, for scripted scenes and tests (a fixture, not a run).
    #[cfg(any(test, feature = "scenes"))]
    pub fn set_fuel(&mut self, fuel: i32) {
        self.fuel = fuel.max(0);
        self.sight
            .update(&self.world, self.player, self.light_radius());
    }

    /// Removes every creature, for scripted scenes and tests (a fixture, not a run).
    #[cfg(any(test, feature = "scenes"))]
    pub fn clear_monsters(&mut self) {
        self.monsters.clear();
    }

    /// Sets the hit points of the creature at `p`, for scripted scenes and tests (a fixture,
    /// not a run).
    #[cfg(any(test, feature = "scenes"))]
    pub fn wound_monster(&mut self, p: Point, hp: i32) {
        if let Some(m) = self.monsters.iter_mut().find(|m| m.pos == p) {
            m.hp = hp;
        }
    }

    /// The creature at `p`, if any.
    pub fn monster_at(&self, p: Point) -> Option<&Monster> {
        self.monsters.iter().find(|m| m.pos == p)
    }

    /// What the player knows of `p`: the creature there if it is lit, the idol, or the terrain;
    /// `None` for places never seen.
    pub fn describe(&self, p: Point) -> Option<&'static Entry> {
        if p == self.player {
            return Some(crate::kinds::player::entry());
        }
        if !self.sight.remembers(p) {
            return None;
        }
        if self.sight.lit(p) {
            if let Some(m) = self.monster_at(p) {
                return Some(m.kind.info());
            }
        }
        if let Some(item) = self.item_at(p) {
            return Some(self.seen_as(item));
        }
        Some(self.world.tile(p).info())
    }
}
