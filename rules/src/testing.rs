//! A random action of every kind, for the property tests of every crate, and a run on the
//! levels of an ASCII map (behind the `scenes` feature, like the setters that build a scene
//! by hand).
//!
//! Its `match` names every kind of `Action` with no catch-all: a new kind of action does not
//! compile until it is drawn here too, so no property test can leave it out.

use crate::game::action::{Action, Dir};
use crate::game::state::State;
use crate::kinds::tile::Tile;
use crate::space::world::World;
use rand::Rng;

/// A run from `seed` on the levels of `levels` (`World::from_text`: the tests' ASCII maps),
/// its creatures and items placed as the seed places them. Panics on a map that is no world.
pub fn state_on(levels: &[&str], seed: u64) -> State {
    let world = World::from_text(levels).expect("a fixture of valid levels");
    State::in_world(world, seed).expect("a fixture with floor to start on")
}

/// One action of each kind, with how often it is drawn (a step often, a throw twice as often
/// as the rest); its operands are drawn afresh.
const KINDS: [(Action, u32); 13] = [
    (Action::Move(Dir::N), 5),
    (Action::Wait, 1),
    (Action::Descend, 1),
    (Action::Ascend, 1),
    (Action::Rest, 1),
    (Action::PickUp, 1),
    (Action::Drop(0), 1),
    (Action::Use(0), 1),
    (Action::Equip(0), 1),
    (Action::Torch, 1),
    (
        Action::Throw {
            slot: 0,
            dx: 1,
            dy: 0,
        },
        2,
    ),
    (Action::CloseDoors, 1),
    (Action::Kindle(Dir::N), 1),
];

/// Any action at all in `s`, item slots empty or not, aims near or far. The stairs and the
/// things underfoot are taken often enough to go up and down a lot and to carry everything.
pub fn any_action<R: Rng + ?Sized>(s: &State, rng: &mut R) -> Action {
    match s.world().tile(s.player()) {
        Tile::StairsDown if rng.random_bool(0.4) => return Action::Descend,
        Tile::StairsUp if s.player().z > 0 && rng.random_bool(0.5) => return Action::Ascend,
        _ => {}
    }
    if s.item_at(s.player()).is_some() && rng.random_bool(0.5) {
        return Action::PickUp;
    }
    let mut pick = rng.random_range(0..KINDS.iter().map(|k| k.1).sum::<u32>());
    let mut kind = Action::Wait;
    for (k, weight) in KINDS {
        if pick < weight {
            kind = k;
            break;
        }
        pick -= weight;
    }
    let slot = rng.random_range(0..=s.carried().len() as u32) as u8;
    let dir = Dir::ALL[rng.random_range(0..8usize)];
    match kind {
        Action::Move(_) => Action::Move(dir),
        Action::Drop(_) => Action::Drop(slot),
        Action::Use(_) => Action::Use(slot),
        Action::Equip(_) => Action::Equip(slot),
        Action::Throw { .. } => Action::Throw {
            slot,
            dx: rng.random_range(-3..=3i32) as i8,
            dy: rng.random_range(-3..=3i32) as i8,
        },
        Action::Kindle(_) => Action::Kindle(dir),
        Action::Wait
        | Action::Descend
        | Action::Ascend
        | Action::Rest
        | Action::PickUp
        | Action::Torch
        | Action::CloseDoors => kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::discriminant;

    /// Every kind of action a record can hold is one `any_action` draws.
    #[test]
    fn every_kind_of_action_is_drawn() {
        let kinds: Vec<_> = KINDS.iter().map(|k| discriminant(&k.0)).collect();
        for code in 0..=u8::MAX {
            let operands = vec![0; Action::operand_count(code)];
            if let Some(a) = Action::from_parts(code, &operands) {
                assert!(kinds.contains(&discriminant(&a)), "{a:?} is never drawn");
            }
        }
    }
}
