//! `State`: everything that decides one game, in parts (`parts.rs`), how a game is set up,
//! and `State::act`, the one way a game changes.

use crate::action::Action;
use crate::balance;
use crate::builder::WorldParams;
use crate::events::Event;
use crate::geom::Point;
use crate::items;
use crate::kinds::item::Item;
use crate::kinds::tile::Tile;
use crate::log::Log;
use crate::looks::{Looks, Seen};
use crate::mode::Mode;
use crate::monsters::{place, Monster};
use crate::parts::{
    Clock, Ending, Hero, Knowledge, Origin, Outcome, Place, Spent, Thing, Things, Torch,
};
use crate::rng::{seeded, GameRng};
use crate::sight::Sight;
use crate::world::World;
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

/// Everything that decides one game, in parts (`parts.rs`).
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) world: World,
    pub(crate) origin: Origin,
    /// Gameplay randomness: its own stream, apart from world generation.
    pub(crate) rng: GameRng,
    pub(crate) hero: Hero,
    pub(crate) torch: Torch,
    pub(crate) clock: Clock,
    pub(crate) things: Things,
    pub(crate) knowledge: Knowledge,
    pub(crate) monsters: Vec<Monster>,
    pub(crate) log: Log,
    pub(crate) end: Ending,
    /// What the last action showed, for the screen (not part of the state's fingerprint).
    pub(crate) events: Vec<Event>,
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
            world,
            origin: Origin { seed, mode },
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
            monsters,
            log,
            end: Ending {
                outcome: Outcome::Playing,
                words: String::new(),
            },
            events: Vec::new(),
        })
    }

    /// Applies one action. Returns true when it was taken (the state changed), false when the
    /// run is over and nothing happened. Bumping into a wall is taken: it takes no turn but
    /// says so in the log.
    pub fn act(&mut self, action: Action) -> bool {
        self.take(action).is_some()
    }

    /// Applies one action (see `act`) and answers how many turns it took, `None` when the run
    /// is over. This is the one place turns pass: the action's handler does what the player
    /// does and says what that took (`Spent`); then each turn is counted and followed by
    /// what comes after it, the creatures' answer and the rest (or the way out) going on.
    pub(crate) fn take(&mut self, action: Action) -> Option<u32> {
        if self.end.outcome != Outcome::Playing {
            return None;
        }
        self.events.clear();
        let mut spent = match action {
            Action::Move(d) => {
                let (dx, dy) = d.delta();
                self.step(dx, dy)
            }
            Action::Wait => {
                self.log.add("You wait.");
                Spent::Turn
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
        };
        let mut turns = 0;
        while spent != Spent::Nothing {
            self.clock.tick();
            turns += 1;
            spent = match spent {
                Spent::Turn => {
                    self.end_turn();
                    Spent::Nothing
                }
                Spent::Rest => {
                    self.hero.resting = true;
                    self.end_turn();
                    self.hero.resting = false;
                    self.rest_on(turns)
                }
                Spent::Out => {
                    self.leave();
                    Spent::Nothing
                }
                Spent::Nothing => Spent::Nothing,
            };
        }
        Some(turns)
    }

    /// The mode this run is played in.
    pub fn mode(&self) -> Mode {
        self.origin.mode
    }
    /// What the last action showed: blows, misses, flights, noticing (for animation).
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Turns of confusion left.
    pub fn confused(&self) -> i32 {
        self.hero.confused
    }
    /// Turns a web still holds the player.
    pub fn webbed(&self) -> u32 {
        self.hero.webbed
    }

    pub fn world(&self) -> &World {
        &self.world
    }
    pub fn seed(&self) -> u64 {
        self.origin.seed
    }
    pub fn player(&self) -> Point {
        self.hero.pos
    }
    /// Where the idol lies, or `None` when the player carries it (or there is none).
    pub fn idol(&self) -> Option<Point> {
        self.things.all.iter().find_map(|t| match t.place {
            Place::Floor(p) if t.kind == Item::Idol => Some(p),
            _ => None,
        })
    }
    pub fn carrying_idol(&self) -> bool {
        self.things
            .all
            .iter()
            .any(|t| t.kind == Item::Idol && !matches!(t.place, Place::Floor(_)))
    }
    pub fn turn(&self) -> u32 {
        self.clock.turn
    }
    pub fn log(&self) -> &Log {
        &self.log
    }
    pub fn outcome(&self) -> Outcome {
        self.end.outcome
    }
    /// What ended the run, for the end screen.
    pub fn ending(&self) -> &str {
        &self.end.words
    }
    pub fn hp(&self) -> i32 {
        self.hero.hp
    }
    pub fn max_hp(&self) -> i32 {
        balance::PLAYER.hp + balance::HP_PER_LEVEL * (self.hero.level - 1)
    }
    pub fn monsters(&self) -> &[Monster] {
        &self.monsters
    }
    pub fn sight(&self) -> &Sight {
        &self.knowledge.sight
    }
    /// The deepest level (from 1) the player has stood on.
    pub fn depth_reached(&self) -> i32 {
        self.hero.deepest + 1
    }

    /// Puts a creature of `kind` at `p`, for scripted scenes and tests. (Not an action: a
    /// state changed this way is a fixture, not a run.)
    #[cfg(any(test, feature = "scenes"))]
    pub fn put_monster(&mut self, kind: crate::kinds::creature::Creature, p: Point) {
        self.monsters.retain(|m| m.pos != p);
        self.monsters.push(Monster::new(kind, p));
        self.knowledge
            .sight
            .update(&self.world, self.hero.pos, self.light_radius());
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
        self.torch.fuel = fuel.max(0);
        self.knowledge
            .sight
            .update(&self.world, self.hero.pos, self.light_radius());
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
    pub fn describe(&self, p: Point) -> Option<Seen> {
        if p == self.hero.pos {
            return Some(Seen::Player);
        }
        if !self.knowledge.sight.remembers(p) {
            return None;
        }
        if self.knowledge.sight.lit(p) {
            if let Some(m) = self.monster_at(p) {
                return Some(Seen::Creature(m.kind));
            }
        }
        if let Some(item) = self.item_at(p) {
            return Some(Seen::Item(self.seen_as(item)));
        }
        Some(Seen::Tile(self.world.tile(p)))
    }
}
