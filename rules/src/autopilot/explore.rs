//! What exploring goes to, as a careful player explores: the nearest place worth going,
//! which is either a place left to explore (a known cell at the edge of the unknown,
//! `is_frontier`) or an item seen lying on the level (`fetch_cells`), fetched on the way as
//! DCSS's exploring does, so no item in view is left behind for a trip back. What lies
//! underfoot is picked up first (`pick_up_here`). Travel's search walks there.
//!
//! Some things are never the autopilot's to take: an offering beside a warm altar (taking
//! one is the altar's choice, and the player's), what the player set down, and the idol
//! (taking it wakes the level). Nor does it fetch what the pack has no room for.

use crate::game::action::Action;
use crate::game::parts::Place;
use crate::game::state::State;
use crate::kinds::item::Item;
use crate::space::geom::Point;

/// The cells of the player's level whose top item exploring fetches: items seen (on cells
/// the player remembers) that are neither an altar's offering, nor set down by the player,
/// nor the idol, lie where exploring may walk, and fit in the pack (a new slot, or a stack
/// the item joins).
pub fn fetch_cells(state: &State) -> Vec<Point> {
    let mut cells = Vec::new();
    let z = state.player().z;
    // From the top down: the last thing listed on a cell lies on top (as `item_at` answers).
    let mut tops = Vec::new();
    for t in state.items().iter().rev() {
        let Place::Floor(p) = t.place else { continue };
        if p.z != z || tops.contains(&p) {
            continue;
        }
        tops.push(p);
        let wanted = t.kind != Item::Idol
            && !t.dropped
            && state.has_room_for(t.kind)
            && state.sight().remembers(p);
        if wanted && state.warm_altar_beside(p).is_none() && safe(state, p) {
            cells.push(p);
        }
    }
    cells
}

/// A cell exploring may walk onto: no lit creature stands there (walking into it would
/// attack), and no plate seen or flames.
fn safe(state: &State, p: Point) -> bool {
    !(state.sight().lit(p) && state.monster_at(p).is_some()) && state.world().tile(p).is_walkway()
}

/// Picking up the item the player stands on, when exploring would fetch it (see
/// [`fetch_cells`]).
pub fn pick_up_here(state: &State) -> Option<Action> {
    let here = state.player();
    state.item_at(here)?;
    fetch_cells(state).contains(&here).then_some(Action::PickUp)
}

/// A remembered cell next to a cell of the world never seen, or one that only a map showed
/// (never seen by the player's own light), with no lit creature on it, and safe to stand on:
/// a plate seen or flames at the edge of the known are no place to explore from.
pub fn is_frontier(state: &State, p: Point) -> bool {
    crate::autopilot::routes::unexplored(state, p) && safe(state, p)
}
