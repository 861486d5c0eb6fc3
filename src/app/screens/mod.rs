//! The screens, one file each, each a value with its own state and the one shape of every
//! screen (`next::Layer`: keys, taps at a cell, ticks, drawing): the start menu, help, play
//! (with its sub-modes in `play/`), the end of a run, the replay viewer, the inventory and the
//! overview. Each answers a key or a tap with the `Next` change to the stack, carrying the
//! screen it opens, and reaches what screens share through the context (`Ctx`). Here: how a
//! screen is opened (`open` and its fellows), and which of the stack draws.

pub(crate) mod days;
pub(crate) mod ended;
pub(crate) mod help;
pub mod inventory;
pub mod overview;
mod page;
pub(crate) mod play;
pub(crate) mod replay;
pub mod start;

use crate::app::ctx::Ctx;
use crate::app::goto::Goto;
use crate::app::next::{Layer, Screen};
use crate::view::frame::Frame;
use start::Start;

/// The screen a change of run leads to (`Goto`), as it starts; `None` for `Goto::Stay`.
pub fn open(goto: Goto, ctx: &Ctx) -> Option<Box<dyn Layer>> {
    Some(match goto {
        Goto::Stay => return None,
        Goto::Start => Box::new(Start::new(ctx)),
        Goto::Play => Box::new(play::mode::Play::default()),
        Goto::Ended => Box::new(ended::Ended::default()),
        Goto::Replay(replayer) => Box::new(replay::Replay {
            replayer: Some(replayer),
            look: None,
        }),
    })
}

/// Draws the screen on top of `stack` (a screen over play draws play under it). A screen of
/// the run with no run to show gives way to the start screen.
pub(crate) fn draw(f: &mut Frame, stack: &[Box<dyn Layer>], ctx: &Ctx) {
    let mut from_top = stack.iter().rev();
    let top = from_top.next();
    let screen = top.map(|s| s.screen());
    // The screens of the run; the inventory is drawn over play.
    let of_run = matches!(
        screen,
        Some(Screen::Play | Screen::Ended | Screen::Overview | Screen::Inventory(_))
    );
    match top {
        Some(top) if !of_run || ctx.state().is_some() => {
            if matches!(screen, Some(Screen::Inventory(_))) {
                if let Some(under) = from_top.next() {
                    under.draw(f, ctx);
                }
            }
            top.draw(f, ctx);
        }
        _ => Start::default().draw(f, ctx),
    }
}
