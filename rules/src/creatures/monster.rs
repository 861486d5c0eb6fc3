//! A creature: its kind, where it stands, its hit points and what it is about.

use crate::balance::SLOW_PERIOD;
use crate::kinds::creature::Creature;
use crate::kinds::entry::Stats;
use crate::kinds::item::Item;
use crate::space::geom::Point;
use crate::variants::{Variant, NORMAL};

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

/// How hurt a creature is, as a player reads it: all its hit points (unhurt), half or more
/// (wounded), a quarter or more (badly wounded), or less (almost dead).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Health {
    Unhurt,
    Wounded,
    BadlyWounded,
    AlmostDead,
}

impl Health {
    /// The health of a creature with `hp` of its `max` hit points.
    pub const fn of(hp: i32, max: i32) -> Health {
        if hp >= max {
            Health::Unhurt
        } else if hp * 2 >= max {
            Health::Wounded
        } else if hp * 4 >= max {
            Health::BadlyWounded
        } else {
            Health::AlmostDead
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Health::Unhurt => "unhurt",
            Health::Wounded => "wounded",
            Health::BadlyWounded => "badly wounded",
            Health::AlmostDead => "almost dead",
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
    /// Its fighting numbers (its kind's, as the variant sets them).
    stats: Stats,
}

impl Monster {
    /// A creature of `kind` at full health, hunting, with its kind's Normal numbers.
    pub fn new(kind: Creature, pos: Point) -> Monster {
        Monster::in_variant(kind, pos, &NORMAL, Mind::Hunting)
    }

    /// A creature of `kind` at full health with the numbers of `variant`.
    pub fn in_variant(kind: Creature, pos: Point, variant: &Variant, mind: Mind) -> Monster {
        let stats = variant.creature(kind.stats());
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

    /// How hurt it is, by its hit points left of its kind's full number.
    pub fn health(&self) -> Health {
        Health::of(self.hp, self.stats.hp)
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

    /// True when it runs from the player: hurt enough (`flees`), or with what it stole.
    pub fn runs(&self) -> bool {
        self.flees() || self.loot.is_some()
    }

    /// True when it sits out turn `turn`: a slow kind acts only every `SLOW_PERIOD` turns.
    pub fn rests_on(&self, turn: u32) -> bool {
        self.kind.behaviour().slow && !turn.is_multiple_of(SLOW_PERIOD)
    }

    pub fn name(&self) -> &'static str {
        self.kind.name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn health_reads_the_hit_points_left_in_quarters() {
        let of = |hp| Health::of(hp, 20);
        assert_eq!(of(20), Health::Unhurt);
        assert_eq!(of(19), Health::Wounded);
        assert_eq!(of(10), Health::Wounded);
        assert_eq!(of(9), Health::BadlyWounded);
        assert_eq!(of(5), Health::BadlyWounded);
        assert_eq!(of(4), Health::AlmostDead);
        assert_eq!(of(1), Health::AlmostDead);
        // A split jelly's half is wounded, never unhurt.
        assert_eq!(Health::of(8, 16), Health::Wounded);
    }
}
