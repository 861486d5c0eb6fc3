//! What the last action sounds like: a short cue for each thing that matters (a blow given or
//! taken, a miss, a creature noticing you, the torch, a door, a trap, fire, picking up, the stairs,
//! death and victory). Cues come from what the rules already say (events and the state before and
//! after), each with its log line, so nothing is told by sound alone. The page synthesizes
//! them; the app only names them.

use crate::rules::{Event, Outcome, State};

/// One sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// The player's blow or missile struck a creature.
    Hit,
    /// The player was struck.
    Hurt,
    /// A blow or a missile missed.
    Miss,
    /// A creature noticed the player.
    Noticed,
    /// The torch went out: doused, or out of fuel.
    TorchOut,
    /// The torch was lit again.
    TorchLit,
    /// The torch's fuel runs low.
    TorchLow,
    /// Something was picked up.
    PickUp,
    /// The player took the stairs.
    Stairs,
    /// A door in view opened or closed.
    Door,
    /// A pressure plate in view was set off.
    Trap,
    /// Flames rose: something set alight.
    Fire,
    /// The run was lost: killed, or out of the caves without the idol.
    Death,
    /// Out of the caves with the idol.
    Victory,
}

impl Cue {
    /// The name the page plays it by.
    pub fn name(self) -> &'static str {
        match self {
            Cue::Hit => "hit",
            Cue::Hurt => "hurt",
            Cue::Miss => "miss",
            Cue::Noticed => "noticed",
            Cue::TorchOut => "torch-out",
            Cue::TorchLit => "torch-lit",
            Cue::TorchLow => "torch-low",
            Cue::PickUp => "pick-up",
            Cue::Stairs => "stairs",
            Cue::Door => "door",
            Cue::Trap => "trap",
            Cue::Fire => "fire",
            Cue::Death => "death",
            Cue::Victory => "victory",
        }
    }
}

/// What of a state a cue compares, taken before an action.
#[derive(Clone, Copy, Debug)]
pub struct Before {
    hp: i32,
    lit: bool,
    low: bool,
    depth: i32,
    carried: usize,
}

impl Before {
    pub fn of(state: &State) -> Before {
        Before {
            hp: state.hp(),
            lit: state.torch_lit(),
            low: state.torch_low(),
            depth: state.player().z,
            carried: state.carried_count(),
        }
    }

    /// The cues of the action that led from `self` to `state`, each once, in a fixed order.
    pub fn cues(&self, state: &State) -> Vec<Cue> {
        let me = state.player();
        let mut cues = Vec::new();
        let mut add = |cue: Cue| {
            if !cues.contains(&cue) {
                cues.push(cue);
            }
        };
        for e in state.events() {
            match e {
                Event::Hit(p) if *p != me => add(Cue::Hit),
                Event::Hit(_) | Event::Attacked { .. } => add(Cue::Hurt),
                Event::Miss(_) => add(Cue::Miss),
                Event::Noticed(_) => add(Cue::Noticed),
                Event::Door(_) => add(Cue::Door),
                Event::Trap(_) => add(Cue::Trap),
                Event::Fire(_) => add(Cue::Fire),
                Event::Flight { .. } => {}
            }
        }
        if state.hp() < self.hp {
            add(Cue::Hurt);
        }
        match (self.lit, state.torch_lit()) {
            (true, false) => add(Cue::TorchOut),
            (false, true) => add(Cue::TorchLit),
            _ if state.torch_lit() && state.torch_low() && !self.low => add(Cue::TorchLow),
            _ => {}
        }
        if state.carried_count() > self.carried {
            add(Cue::PickUp);
        }
        if me.z != self.depth {
            add(Cue::Stairs);
        }
        match state.outcome() {
            Outcome::Won => add(Cue::Victory),
            Outcome::Lost => add(Cue::Death),
            _ => {}
        }
        cues
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kinds::creature::Creature;
    use crate::rules::kinds::item::Item;
    use crate::rules::space::geom::Point;
    use crate::rules::testing::state_on;
    use crate::rules::{Action, Dir};

    /// Two hand-drawn levels; the player starts on the first one's `<`, with `>` to the east.
    fn cave() -> State {
        let one = "
            #########
            #<.>....#
            #.......#
            #########
        ";
        let two = "
            #########
            #..<....#
            #.......#
            #########
        ";
        let mut s = state_on(&[one, two], 7);
        s.clear_monsters();
        s.clear_items();
        s
    }

    fn cues_of(s: &mut State, action: Action) -> Vec<Cue> {
        let before = Before::of(s);
        s.act(action);
        before.cues(s)
    }

    #[test]
    fn the_torch_sounds_when_doused_relit_and_low() {
        let mut s = cave();
        assert_eq!(cues_of(&mut s, Action::Torch), vec![Cue::TorchOut]);
        assert_eq!(cues_of(&mut s, Action::Torch), vec![Cue::TorchLit]);
        s.set_fuel(101);
        assert_eq!(cues_of(&mut s, Action::Wait), vec![Cue::TorchLow]);
        assert_eq!(cues_of(&mut s, Action::Wait), vec![]);
    }

    #[test]
    fn picking_up_the_stairs_and_blows_each_have_a_sound() {
        let mut s = cave();
        let me = s.player();
        s.put_item(Item::Dagger, me);
        assert_eq!(cues_of(&mut s, Action::PickUp), vec![Cue::PickUp]);
        let south = Point::new(me.x, me.y + 1, me.z);
        s.put_monster(Creature::Rat, south);
        let cues = cues_of(&mut s, Action::Move(Dir::S));
        assert!(
            matches!(cues.first(), Some(Cue::Hit | Cue::Miss)),
            "an attack sounds as a hit or a miss: {cues:?}"
        );
        s.clear_monsters();
        assert_eq!(cues_of(&mut s, Action::Move(Dir::E)), vec![]);
        assert_eq!(cues_of(&mut s, Action::Move(Dir::E)), vec![]);
        assert_eq!(cues_of(&mut s, Action::Descend), vec![Cue::Stairs]);
    }
}
