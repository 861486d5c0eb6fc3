//! Setting fire with the torch: `f` (or the Fire button) holds the torch out, and a direction
//! key, or a tap on a cell beside the player, sets that cell alight; Escape lowers it. In look
//! mode, Enter (a gamepad's A) on a cell beside the player does the same when it would burn.
//! The fire itself is one action of the rules (`Action::Kindle`), so it replays exactly.

use crate::app::ctx::Ctx;
use crate::app::input::Command;
use crate::app::next::Next;
use crate::app::screens::play::mode::{Mode, Play};
use crate::rules::space::geom::Point;
use crate::rules::{Action, Dir};

const HOW: &str = "Set alight: a direction key picks the cell beside you; Escape cancels.";
const HOW_TOUCH: &str = "Set alight: tap a cell beside you; Menu cancels.";

impl Play {
    /// Holds the torch out, waiting for the cell to set alight.
    pub(crate) fn start_kindle(&mut self, ctx: &mut Ctx) -> Next {
        self.mode = Mode::Kindle;
        ctx.tell(if ctx.touch() { HOW_TOUCH } else { HOW });
        Next::Stay
    }

    /// Keys while the torch is held out.
    pub(crate) fn kindle_key(&mut self, ctx: &mut Ctx, cmd: Option<Command>) -> Option<Next> {
        match cmd? {
            Command::Act(Action::Move(d)) => Some(self.kindle(ctx, d)),
            Command::Back | Command::Kindle => {
                self.mode = Mode::Normal;
                ctx.tell("You lower the torch.");
                Some(Next::Stay)
            }
            _ => Some(Next::Stay),
        }
    }

    /// A tap at `at` while the torch is held out: a cell beside the player is set alight.
    pub(crate) fn kindle_at(&mut self, ctx: &mut Ctx, at: Point) -> Next {
        match ctx
            .state()
            .map(|s| s.player())
            .and_then(|me| beside(me, at))
        {
            Some(d) => self.kindle(ctx, d),
            None => {
                ctx.tell("Tap a cell beside you.");
                Next::Stay
            }
        }
    }

    pub(crate) fn kindle(&mut self, ctx: &mut Ctx, d: Dir) -> Next {
        self.mode = Mode::Normal;
        ctx.hint = None;
        ctx.act(Action::Kindle(d)).into()
    }
}

/// The direction from `me` to `at`, when `at` is a cell beside it.
pub(crate) fn beside(me: Point, at: Point) -> Option<Dir> {
    (at.z == me.z)
        .then(|| Dir::from_delta(at.x - me.x, at.y - me.y))
        .flatten()
}
