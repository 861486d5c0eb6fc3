//! Words for a screen reader: a short description of the surroundings, asked for by a key
//! (where you are, the ways on, the doors close by, the stairs you know of, and the creatures
//! in view with their direction and distance, what they are about and how hurt they are).

use crate::rules::game::log::a as article;
use crate::rules::kinds::tile::Tile;
use crate::rules::space::geom::Point;
use crate::rules::{Dir, State};
use std::fmt::Write;

/// Doors within this many steps are told.
const DOOR_NEAR: i32 = 5;

/// "3 steps north-east" from `from` to `to` on one level.
fn whereabouts(from: Point, to: Point) -> String {
    let steps = from.chebyshev(to);
    let dir = Dir::towards(to.x - from.x, to.y - from.y).map_or("here", Dir::name);
    let unit = if steps == 1 { "step" } else { "steps" };
    format!("{steps} {unit} {dir}")
}

/// A short description of the player's surroundings: its sentences written one after
/// another into one string. (`write!` into a `String` cannot fail.)
pub fn surroundings(state: &State) -> String {
    let p = state.player();
    let world = state.world();
    let mut text = format!(
        "Level {} of {}, turn {}, {} of {} hit points. You stand on {}.",
        p.z + 1,
        world.depth(),
        state.turn(),
        crate::app::draw::panels::hp_shown(state),
        state.max_hp(),
        world.tile(p).name()
    );
    let mut open = false;
    for d in Dir::ALL {
        let (dx, dy) = d.delta();
        if world.tile(p.offset(dx, dy)).is_open() {
            text.push_str(if open { ", " } else { " Open: " });
            text.push_str(d.name());
            open = true;
        }
    }
    text.push_str(if open { "." } else { " No way on." });
    // Doors, plates found and flames close by, so a player who cannot see the map knows to
    // walk into a door or to close it, and to step round a plate or a fire.
    for (what, kind) in [
        ("Doors", Tile::is_door as fn(Tile) -> bool),
        ("Traps", |t: Tile| t.trap().is_some() && !t.is_hidden()),
        ("Fire", |t: Tile| t == Tile::Fire),
    ] {
        let mut near = String::new();
        for (q, t) in world.points(p.z) {
            if kind(t) && q.chebyshev(p) <= DOOR_NEAR && state.sight().remembers(q) {
                let sep = if near.is_empty() { "" } else { "; " };
                let _ = write!(near, "{sep}{} {}", article(t.name()), whereabouts(p, q));
            }
        }
        if !near.is_empty() {
            let _ = write!(text, " {what}: {near}.");
        }
    }
    let _ = write!(text, " {}.", crate::app::draw::panels::torch_line(state).0);
    for (tile, what) in [
        (Tile::StairsDown, "Stairs down"),
        (Tile::StairsUp, "Stairs up"),
    ] {
        let nearest = world
            .points_of(p.z, tile)
            .into_iter()
            .filter(|&q| state.sight().remembers(q))
            .min_by_key(|q| q.chebyshev(p));
        if let Some(q) = nearest {
            let _ = write!(text, " {what}: {}.", whereabouts(p, q));
        }
    }
    // The idol's way is told on its own level only: steps and directions do not cross levels.
    match state.idol().filter(|&i| state.sight().remembers(i)) {
        Some(idol) if idol.z == p.z => {
            let _ = write!(text, " The idol: {}.", whereabouts(p, idol));
        }
        Some(idol) => {
            let way = if idol.z > p.z { "deeper" } else { "higher" };
            let _ = write!(text, " The idol lies {way}, on level {}.", idol.z + 1);
        }
        None => {}
    }
    let mut seen = String::new();
    for m in state.monsters() {
        if m.pos.z == p.z && state.sight().lit(m.pos) {
            let sep = if seen.is_empty() { "" } else { "; " };
            let at = whereabouts(p, m.pos);
            let about = crate::app::draw::panels::bearing(m);
            let _ = write!(seen, "{sep}{} {at}, {about}", article(m.name()));
        }
    }
    if seen.is_empty() {
        text.push_str(" No creatures in view.");
    } else {
        let _ = write!(text, " In view: {seen}.");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kinds::creature::Creature;
    use crate::rules::testing::state_on;

    #[test]
    fn the_description_names_ways_stairs_and_creatures_with_directions() {
        let mut state = state_on(&["#######\n#<...>#\n#.....#\n###+###"], 2);
        state.put_monster(Creature::Goblin, Point::new(4, 2, 0));
        let text = surroundings(&state);
        assert!(
            text.starts_with("Level 1 of 1, turn 0, 30 of 30 hit points."),
            "{text}"
        );
        assert!(text.contains("You stand on stairs up."), "{text}");
        assert!(text.contains("Torch 1200 (light 7)."), "{text}");
        assert!(text.contains("Open: east, south-east, south."), "{text}");
        assert!(text.contains("Stairs down: 4 steps east."), "{text}");
        assert!(
            text.contains("Doors: a closed door 2 steps south-east."),
            "{text}"
        );
        assert!(
            text.contains("In view: a goblin 3 steps south-east, hunting, unhurt."),
            "{text}"
        );
    }
}
