//! The game: world, player, goal, screens and the rules that turn commands into changes.

use crate::builder::WorldBuilder;
use crate::geom::Point;
use crate::input::{command, is_modifier, Command};
use crate::log::Log;
use crate::rng::{seeded, GameRng};
use crate::tile::Tile;
use crate::world::World;
use rand::Rng;

/// World size of a new game, in cells and levels.
pub const WORLD_WIDTH: i32 = 100;
pub const WORLD_HEIGHT: i32 = 60;
pub const WORLD_DEPTH: i32 = 5;

/// Which screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Start,
    Play,
    Help,
    Won,
    Lost,
}

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
pub fn random_floor(world: &World, z: i32, rng: &mut GameRng) -> Result<Point, SetupError> {
    let floors: Vec<Point> = world
        .points(z)
        .filter(|&(_, t)| t == Tile::Floor)
        .map(|(p, _)| p)
        .collect();
    if floors.is_empty() {
        return Err(SetupError::NoFloor { level: z + 1 });
    }
    Ok(floors[rng.random_range(0..floors.len() as u32) as usize])
}

/// All state of one game.
pub struct Game {
    world: World,
    seed: u64,
    player: Point,
    /// Where the treasure lies, or `None` once the player carries it.
    treasure: Option<Point>,
    turn: u32,
    log: Log,
    screen: Screen,
    /// The screen to return to when help closes.
    before_help: Screen,
    focused: bool,
    ending: String,
}

impl Game {
    /// A new game in a freshly generated default world.
    pub fn new(seed: u64) -> Result<Game, SetupError> {
        let world = WorldBuilder::new(WORLD_WIDTH, WORLD_HEIGHT, WORLD_DEPTH, seed)
            .make_caves()
            .build();
        Game::in_world(world, seed)
    }

    /// A game in a given world: the player starts on the way out (the stair up of level 1,
    /// or a floor tile of level 1 when there is none) and the treasure lies on the last level.
    pub fn in_world(world: World, seed: u64) -> Result<Game, SetupError> {
        let mut rng = seeded(seed ^ 0x7e57_ca7e);
        let exit = world
            .points(0)
            .find(|&(_, t)| t == Tile::StairsUp)
            .map(|(p, _)| p);
        let player = match exit {
            Some(p) => p,
            None => random_floor(&world, 0, &mut rng)?,
        };
        let last = world.depth() - 1;
        let treasure = random_floor(&world, last, &mut rng)
            .ok()
            .filter(|&t| t != player);
        let mut log = Log::default();
        log.add("You climb down into the caves. Find the idol on the deepest level.");
        Ok(Game {
            world,
            seed,
            player,
            treasure,
            turn: 0,
            log,
            screen: Screen::Start,
            before_help: Screen::Start,
            focused: true,
            ending: String::new(),
        })
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
    pub fn treasure(&self) -> Option<Point> {
        self.treasure
    }
    pub fn carrying_treasure(&self) -> bool {
        self.treasure.is_none()
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn log(&self) -> &Log {
        &self.log
    }
    pub fn screen(&self) -> Screen {
        self.screen
    }
    pub fn focused(&self) -> bool {
        self.focused
    }
    /// What ended the game, for the win and lose screens.
    pub fn ending(&self) -> &str {
        &self.ending
    }

    /// Records whether the page's keyboard focus is on the game.
    pub fn set_focused(&mut self, focused: bool) {
        self.focused = focused;
    }

    /// Handles a `KeyboardEvent.key`. Returns true when the game used the key (the page should
    /// then not act on it), false for keys it ignores.
    pub fn key(&mut self, key: &str) -> bool {
        let cmd = command(key);
        match self.screen {
            Screen::Start => {
                if cmd == Some(Command::Help) {
                    self.open_help();
                } else if is_modifier(key) || key.is_empty() {
                    return false;
                } else {
                    self.screen = Screen::Play;
                }
                true
            }
            Screen::Help => {
                if matches!(cmd, Some(Command::Help | Command::Back)) {
                    self.screen = self.before_help;
                }
                cmd.is_some()
            }
            Screen::Won | Screen::Lost => match cmd {
                Some(Command::Confirm) => {
                    self.restart();
                    true
                }
                _ => cmd.is_some(),
            },
            Screen::Play => match cmd {
                Some(c) => {
                    self.apply(c);
                    true
                }
                None => false,
            },
        }
    }

    fn open_help(&mut self) {
        self.before_help = self.screen;
        self.screen = Screen::Help;
    }

    fn restart(&mut self) {
        let next = self.seed.wrapping_add(1);
        if let Ok(game) = Game::new(next) {
            *self = Game {
                screen: Screen::Play,
                ..game
            };
        }
    }

    /// Applies one command on the play screen.
    pub fn apply(&mut self, cmd: Command) {
        match cmd {
            Command::Move(dx, dy) => self.step(dx, dy),
            Command::Wait => {
                self.turn += 1;
                self.log.add("You wait.");
            }
            Command::Descend => self.climb(1),
            Command::Ascend => self.climb(-1),
            Command::Help => self.open_help(),
            Command::Back | Command::Confirm => {}
        }
    }

    fn step(&mut self, dx: i32, dy: i32) {
        let to = self.player.offset(dx, dy);
        let tile = self.world.tile(to);
        if !tile.is_open() {
            self.log
                .add(format!("You bump into the {}.", tile.info().name));
            return;
        }
        self.player = to;
        self.turn += 1;
        if self.treasure == Some(to) {
            self.treasure = None;
            self.log
                .add("You pick up the golden idol! Now climb back out.");
        }
        match tile {
            Tile::StairsDown => self.log.add("There are stairs down here."),
            Tile::StairsUp if to.z == 0 => self.log.add("Daylight shines down the way out."),
            Tile::StairsUp => self.log.add("There are stairs up here."),
            _ => {}
        }
    }

    /// Climbs one level: `dz` = 1 goes down, -1 goes up (seed 002's messages).
    fn climb(&mut self, dz: i32) {
        let here = self.world.tile(self.player);
        if dz < 0 && here == Tile::StairsUp && self.player.z == 0 {
            self.leave();
            return;
        }
        let (needed, dir, blocker) = if dz > 0 {
            (Tile::StairsDown, "down", "cave floor")
        } else {
            (Tile::StairsUp, "up", "cave ceiling")
        };
        if here != needed {
            self.log.add(format!(
                "You try to go {dir} but are stopped by the {blocker}."
            ));
            return;
        }
        self.player.z += dz;
        self.turn += 1;
        self.log.add(format!(
            "You walk {dir} the stairs to level {}.",
            self.player.z + 1
        ));
    }

    fn leave(&mut self) {
        self.turn += 1;
        if self.carrying_treasure() {
            self.screen = Screen::Won;
            self.ending = format!(
                "You climb into the daylight with the golden idol after {} turns.",
                self.turn
            );
        } else {
            self.screen = Screen::Lost;
            self.ending = "You leave the caves empty-handed.".to_string();
        }
        self.log.add(self.ending.clone());
    }
}
