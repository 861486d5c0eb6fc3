//! `State::act`: the one way a game changes, and where turns pass.

use crate::game::action::Action;
use crate::game::parts::Spent;
use crate::game::state::State;

impl State {
    /// Applies one action. Returns true when it was taken (the state changed), false when the
    /// run is over and nothing happened. Bumping into a wall is taken: it takes no turn but
    /// says so in the log.
    pub fn act(&mut self, action: Action) -> bool {
        self.take(action).is_some()
    }

    /// Applies one action (see `act`) and answers how many turns it took, `None` when the run
    /// is over. This is the one place turns pass: the action's handler does what the player
    /// does and says what that took (`Spent`); then each turn is counted and followed by
    /// what comes after it, the creatures' answer and the rest (or the way out) going on.
    pub(crate) fn take(&mut self, action: Action) -> Option<u32> {
        if !self.playing() {
            return None;
        }
        self.events.clear();
        let mut spent = match action {
            Action::Move(d) => {
                let (dx, dy) = d.delta();
                self.step(dx, dy)
            }
            // Stuck in a web or a net, waiting is struggling free.
            Action::Wait if self.hero.webbed > 0 => self.struggle(),
            Action::Wait => {
                self.log.add("You wait.");
                self.search();
                Spent::Turn
            }
            Action::Descend => self.climb(1),
            Action::Ascend => self.climb(-1),
            Action::Rest => self.rest(),
            Action::PickUp => self.pick_up(),
            Action::Drop(slot) => self.drop_item(slot.into()),
            Action::Use(slot) => self.use_item(slot.into()),
            Action::Equip(slot) => self.equip(slot.into()),
            Action::Torch => self.toggle_torch(),
            Action::Throw { slot, dx, dy } => self.throw(slot.into(), dx.into(), dy.into()),
            Action::CloseDoors => self.close_doors(),
            Action::Kindle(d) => self.kindle(d),
        };
        let mut turns = 0;
        while spent != Spent::Nothing {
            self.clock.tick();
            turns += 1;
            spent = match spent {
                Spent::Turn => {
                    self.end_turn();
                    Spent::Nothing
                }
                Spent::Rest => {
                    self.hero.resting = true;
                    // A rest is waiting turn after turn: stuck fast, each turn struggles.
                    if self.hero.webbed > 0 {
                        self.struggle();
                    }
                    self.search();
                    self.end_turn();
                    self.hero.resting = false;
                    self.rest_on(turns)
                }
                Spent::Out => {
                    self.leave();
                    Spent::Nothing
                }
                Spent::Nothing => Spent::Nothing,
            };
        }
        Some(turns)
    }
}
