//! The nearest stair not yet taken towards a place: what a player who knows no way to a
//! place can try next. A stair is not yet taken while the player does not know where it
//! leads (the cell it leads to is not remembered); it goes towards a place when it leads
//! nearer the place's level (down to a deeper place, up to a higher one), or either way for
//! a place on its own level, as reaching another area of a level means leaving it. The way
//! out of the caves is never one: it ends the run.

use crate::autopilot::routes::{route, stair_link, Route};
use crate::game::state::State;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;

/// True when `p` holds stairs the player has seen, whose other end the player does not know,
/// that lead towards level `z`.
pub fn untaken_towards(state: &State, p: Point, z: i32) -> bool {
    let (world, sight) = (state.world(), state.sight());
    let towards = match world.tile(p) {
        Tile::StairsDown => z >= p.z,
        Tile::StairsUp => z <= p.z && p.z > 0,
        _ => false,
    };
    towards && sight.remembers(p) && stair_link(state, p).is_none()
}

/// The shortest known route to the nearest stair not yet taken towards `to` (see the module
/// notes), ending on the stair; `None` when the player knows of none it can reach.
pub fn nearest_untaken(state: &State, to: Point) -> Option<Route> {
    route(state, |p, _| untaken_towards(state, p, to.z))
}
