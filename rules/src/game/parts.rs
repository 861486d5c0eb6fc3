//! The parts a `State` is made of, each holding what belongs together and the methods that
//! need only it: the player (`Hero`), the torch (`Torch`), the run's clocks (`Clock`), what
//! lies about and is carried (`Things`), the creatures (`Creatures`), what the player knows
//! (`Knowledge`) and what it was started from (`Origin`); and what an action took (`Spent`). How the run ended is
//! `ending.rs`'s.

use crate::balance::{torch_radius, DARK_RADIUS, HP_PER_LEVEL, MAX_FUEL, PLAYER};
use crate::creatures::crowd::Crowd;
use crate::creatures::monster::Monster;
use crate::items::looks::Looks;
use crate::kinds::creature::Creature;
use crate::kinds::item::Item;
use crate::space::geom::Point;
use crate::space::sight::Sight;
use crate::variants::Variant;

/// The player: where they stand, their numbers and their conditions.
#[derive(Clone, Debug)]
pub(crate) struct Hero {
    pub pos: Point,
    pub hp: i32,
    /// Experience from kills, and the level it has bought (from 1).
    pub xp: i32,
    pub level: i32,
    /// Attack gained from potions of strength.
    pub strength: i32,
    /// Kills per creature kind, in `Creature::ALL` order.
    pub kills: [u32; Creature::ALL.len()],
    /// Potions quaffed and scrolls read.
    pub used: u32,
    /// The deepest level index the player has stood on.
    pub deepest: i32,
    /// Turns of confusion left, and turns a web or a net still holds the player (`snare`
    /// says which).
    pub confused: i32,
    pub webbed: u32,
    pub snare: Snare,
    /// The player fought this turn (loud) or is resting (quiet): creatures notice by it.
    pub fought: bool,
    /// The player struggled in a web or a net this turn: no spider webs them again in it,
    /// so a player who tears free has a turn free.
    pub struggled: bool,
    pub resting: bool,
}

impl Hero {
    /// A player fresh into the caves at `pos` with `hp` hit points.
    pub fn new(pos: Point, hp: i32) -> Hero {
        Hero {
            pos,
            hp,
            xp: 0,
            level: 1,
            strength: 0,
            kills: [0; Creature::ALL.len()],
            used: 0,
            deepest: pos.z,
            confused: 0,
            webbed: 0,
            snare: Snare::Web,
            fought: false,
            struggled: false,
            resting: false,
        }
    }

    /// Full hit points at the player's experience level.
    pub fn max_hp(&self) -> i32 {
        PLAYER.hp + HP_PER_LEVEL * (self.level - 1)
    }

    /// Counts a kill (every kill, one out of the dark too).
    pub fn count_kill(&mut self, kind: Creature) {
        if let Some(i) = Creature::ALL.iter().position(|&c| c == kind) {
            self.kills[i] += 1;
        }
    }
}

/// What holds a player who is stuck fast: a spider's web or a plate's net.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Snare {
    Web,
    Net,
}

impl Snare {
    pub const fn name(self) -> &'static str {
        match self {
            Snare::Web => "web",
            Snare::Net => "net",
        }
    }
}

/// The torch: turns of fuel left, and whether the player keeps it lit.
#[derive(Clone, Debug)]
pub(crate) struct Torch {
    pub fuel: i32,
    pub on: bool,
}

impl Torch {
    /// True when the torch burns (lit and fuelled).
    pub fn lit(&self) -> bool {
        self.on && self.fuel > 0
    }

    /// How far the player's own light reaches now.
    pub fn radius(&self) -> i32 {
        if self.lit() {
            torch_radius(self.fuel)
        } else {
            DARK_RADIUS
        }
    }

    /// Pours `n` turns of fuel in (up to `MAX_FUEL`) and lights it. A torch that already
    /// holds more (Explorer mode starts above the cap) keeps what it has: oil never takes
    /// fuel away.
    pub fn refuel(&mut self, n: i32) {
        self.fuel = self.fuel.max((self.fuel + n).min(MAX_FUEL));
        self.on = true;
    }

    /// Spoils `n` turns of fuel and puts it out.
    pub fn darken(&mut self, n: i32) {
        self.fuel = (self.fuel - n).max(0);
        self.on = false;
    }
}

/// The run's clocks: its turns, and the turns spent on each level (0 = top), all visits
/// together, the caves' own clock (`creatures/restless.rs`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Clock {
    pub turn: u32,
    pub lingered: Vec<u32>,
}

impl Clock {
    /// A turn passes: the one place the run's turn count goes up.
    pub fn tick(&mut self) {
        self.turn += 1;
    }

    /// Turns spent on level `z`.
    pub fn lingered_on(&self, z: i32) -> u32 {
        usize::try_from(z)
            .ok()
            .and_then(|z| self.lingered.get(z))
            .copied()
            .unwrap_or(0)
    }

    /// Counts a turn on level `z`.
    pub fn linger(&mut self, z: i32) {
        let Ok(z) = usize::try_from(z) else {
            return;
        };
        if self.lingered.len() <= z {
            self.lingered.resize(z + 1, 0);
        }
        self.lingered[z] = self.lingered[z].saturating_add(1);
    }
}

/// The time an action took, as its handler reports it. Handlers never let a turn pass
/// themselves: `State::take` (under `State::act`) counts each turn and then runs what
/// follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spent {
    /// No time: the action was refused, or the player bumped into something.
    Nothing,
    /// One turn, and the creatures answer (`end_turn`).
    Turn,
    /// One turn of rest, and the creatures answer; the rest may go on (`rest_on`).
    Rest,
    /// The turn the player climbs out of the caves (`leave`): the run ends with it.
    Out,
}

/// Every item, the idol too: on the floor or carried. Carried items keep the order they
/// were picked up in, which gives their pack slots; `letters` holds the letter of each
/// carried item (0 is 'a'), in slot order (not part of the state's fingerprint).
#[derive(Clone, Debug)]
pub(crate) struct Things {
    pub all: Vec<Thing>,
    pub letters: Vec<u8>,
}

/// The creatures, in the order they act, and the grid of the cells they take (`crowd`):
/// counted afresh where a turn needs it and kept between turns only so that no turn
/// allocates one (not part of the game).
#[derive(Clone, Debug, Default)]
pub(crate) struct Creatures {
    pub all: Vec<Monster>,
    pub crowd: Crowd,
}

/// What the player knows: the looks of potions and scrolls this run and the kinds
/// identified (a bit per code), and the map seen and remembered.
#[derive(Clone, Debug)]
pub(crate) struct Knowledge {
    pub looks: Looks,
    pub known: u32,
    pub sight: Sight,
}

/// What the run was started from: its seed and its variant.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Origin {
    pub seed: u64,
    pub variant: &'static Variant,
}

/// Where an item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Floor(Point),
    Pack,
    Wielded,
    Worn,
}

/// One item in the game, or a stack of potions or scrolls of one kind (`Item::stacks`):
/// carried, a stack takes one pack slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thing {
    pub kind: Item,
    pub place: Place,
    /// How many there are (at least 1; more only for kinds that stack).
    pub count: u32,
    /// Set down by the player (dropped, not thrown): the autopilot leaves it where it lies.
    pub dropped: bool,
}

impl Thing {
    /// A single item of `kind` in `place`.
    pub const fn one(kind: Item, place: Place) -> Thing {
        Thing {
            kind,
            place,
            count: 1,
            dropped: false,
        }
    }
}
