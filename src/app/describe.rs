//! Words for a screen reader: a short description of the surroundings, asked for by a key
//! (where you are, the ways on, the doors close by, the stairs you know of, and the creatures
//! in view with their direction and distance).

use crate::rules::kinds::tile::Tile;
use crate::rules::space::geom::Point;
use crate::rules::{Dir, State};

/// Doors within this many steps are told.
const DOOR_NEAR: i32 = 5;

/// "a goblin", "an orc".
fn article(name: &str) -> String {
    let vowel = name.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// "3 steps north-east" from `from` to `to` on one level.
fn whereabouts(from: Point, to: Point) -> String {
    let steps = from.chebyshev(to);
    let dir = Dir::towards(to.x - from.x, to.y - from.y).map_or("here", Dir::name);
    let unit = if steps == 1 { "step" } else { "steps" };
    format!("{steps} {unit} {dir}")
}

/// A short description of the player's surroundings.
pub fn surroundings(state: &State) -> String {
    let p = state.player();
    let world = state.world();
    let mut parts = vec![format!(
        "Level {} of {}, turn {}, {} of {} hit points. You stand on {}.",
        p.z + 1,
        world.depth(),
        state.turn(),
        state.hp(),
        state.max_hp(),
        world.tile(p).name()
    )];
    let mut ways = String::new();
    for d in Dir::ALL {
        let (dx, dy) = d.delta();
        if world.tile(p.offset(dx, dy)).is_open() {
            ways.push_str(if ways.is_empty() { "Open: " } else { ", " });
            ways.push_str(d.name());
        }
    }
    parts.push(if ways.is_empty() {
        "No way on.".into()
    } else {
        ways + "."
    });
    // Doors, plates found, flames and fuel close by, so a player who cannot see the map knows
    // to walk into a door or to close it, to step round a plate or a fire.
    for (what, kind) in [
        ("Doors", Tile::is_door as fn(Tile) -> bool),
        ("Traps", |t: Tile| t.trap().is_some() && !t.is_hidden()),
        ("Fire", |t: Tile| t == Tile::Fire),
    ] {
        let near: Vec<String> = world
            .points(p.z)
            .filter(|&(q, t)| kind(t) && q.chebyshev(p) <= DOOR_NEAR && state.sight().remembers(q))
            .map(|(q, t)| format!("{} {}", article(t.name()), whereabouts(p, q)))
            .collect();
        if !near.is_empty() {
            parts.push(format!("{what}: {}.", near.join("; ")));
        }
    }
    parts.push(crate::app::draw::panels::torch_line(state).0 + ".");
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
            parts.push(format!("{what}: {}.", whereabouts(p, q)));
        }
    }
    // The idol's way is told on its own level only: steps and directions do not cross levels.
    match state.idol().filter(|&i| state.sight().remembers(i)) {
        Some(idol) if idol.z == p.z => parts.push(format!("The idol: {}.", whereabouts(p, idol))),
        Some(idol) => {
            let way = if idol.z > p.z { "deeper" } else { "higher" };
            parts.push(format!("The idol lies {way}, on level {}.", idol.z + 1));
        }
        None => {}
    }
    let seen: Vec<String> = state
        .monsters()
        .iter()
        .filter(|m| m.pos.z == p.z && state.sight().lit(m.pos))
        .map(|m| {
            let at = whereabouts(p, m.pos);
            format!("{} {at}, {}", article(m.name()), m.mind.name())
        })
        .collect();
    parts.push(if seen.is_empty() {
        "No creatures in view.".into()
    } else {
        format!("In view: {}.", seen.join("; "))
    });
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kinds::creature::Creature;
    use crate::rules::space::world::World;

    #[test]
    fn the_description_names_ways_stairs_and_creatures_with_directions() {
        let world = World::from_text(&["#######\n#<...>#\n#.....#\n###+###"]).expect("fixture");
        let mut state = State::in_world(world, 2).expect("floor");
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
            text.contains("In view: a goblin 3 steps south-east, hunting."),
            "{text}"
        );
    }
}
