//! What the game's own buttons would do now. A tap-only player plays the caves with them:
//! explore, onward, the way out, the nearest stairs down or up, going down or up the
//! stairs underfoot, wait, rest, and a hit on a creature in view beside the player. Any two
//! players who press the same buttons play the same game, so a stretch of a run made of
//! such actions is anyone's: it shows nothing of the player's own choices.

use crate::autopilot::travel::{next_step, Goal};
use crate::game::action::Action;
use crate::game::state::State;
use crate::kinds::tile::Tile;

/// The journeys a button starts, the cheapest to follow first. The way out is weighed only
/// once the idol is carried (before, its button leads up the stairs, as the stairs up do).
const GOALS: [Goal; 4] = [
    Goal::Explore,
    Goal::StairsDown,
    Goal::StairsUp,
    Goal::Onward,
];

/// Whether pressing one of the game's buttons in `state` takes `action`.
pub fn by_buttons(state: &State, action: Action) -> bool {
    let here = state.player();
    let journey = |action| {
        GOALS.iter().any(|&g| next_step(state, g) == Some(action))
            || (state.carrying_idol() && next_step(state, Goal::WayOut) == Some(action))
    };
    match action {
        Action::Wait | Action::Rest => true,
        Action::Descend => state.world().tile(here) == Tile::StairsDown,
        Action::Ascend => state.world().tile(here) == Tile::StairsUp,
        Action::Move(d) => {
            let (dx, dy) = d.delta();
            let to = here.offset(dx, dy);
            if state.sight().lit(to) && state.monster_at(to).is_some() {
                return true;
            }
            // Journeys step only onto open cells the player remembers.
            let open = state.sight().remembers(to) && state.world().tile(to).is_passable();
            open && journey(action)
        }
        Action::PickUp => next_step(state, Goal::Explore) == Some(action),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::action::Dir;
    use crate::game::state::State;
    use crate::kinds::creature::Creature;
    use crate::testing::state_on;

    /// A corridor: `<` where the player starts, and far to the east, out of the torch's
    /// reach, what is left to explore.
    fn corridor(row: &str) -> State {
        let wall = "#".repeat(row.len());
        state_on(&[&format!("{wall}\n{row}\n{wall}")], 1)
    }

    #[test]
    fn exploring_and_the_stairs_are_the_buttons_and_a_step_aside_is_not() {
        let state = corridor("#>...<..............................#");
        assert_eq!(next_step(&state, Goal::Explore), Some(Action::Move(Dir::E)));
        assert!(by_buttons(&state, Action::Move(Dir::E)), "exploring");
        assert!(
            by_buttons(&state, Action::Move(Dir::W)),
            "to the stairs down"
        );
        assert!(by_buttons(&state, Action::Wait) && by_buttons(&state, Action::Rest));
        assert!(
            by_buttons(&state, Action::Ascend),
            "up the stairs underfoot"
        );
        assert!(
            !by_buttons(&state, Action::Descend),
            "no stairs down underfoot"
        );
        assert!(!by_buttons(&state, Action::Move(Dir::N)), "into the wall");
        assert!(!by_buttons(&state, Action::Torch));
        assert!(!by_buttons(&state, Action::PickUp), "nothing underfoot");
    }

    #[test]
    fn a_hit_on_a_creature_beside_the_player_is_the_buttons() {
        let mut state = corridor("#.<..............................#");
        assert!(!by_buttons(&state, Action::Move(Dir::W)), "a step back");
        state.put_monster(Creature::Rat, state.player().offset(-1, 0));
        assert!(by_buttons(&state, Action::Move(Dir::W)), "a hit");
    }
}
