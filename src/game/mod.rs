//! The game: world, player, goal and screens, and how keys reach the rules (in `turns`).

mod turns;

use crate::builder::WorldBuilder;
use crate::cyclopedia::{by_id, named, Entry, IDOL, PLAYER};
use crate::geom::Point;
use crate::input::{command, is_modifier, Command};
use crate::log::Log;
use crate::monsters::{place, Monster};
use crate::rng::{seeded, GameRng};
use crate::sight::Sight;
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
    hp: i32,
    monsters: Vec<Monster>,
    sight: Sight,
    rng: GameRng,
    /// The keyboard look cursor, while look mode is on.
    look: Option<Point>,
    /// The map cell under the mouse, if any.
    hover: Option<Point>,
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
        let monsters = place(&world, player, treasure, &mut rng);
        let mut sight = Sight::new(&world);
        sight.update(&world, player);
        Ok(Game {
            hp: named(PLAYER).stats.map_or(1, |s| s.hp),
            monsters,
            sight,
            rng,
            look: None,
            hover: None,
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

    pub fn hp(&self) -> i32 {
        self.hp
    }
    pub fn max_hp(&self) -> i32 {
        named(PLAYER).stats.map_or(1, |s| s.hp)
    }
    pub fn monsters(&self) -> &[Monster] {
        &self.monsters
    }
    pub fn sight(&self) -> &Sight {
        &self.sight
    }
    /// The look cursor while look mode is on.
    pub fn look_cursor(&self) -> Option<Point> {
        self.look
    }

    /// Puts a creature of cyclopedia kind `kind` at `p` (for scripted scenes and tests).
    pub fn put_monster(&mut self, kind: usize, p: Point) {
        let hp = crate::monsters::stats_of(kind).hp;
        self.monsters.retain(|m| m.pos != p);
        self.monsters.push(Monster { kind, pos: p, hp });
    }

    /// Sets the map cell under the mouse (`None` when the mouse leaves the map).
    pub fn set_hover(&mut self, p: Option<Point>) {
        self.hover = p;
    }

    /// The map cell under the mouse, if any.
    pub fn hover(&self) -> Option<Point> {
        self.hover
    }

    /// The cell being looked at: the look cursor, else the mouse.
    pub fn looking_at(&self) -> Option<Point> {
        self.look.or(self.hover)
    }

    /// What the player knows of `p`: the creature there if it is lit, the idol, or the terrain;
    /// `None` for places never seen.
    pub fn describe(&self, p: Point) -> Option<&'static Entry> {
        if p == self.player {
            return Some(named(PLAYER));
        }
        if !self.sight.remembers(p) {
            return None;
        }
        if self.sight.lit(p) {
            if let Some(m) = self.monster_at(p) {
                return by_id(m.kind);
            }
        }
        if self.treasure == Some(p) {
            return Some(named(IDOL));
        }
        Some(self.world.tile(p).info())
    }

    fn monster_at(&self, p: Point) -> Option<&Monster> {
        self.monsters.iter().find(|m| m.pos == p)
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
            Screen::Play if self.look.is_some() => self.look_key(cmd),
            Screen::Play => match cmd {
                Some(c) => {
                    self.apply(c);
                    true
                }
                None => false,
            },
        }
    }

    /// Keys in look mode move the cursor over the view; Escape or 'x' ends it.
    fn look_key(&mut self, cmd: Option<Command>) -> bool {
        let Some(cursor) = self.look else {
            return false;
        };
        match cmd {
            Some(Command::Move(dx, dy)) => {
                let next = cursor.offset(dx, dy);
                let (sx, sy) =
                    crate::view::scroll(self.player, self.world.width(), self.world.height());
                let inside = (sx..sx + crate::view::VIEW_WIDTH).contains(&next.x)
                    && (sy..sy + crate::view::VIEW_HEIGHT).contains(&next.y)
                    && self.world.contains(next);
                if inside {
                    self.look = Some(next);
                }
            }
            Some(Command::Look | Command::Back) => self.look = None,
            _ => {}
        }
        cmd.is_some()
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
}
