//! Aiming a throw: after choosing what to throw, a cursor picks the target. It starts on the
//! nearest creature in view within reach, or, with none in range, on the player (who is no
//! target: the cursor must be moved first); direction keys move it, Enter, Space or `t`
//! throws, Escape puts the item away. A click or a tap on a cell throws there. The throw
//! itself is one action of the rules (`Action::Throw`), so it replays exactly.

use crate::app::input::Command;
use crate::app::screens::play::mode::{in_reach, Aim, Mode};
use crate::app::App;
use crate::rules::space::geom::Point;
use crate::rules::Action;

/// What the aiming line says (shown and said aloud).
const HOW: &str = "Aim: direction keys move the target, Enter or t throws, Escape cancels.";
const HOW_TOUCH: &str = "Aim: tap the cell to throw at; Menu cancels.";
/// What the aiming line says when no creature is in range to aim at.
const NONE: &str =
    "No creature in range. Aim: direction keys move the target, Enter or t throws, Escape cancels.";
const NONE_TOUCH: &str = "No creature in range. Aim: tap the cell to throw at; Menu cancels.";

impl App {
    /// Starts aiming the thing in pack `slot`, at the nearest creature in view within reach
    /// (else at the player, saying that no creature is in range).
    pub(in crate::app) fn start_aim(&mut self, slot: u8) {
        let Some(state) = self.state() else {
            return;
        };
        let me = state.player();
        let at = state
            .monsters()
            .iter()
            .filter(|m| m.pos.z == me.z && state.sight().lit(m.pos))
            .filter(|m| in_reach(me, m.pos))
            .min_by_key(|m| m.pos.chebyshev(me))
            .map_or(me, |m| m.pos);
        self.play.mode = Mode::Aim(Aim { slot, at });
        let how = match (at == me, self.touch()) {
            (false, false) => HOW,
            (false, true) => HOW_TOUCH,
            (true, false) => NONE,
            (true, true) => NONE_TOUCH,
        };
        self.play.hint = Some(how.into());
        self.announcer.say(how);
    }

    /// The throw being aimed, if any.
    pub fn aim(&self) -> Option<Aim> {
        self.play.mode.aim()
    }

    /// Keys while aiming.
    pub(in crate::app) fn aim_key(&mut self, key: &str, cmd: Option<Command>) -> bool {
        let Mode::Aim(aim) = self.play.mode else {
            return false;
        };
        match cmd {
            Some(Command::Act(Action::Move(d))) => {
                let (dx, dy) = d.delta();
                let me = self.state().map(|s| s.player());
                let next = aim.at.offset(dx, dy);
                if me.is_some_and(|me| in_reach(me, next)) {
                    self.play.mode = Mode::Aim(Aim { at: next, ..aim });
                }
            }
            // Enter, Space, `t` again, or a gamepad's A (wait) throw.
            Some(
                Command::Confirm
                | Command::Act(Action::Wait)
                | Command::Inventory(crate::app::pick::Pick::Throw),
            ) => self.throw_at(aim.at),
            Some(Command::Back) => {
                self.play.mode = Mode::Normal;
                self.play.hint = Some("You put it away.".into());
            }
            _ => return !key.is_empty() && cmd.is_some(),
        }
        true
    }

    /// Throws the aimed thing at `at`, if it is within reach and not the player's own cell
    /// (else says so).
    pub(in crate::app) fn throw_at(&mut self, at: Point) {
        let (Mode::Aim(aim), Some(me)) = (self.play.mode, self.state().map(|s| s.player())) else {
            return;
        };
        if at == me {
            let here = if self.touch() {
                "Tap another cell: a throw cannot land at your own feet."
            } else {
                "Move the target first: a throw cannot land at your own feet."
            };
            self.play.hint = Some(here.into());
            self.announcer.say(here);
            return;
        }
        let action = Action::throw(aim.slot, at.x - me.x, at.y - me.y).filter(|_| at.z == me.z);
        match action {
            Some(a) => {
                self.play.mode = Mode::Normal;
                self.play.hint = None;
                self.act(a);
            }
            None => {
                const FAR: &str = "That is out of reach: a throw goes at most 7 cells.";
                self.play.hint = Some(FAR.into());
                self.announcer.say(FAR);
            }
        }
    }
}
