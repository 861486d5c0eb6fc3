//! The torch's fuel as the autopilot weighs it before exploring a level further. Exploring
//! burns a turn of fuel a step, and the run still has to cross the levels down to the idol
//! and back up and out. When exploring the rest of this level would leave less fuel than
//! that crossing needs, and there is a known way on without exploring, the autopilot says
//! so and stops ([`shortfall`]); the player chooses whether to explore on.
//!
//! Both sides are estimates from what the player knows:
//! - exploring the rest of the level burns about a turn for every [`CELLS_PER_TURN`] cells of
//!   it not yet seen (measured over the autopilot's own exploring: levels the whole of which
//!   took it a median of 780 turns);
//! - the run needs [`FUEL_PER_LEVEL`] for every level it still has to cross: each level
//!   below on the way down, then every level on the way back up (with the idol, only those
//!   up to the way out).

use crate::autopilot::routes;
use crate::game::state::State;
use std::fmt;

/// Exploring burns a turn of fuel for about this many cells of a level not yet seen.
pub const CELLS_PER_TURN: i32 = 10;
/// The fuel kept back for every level the run still has to cross.
pub const FUEL_PER_LEVEL: i32 = 60;

/// Exploring on would leave less fuel than the run needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortfall {
    /// About what exploring the rest of the level would burn.
    pub burn: i32,
    /// The fuel in the torch.
    pub fuel: i32,
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
        write!(
            f,
            "Exploring on would burn about {} of your {} fuel, and {way} needs about {}",
            self.burn, self.fuel, self.need
        )
    }
}

/// The shortfall exploring this level further would bring, if any: `None` while the torch
/// has fuel to spare for it, when no fuel burns (the torch out), or when exploring is the
/// only way on (no known stairs lead on, nor a route to the idol seen or out with it; on
/// the last level, until the idol is seen).
pub fn shortfall(state: &State) -> Option<Shortfall> {
    let fuel = state.fuel();
    if !state.torch_lit() {
        return None;
    }
    let here = state.player();
    let depth = state.world().depth();
    let idol = state.carrying_idol();
    let levels = if idol {
        here.z + 1
    } else {
        (depth - 1 - here.z) + depth
    };
    let need = FUEL_PER_LEVEL * levels;
    let sight = state.sight();
    let unseen = state
        .world()
        .points(here.z)
        .filter(|&(p, _)| !sight.remembers(p))
        .count() as i32;
    // Rounded to tens: an estimate, and said as one.
    let burn = (unseen / CELLS_PER_TURN + 5) / 10 * 10;
    if burn == 0 || fuel - burn >= need || !way_on(state) {
        return None;
    }
    Some(Shortfall {
        burn,
        fuel,
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
