//! The play screen's own state (`Play`): its sub-mode, one at a time (looking, aiming a throw,
//! the question before leaving, a journey under way). Being in two sub-modes at once cannot be
//! written, and leaving one leaves everything it held behind.

use crate::rules::autopilot::travel::Goal;
use crate::rules::balance::THROW_RANGE;
use crate::rules::space::geom::Point;

/// What the play screen is doing besides waiting for an action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Keys are actions.
    #[default]
    Normal,
    /// Look mode: a cursor over the map.
    Look(Look),
    /// A throw being aimed.
    Aim(Aim),
    /// The torch held out: a direction, or a tap beside the player, sets that cell alight.
    Kindle,
    /// The game asks whether to leave the caves without the idol (a first `<` or tap on the
    /// way out): a second one, or `y`, leaves; anything else stays.
    Leaving,
    /// The player travels, a step per clock tick.
    Journey(Journey),
    /// The player knows no way to a place, and the game offers the nearest stair not yet
    /// taken towards it: Enter (a gamepad's A) travels there; any other key goes on as usual.
    Offer(Point),
}

/// Look mode's cursor, and the place the view follows while the cursor has gone past what
/// the player's own view shows (`None`: the view follows the player).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub at: Point,
    pub view: Option<Point>,
}

/// A throw being aimed: the pack slot of the thing, and the cell aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aim {
    pub slot: u8,
    pub at: Point,
}

/// A journey under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Journey {
    pub goal: Goal,
    /// Milliseconds of clock not yet spent on a step.
    pub(super) carry: u32,
    /// True once it has taken its first action.
    pub(super) under_way: bool,
}

impl Mode {
    /// The look cursor, in look mode.
    pub fn look(&self) -> Option<Point> {
        match self {
            Mode::Look(l) => Some(l.at),
            _ => None,
        }
    }

    /// The throw being aimed, if any.
    pub fn aim(&self) -> Option<Aim> {
        match self {
            Mode::Aim(a) => Some(*a),
            _ => None,
        }
    }

    /// The journey under way, if any.
    pub fn journey(&self) -> Option<Journey> {
        match self {
            Mode::Journey(j) => Some(*j),
            _ => None,
        }
    }

    /// The journey under way, to change it.
    pub fn journey_mut(&mut self) -> Option<&mut Journey> {
        match self {
            Mode::Journey(j) => Some(j),
            _ => None,
        }
    }

    /// Ends mode `self` if `ends` says so; true when it did.
    pub fn end_if(&mut self, ends: impl Fn(&Mode) -> bool) -> bool {
        let ended = ends(self);
        if ended {
            *self = Mode::Normal;
        }
        ended
    }
}

/// The play screen's state.
#[derive(Debug, Default)]
pub struct Play {
    /// What play is doing besides waiting for an action: one sub-mode at a time.
    pub mode: Mode,
    /// The goal of the journey that stopped short of it, which Enter (a tap on the log, a
    /// gamepad's Start) sets out for again.
    pub resume: Option<Goal>,
    /// The level and the fuel at which exploring last stopped to say that it would burn
    /// fuel the run needs: exploring on from there is the player's choice, said again only
    /// on another level or once `FUEL_ASKED_AGAIN` more has burned.
    pub(super) fuel_asked: Option<(i32, i32)>,
}

/// True when `to` is a cell a throw from `from` can aim at.
pub fn in_reach(from: Point, to: Point) -> bool {
    to != from
        && to.z == from.z
        && (to.x - from.x).abs() <= THROW_RANGE
        && (to.y - from.y).abs() <= THROW_RANGE
}
