//! What a creature perceives on its turn (`Seen`): where the player is and whether it sees or
//! hears them, how likely it is to notice them, the light (`Shine`: the torch's circle and
//! glowing fungus, which gloom stalkers shun), and which cells beside it it may step into.
//! Gathered for each creature before it decides (`creatures/tactics`) from the parts of the
//! state it perceives by (`Scene`), so a tactic reads what the creature knows and never the
//! whole state; what lies beside it and the light there are looked at only when asked.

use crate::balance::{
    DOOR_MUFFLE, NOTICE_ASLEEP, NOTICE_AWAKE, NOTICE_DARK_RANGE, NOTICE_LIT_RANGE,
};
use crate::creatures::crowd::Crowd;
use crate::creatures::monster::{Mind, Monster};
use crate::game::parts::{Hero, Torch};
use crate::items::throw::line;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;
use crate::space::sight::Sight;
use crate::space::world::World;

/// How a kind perceives the player and the light, beyond what every creature does (its
/// tactic says: `creatures::tactics::senses`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Senses {
    /// It sees the player only while the torch burns, never hears them through a door, and
    /// loses them when the torch goes out.
    pub by_light_only: bool,
    /// It sees as far in the dark as by torchlight.
    pub sees_in_dark: bool,
    /// It never steps into light (`Seen::free`) and shrinks from it (`Seen::lit_here`).
    pub shuns_light: bool,
}

/// What a creature perceives on its turn.
pub(crate) struct Seen<'a> {
    /// Where the player stands.
    pub player: Point,
    /// It sees the player now (`perceives`).
    pub perceives: bool,
    /// The chance in 100 that it notices the player this turn, while it has not (0 for a
    /// creature that hunts already).
    pub notice: u32,
    /// The player's torch burns.
    pub torch_lit: bool,
    /// The player is stuck fast in a web or a net, or has just torn free of one.
    pub player_stuck: bool,
    /// It never steps into light (its kind's `Senses::shuns_light`).
    pub shuns_light: bool,
    /// Where it stands, whether it has hands (to open doors), the level, who stands where,
    /// and the light.
    from: Point,
    hands: bool,
    world: &'a World,
    occupied: &'a Crowd,
    shine: Shine<'a>,
}

impl Seen<'_> {
    /// Whether it may step into `p` as far as the ground and the crowd go: open ground or a
    /// door it can open, not the stairs up, flames, the player's cell or another creature's.
    pub fn open(&self, p: Point) -> bool {
        enterable(self.world, self.occupied, self.player, self.hands, p)
    }

    /// True when light falls on `p`, a cell it may step into (`open`).
    pub fn lit(&self, p: Point) -> bool {
        self.open(p) && self.shine.lit(p)
    }

    /// True when light falls on the cell it stands on.
    pub fn lit_here(&self) -> bool {
        self.shine.lit(self.from)
    }

    /// Whether it steps into `p` of its own accord: open (`open`), and out of the light for a
    /// kind that shuns it.
    pub fn free(&self, p: Point) -> bool {
        self.open(p) && !(self.shuns_light && self.shine.lit(p))
    }
}

/// What the creatures perceive by on their turn: the level and who stands where on it
/// (`occupied`), the player's sight (their line of sight, what glows), the player and their
/// torch, and the torch's circle as creatures see it this turn (`shine`: its radius while
/// it burns).
pub(crate) struct Scene<'a> {
    pub world: &'a World,
    pub occupied: &'a Crowd,
    pub sight: &'a Sight,
    pub hero: &'a Hero,
    pub torch: &'a Torch,
    pub shine: Option<i32>,
}

impl<'a> Scene<'a> {
    /// What creature `m`, of a kind that perceives by `senses`, perceives now.
    pub(crate) fn seen_by(&self, m: &Monster, senses: Senses) -> Seen<'a> {
        let player = self.hero.pos;
        Seen {
            player,
            perceives: perceives(self.sight, self.torch, m, senses),
            notice: if m.mind == Mind::Hunting {
                0
            } else {
                self.notice_chance(m, senses)
            },
            torch_lit: self.shine.is_some(),
            player_stuck: self.hero.webbed > 0 || self.hero.struggled,
            shuns_light: senses.shuns_light,
            from: m.pos,
            hands: m.kind.has_hands(),
            world: self.world,
            occupied: self.occupied,
            shine: Shine {
                from: player,
                torch: self.shine,
                world: self.world,
                sight: self.sight,
            },
        }
    }

    /// True when closed doors, and nothing else that stops sight, stand on the line from `p`
    /// to the player: the creature there cannot see the player but can hear them.
    fn behind_door(&self, p: Point) -> bool {
        let line = line(p, self.hero.pos);
        let between = line.get(1..line.len().saturating_sub(1)).unwrap_or(&[]);
        let tile = |q: &Point| self.world.tile(*q);
        between.iter().any(|q| tile(q) == Tile::DoorClosed)
            && between
                .iter()
                .all(|q| tile(q) == Tile::DoorClosed || tile(q).is_transparent())
    }

    /// The chance in 100 that creature `m`, unaware, notices the player this turn: by its
    /// distance, the player's light, and whether the player fought (louder) or rested
    /// (quieter). Through a closed door (`behind_door`) a creature that does not see only by
    /// light hears the player: its chance is divided by `DOOR_MUFFLE`.
    fn notice_chance(&self, m: &Monster, kind: Senses) -> u32 {
        let d = m.pos.chebyshev(self.hero.pos);
        let range = if self.torch.lit() || kind.sees_in_dark {
            NOTICE_LIT_RANGE
        } else {
            NOTICE_DARK_RANGE
        };
        // Out of range first: the line through doors is walked only for a creature near enough.
        if d > range {
            return 0;
        }
        let sees = perceives(self.sight, self.torch, m, kind);
        let heard = !sees && !kind.by_light_only && self.behind_door(m.pos);
        if !(sees || heard) {
            return 0;
        }
        let mut c = if m.mind == Mind::Asleep {
            NOTICE_ASLEEP
        } else {
            NOTICE_AWAKE
        };
        if self.hero.fought {
            c *= 2;
        }
        if self.hero.resting {
            c /= 2;
        }
        if d <= 1 {
            c *= 2;
        }
        if heard {
            c /= DOOR_MUFFLE;
        }
        c.min(100)
    }
}

/// True when creature `m`, of a kind that perceives by `senses`, can perceive the player
/// now: in the player's line of sight (`sight`), and for a kind that sees only by light, only
/// while the torch burns.
pub(crate) fn perceives(sight: &Sight, torch: &Torch, m: &Monster, senses: Senses) -> bool {
    sight.in_sight(m.pos) && (!senses.by_light_only || torch.lit())
}

/// What lights the player's level for the creatures' turn: the torch while it burns (its
/// circle, wherever the straight line from the player is clear, Bresenham's) and glowing
/// fungus.
pub(crate) struct Shine<'a> {
    pub from: Point,
    /// The burning torch's radius; `None` when it is doused or out.
    pub torch: Option<i32>,
    pub world: &'a World,
    pub sight: &'a Sight,
}

impl Shine<'_> {
    /// True when light falls on `p`.
    pub(crate) fn lit(&self, p: Point) -> bool {
        if self.sight.glows(p) {
            return true;
        }
        let Some(r) = self.torch.filter(|_| p.z == self.from.z) else {
            return false;
        };
        let (dx, dy) = (p.x - self.from.x, p.y - self.from.y);
        // The radius first: the line is walked only for a cell the torch can reach.
        if dx * dx + dy * dy > r * r + r {
            return false;
        }
        let path = line(self.from, p);
        path[1..path.len() - 1]
            .iter()
            .all(|&q| self.world.tile(q).is_transparent())
    }
}

/// Whether a creature (with `hands` or not) may step into `p`: open ground, or a closed door
/// it can open; never the stairs up, flames, the player's cell or another creature's.
fn enterable(world: &World, occupied: &Crowd, player: Point, hands: bool, p: Point) -> bool {
    let t = world.tile(p);
    !matches!(t, Tile::StairsUp | Tile::Fire)
        && (t.is_open() || hands && t == Tile::DoorClosed)
        && p != player
        && !occupied.taken(p)
}
