//! Scenes for the rules' tests: runs on hand-drawn levels, played through actions.

use caves::rules::kinds::item::Item;
use caves::rules::space::geom::Point;
use caves::rules::space::world::World;
use caves::rules::{Action, State};

/// A small cave with an altar at `ALTAR` (its offerings lie west, north and east of it) and
/// the way out at (1, 1), where the player starts.
// Each test crate compiles this module for itself, and not every one has an altar.
#[allow(dead_code)]
pub const ALTAR_CAVE: &str = "
    #########
    #<......#
    #..._...#
    #.......#
    #########";

/// Where the altar of `ALTAR_CAVE` stands.
#[allow(dead_code)]
pub const ALTAR: Point = Point::new(4, 2, 0);

/// A run on hand-drawn levels with no creatures and no items but those a test puts there.
/// The player starts on the `<` of the first level.
pub fn scene(levels: &[&str], seed: u64) -> State {
    let world = World::from_text(levels).expect("valid fixture");
    let mut state = State::in_world(world, seed).expect("the fixture has floor");
    state.clear_monsters();
    state.clear_items();
    state
}

/// Whether a log line holds `text`.
// Each test crate compiles this module for itself, and the bots' scenes read no log.
#[allow(dead_code)]
pub fn logged(state: &State, text: &str) -> bool {
    state.log().entries().iter().any(|e| e.text.contains(text))
}

/// The player waits `turns` turns.
// Each test crate compiles this module for itself, and not every one waits.
#[allow(dead_code)]
pub fn wait(state: &mut State, turns: u32) {
    for _ in 0..turns {
        state.act(Action::Wait);
    }
}

/// Picks up an item of `kind` put where the player stands: the pack slot it went to.
#[allow(dead_code)]
pub fn carry(state: &mut State, kind: Item) -> u8 {
    state.put_item(kind, state.player());
    assert!(state.act(Action::PickUp), "{kind:?} picked up");
    state
        .carried()
        .iter()
        .position(|t| t.kind == kind)
        .expect("carried") as u8
}
