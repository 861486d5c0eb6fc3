//! The torch's fuel as the autopilot weighs it before exploring a level further. Exploring
//! burns a turn of fuel a step, and the run still has to cross the levels down to the idol
//! and back up and out. A careful player keeps that crossing's fuel back: when the fuel has
//! come down to what the crossing needs, something is still left to explore here, and a
//! way on is known without exploring, the autopilot says so, with what exploring the rest
//! of the level would burn, and stops ([`shortfall`]); the player chooses whether to
//! explore on.
//!
//! The fuel counts the oil carried as well as the torch's. Both sides are estimates from
//! what the player knows:
//! - the run needs [`FUEL_PER_LEVEL`] for every level it still has to cross: each level
//!   below on the way down, then every level on the way back up (with the idol, only those
//!   up to the way out);
//! - exploring the rest of the level burns about a turn for every [`CELLS_PER_TURN`] cells of
//!   it not yet seen (the autopilot's own exploring burned a median of 780 turns on a whole
//!   first level of 6,000 cells).
//!
//! Measured with the autopilot bot over 500 seeds: exploring every level whole, and never
//! pouring oil, its torch burned out in 314 runs, most on level 2; heeding this rule, and
//! pouring the oil it carries when the torch gutters, in 34 (it won 10 games, not 1). Reserves of 60, 80 and 100 a level,
//! before the oil carried was counted, left its torch burned out in 55, 22 and 8 runs; at
//! 100 it leaves the first level after 100 turns of exploring, at 80 after about 320.
//! Stopping instead as soon as exploring the whole rest of the level would eat into the
//! reserve left nothing to explore on any level.

use crate::autopilot::routes;
use crate::autopilot::travel::explore_target;
use crate::game::state::State;
use crate::kinds::entry::Effect;
use std::fmt;

/// Exploring burns a turn of fuel for about this many cells of a level not yet seen.
pub const CELLS_PER_TURN: i32 = 10;
/// The fuel kept back for every level the run still has to cross.
pub const FUEL_PER_LEVEL: i32 = 80;

/// The fuel has come down to what the run needs, and exploring on would burn more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortfall {
    /// About what exploring the rest of the level would burn.
    pub burn: i32,
    /// The fuel in the torch and in the oil carried.
    pub fuel: i32,
    /// Of that, the fuel in the oil carried.
    pub oil: i32,
    /// About what the crossing still to come needs.
    pub need: i32,
    /// The idol is carried: the crossing is the way out.
    pub idol: bool,
}

impl fmt::Display for Shortfall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let way = if self.idol {
            "the way out"
        } else {
            "the way to the idol and back"
        };
        let oil = if self.oil > 0 {
            " (with the oil you carry)"
        } else {
            ""
        };
        write!(
            f,
            "Exploring on would burn about {} of your {} fuel{oil}, and {way} needs about {}",
            self.burn, self.fuel, self.need
        )
    }
}

/// The fuel the run needs and what exploring on would burn, once the fuel has come down to
/// what the run needs; `None` while the torch has fuel to spare, when no fuel burns (the
/// torch out), when nothing is left to explore here, or when exploring is the only way on
/// (no known stairs lead on, nor a route to the idol seen or out with it; on the last
/// level, until the idol is seen).
pub fn shortfall(state: &State) -> Option<Shortfall> {
    if !state.torch_lit() {
        return None;
    }
    let mut oil = 0;
    for t in state.carried() {
        if let (true, Effect::Fuel(n)) = (state.knows(t.kind), t.kind.effect()) {
            oil += n;
        }
    }
    let fuel = state.fuel() + oil;
    let here = state.player();
    let depth = state.world().depth();
    let idol = state.carrying_idol();
    let levels = if idol {
        here.z + 1
    } else {
        (depth - 1 - here.z) + depth
    };
    let need = FUEL_PER_LEVEL * levels;
    if fuel >= need {
        return None;
    }
    let sight = state.sight();
    let unseen = state
        .world()
        .points(here.z)
        .filter(|&(p, _)| !sight.remembers(p))
        .count() as i32;
    // Rounded to tens: an estimate, and said as one.
    let burn = (unseen / CELLS_PER_TURN + 5) / 10 * 10;
    if burn == 0 || !way_on(state) || explore_target(state).is_none() {
        return None;
    }
    Some(Shortfall {
        burn,
        fuel,
        oil,
        need,
        idol,
    })
}

/// True when the player knows a way on that needs no more exploring here: out, carrying the
/// idol; to the idol, once seen; else down, or to what is left to explore beyond stairs.
fn way_on(state: &State) -> bool {
    if state.carrying_idol() {
        return routes::way_out(state).is_some();
    }
    if let Some(idol) = state.idol().filter(|&p| state.sight().remembers(p)) {
        return routes::route_to(state, idol).is_some();
    }
    // On the last level, exploring is how the idol is found.
    let last = state.player().z + 1 >= state.world().depth();
    !last && routes::onward(state).is_some()
}
