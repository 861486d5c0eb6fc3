//! A creature: its kind, where it stands, its hit points and what it is about.

use crate::game::mode::Mode;
use crate::kinds::creature::Creature;
use crate::kinds::entry::Stats;
use crate::kinds::item::Item;
use crate::space::geom::Point;

/// What a creature is about: asleep (it stays put), wandering (it roams at random) or
/// hunting the player. Asleep and wandering creatures have not noticed the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mind {
    Asleep,
    Wandering,
    Hunting,
}

impl Mind {
    pub const fn name(self) -> &'static str {
        match self {
            Mind::Asleep => "asleep",
            Mind::Wandering => "wandering",
            Mind::Hunting => "hunting",
        }
    }
}

/// A creature in the world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Monster {
    pub kind: Creature,
    pub pos: Point,
    pub hp: i32,
    pub mind: Mind,
    /// Where it last perceived the player, and for how many turns since it has not.
    pub last_seen: Point,
    pub unseen: u32,
    /// Turns of confusion left.
    pub confused: i32,
    /// Turns a net still holds it.
    pub held: u32,
    /// Came out of the dark (stirred up while the torch was out): worth no experience.
    pub from_dark: bool,
    /// What it stole from the player's pack (`creatures/thief.rs`): it drops it where it dies.
    pub loot: Option<Item>,
    /// It has just followed the player by the stairs: that was its turn, and it acts again
    /// on the next.
    pub followed: bool,
    /// Its fighting numbers (its kind's, as the mode sets them).
    stats: Stats,
}

impl Monster {
    /// A creature of `kind` at full health, hunting, with its kind's Normal numbers.
    pub fn new(kind: Creature, pos: Point) -> Monster {
        Monster::in_mode(kind, pos, Mode::Normal, Mind::Hunting)
    }

    /// A creature of `kind` at full health with the numbers of `mode`.
    pub fn in_mode(kind: Creature, pos: Point, mode: Mode, mind: Mind) -> Monster {
        let stats = mode.creature(kind.stats());
        Monster {
            kind,
            pos,
            hp: stats.hp,
            mind,
            last_seen: pos,
            unseen: 0,
            confused: 0,
            held: 0,
            from_dark: false,
            loot: None,
            followed: false,
            stats,
        }
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// True when it has not noticed the player.
    pub fn unaware(&self) -> bool {
        self.mind != Mind::Hunting
    }

    /// True when it is hurt enough to run from the player (its kind's `flee_below`).
    pub fn flees(&self) -> bool {
        let b = self.kind.behaviour();
        b.flee_below > 0 && self.hp * 100 <= self.stats.hp * b.flee_below
    }

    pub fn name(&self) -> &'static str {
        self.kind.name()
    }
}
