//! Aiming a throw: after choosing what to throw, a cursor picks the target. It starts on the
//! nearest creature in view within reach, or, with none in range, on the player (who is no
//! target: the cursor must be moved first); direction keys move it, Enter, Space or `t`
//! throws, Escape puts the item away. A click or a tap on a cell throws there. The throw
//! itself is one action of the rules (`Action::Throw`), so it replays exactly.

use crate::app::ctx::Ctx;
use crate::app::input::Command;
use crate::app::next::Next;
use crate::app::pick::Pick;
use crate::app::screens::play::mode::{in_reach, Aim, Mode, Play};
use crate::rules::space::geom::Point;
use crate::rules::Action;

/// What the aiming line says (shown and said aloud).
const HOW: &str = "Aim: direction keys move the target, Enter or t throws, Escape cancels.";
const HOW_TOUCH: &str = "Aim: tap the cell to throw at; Menu cancels.";
/// What the aiming line says when no creature is in range to aim at.
const NONE: &str =
    "No creature in range. Aim: direction keys move the target, Enter or t throws, Escape cancels.";
const NONE_TOUCH: &str = "No creature in range. Aim: tap the cell to throw at; Menu cancels.";

impl Play {
    /// Starts aiming the thing in pack `slot`, at the nearest creature in view within reach
    /// (else at the player, saying that no creature is in range).
    pub(crate) fn start_aim(&mut self, ctx: &mut Ctx, slot: u8) {
        let Some(state) = ctx.state() else {
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
        self.mode = Mode::Aim(Aim { slot, at });
        let how = match (at == me, ctx.touch()) {
            (false, false) => HOW,
            (false, true) => HOW_TOUCH,
            (true, false) => NONE,
            (true, true) => NONE_TOUCH,
        };
        ctx.tell(how);
    }

    /// Keys while aiming.
    pub(crate) fn aim_key(
        &mut self,
        ctx: &mut Ctx,
        key: &str,
        cmd: Option<Command>,
    ) -> Option<Next> {
        let Mode::Aim(aim) = self.mode else {
            return None;
        };
        match cmd {
            Some(Command::Act(Action::Move(d))) => {
                let (dx, dy) = d.delta();
                let me = ctx.state().map(|s| s.player());
                let next = aim.at.offset(dx, dy);
                if me.is_some_and(|me| in_reach(me, next)) {
                    self.mode = Mode::Aim(Aim { at: next, ..aim });
                }
            }
            // Enter, Space, `t` again, or a gamepad's A (wait) throw.
            Some(
                Command::Confirm | Command::Act(Action::Wait) | Command::Inventory(Pick::Throw),
            ) => return Some(self.throw_at(ctx, aim.at)),
            Some(Command::Back) => {
                self.mode = Mode::Normal;
                ctx.hint = Some("You put it away.".into());
            }
            _ => return (!key.is_empty() && cmd.is_some()).then_some(Next::Stay),
        }
        Some(Next::Stay)
    }

    /// Throws the aimed thing at `at`, if it is within reach and not the player's own cell
    /// (else says so).
    pub(crate) fn throw_at(&mut self, ctx: &mut Ctx, at: Point) -> Next {
        let (Mode::Aim(aim), Some(me)) = (self.mode, ctx.state().map(|s| s.player())) else {
            return Next::Stay;
        };
        if at == me {
            let here = if ctx.touch() {
                "Tap another cell: a throw cannot land at your own feet."
            } else {
                "Move the target first: a throw cannot land at your own feet."
            };
            ctx.tell(here);
            return Next::Stay;
        }
        let action = Action::throw(aim.slot, at.x - me.x, at.y - me.y).filter(|_| at.z == me.z);
        match action {
            Some(a) => {
                self.mode = Mode::Normal;
                ctx.hint = None;
                ctx.act(a).into()
            }
            None => {
                ctx.tell("That is out of reach: a throw goes at most 7 cells.");
                Next::Stay
            }
        }
    }
}
