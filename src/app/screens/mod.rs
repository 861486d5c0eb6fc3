//! The screens, one file each, each a value with its own state, its keys, taps and drawing:
//! the start menu, help, play (with its sub-modes in `play/`), the end of a run, the replay
//! viewer, the inventory and the overview. Each answers a key or a tap with the `Next` change
//! to the stack, and reaches what screens share through the context (`Ctx`). Here: the stack's
//! values (`Stacked`), built from what a `Next` opens, and which of them gets a key, a tap or
//! a tick, and draws.

pub(crate) mod days;
pub(crate) mod ended;
pub(crate) mod help;
pub mod inventory;
pub mod overview;
pub(crate) mod play;
pub(crate) mod replay;
pub mod start;

use crate::app::ctx::Ctx;
use crate::app::next::{Next, Open, Screen};
use crate::view::frame::Frame;
use days::Days;
use ended::Ended;
use help::Help;
use inventory::Inventory;
use overview::Overview;
use play::mode::Play;
use replay::Replay;
use start::Start;

/// A screen in the stack, holding its own state.
pub enum Stacked {
    Start(Start),
    Play(Play),
    Help(Help),
    Days(Days),
    Ended(Ended),
    Replay(Replay),
    Inventory(Inventory),
    Overview(Overview),
}

impl Stacked {
    /// The screen `open` names, as it starts.
    pub fn open(open: Open, ctx: &mut Ctx) -> Stacked {
        match open {
            Open::Start => Stacked::Start(Start::new(ctx)),
            Open::Play => Stacked::Play(Play::default()),
            Open::Help => Stacked::Help(Help),
            Open::Days => Stacked::Days(Days),
            Open::Ended => Stacked::Ended(Ended::default()),
            Open::Replay => Stacked::Replay(Replay {
                replayer: ctx.replayer.take(),
                look: None,
            }),
            Open::Inventory(pick) => Stacked::Inventory(Inventory::new(pick)),
            Open::Overview(at) => Stacked::Overview(Overview::open(ctx, at)),
        }
    }

    /// Which screen this is.
    pub fn screen(&self) -> Screen {
        match self {
            Stacked::Start(_) => Screen::Start,
            Stacked::Play(_) => Screen::Play,
            Stacked::Help(_) => Screen::Help,
            Stacked::Days(_) => Screen::Days,
            Stacked::Ended(_) => Screen::Ended,
            Stacked::Replay(_) => Screen::Replay,
            Stacked::Inventory(i) => Screen::Inventory(i.pick),
            Stacked::Overview(_) => Screen::Overview,
        }
    }

    /// Handles a `KeyboardEvent.key`: `None` for keys the screen ignores.
    pub fn key(&mut self, ctx: &mut Ctx, key: &str) -> Option<Next> {
        match self {
            Stacked::Start(s) => s.key(ctx, key),
            Stacked::Play(s) => s.key(ctx, key),
            Stacked::Help(s) => s.key(ctx, key),
            Stacked::Days(s) => s.key(ctx, key),
            Stacked::Ended(s) => s.key(ctx, key),
            Stacked::Replay(s) => s.key(ctx, key),
            Stacked::Inventory(s) => s.key(ctx, key),
            Stacked::Overview(s) => s.key(ctx, key),
        }
    }

    /// A tap or click at screen cell (`col`, `row`): `None` when it did nothing.
    pub fn tap(&mut self, ctx: &mut Ctx, col: i32, row: i32) -> Option<Next> {
        match self {
            Stacked::Start(s) => s.tap(ctx, row),
            Stacked::Play(s) => s.tap(ctx, col, row),
            Stacked::Help(s) => s.tap(),
            Stacked::Days(s) => s.tap(),
            Stacked::Ended(s) => s.tap(ctx, row),
            Stacked::Replay(s) => s.tap(),
            Stacked::Inventory(s) => s.tap(ctx, row),
            Stacked::Overview(s) => s.tap(ctx, col, row),
        }
    }

    /// Advances what moves on its own (a journey, a playing replay) by `ms` milliseconds;
    /// true when the screen changed.
    pub fn tick(&mut self, ctx: &mut Ctx, ms: f64) -> (bool, Next) {
        match self {
            Stacked::Play(s) => s.tick_travel(ctx, ms),
            Stacked::Replay(s) => (s.tick(ms), Next::Stay),
            _ => (false, Next::Stay),
        }
    }

    /// True while something on this screen moves on its own.
    pub fn animating(&self) -> bool {
        match self {
            Stacked::Play(s) => s.mode.journey().is_some(),
            Stacked::Replay(s) => s.playing(),
            _ => false,
        }
    }
}

/// Draws the screen on top of `stack` (a menu over play draws play under it).
pub(crate) fn draw(f: &mut Frame, stack: &[Stacked], ctx: &Ctx) {
    let mut from_top = stack.iter().rev();
    match (from_top.next(), ctx.state()) {
        (Some(Stacked::Help(_)), _) => help::draw(f, ctx),
        (Some(Stacked::Days(_)), _) => days::draw(f, ctx),
        (Some(Stacked::Replay(r)), _) => r.draw(f, ctx),
        (Some(Stacked::Play(p)), Some(_)) => p.draw(f, ctx),
        (Some(Stacked::Ended(e)), Some(state)) => ended::draw(f, ctx, state, e),
        (Some(Stacked::Overview(o)), Some(state)) => overview::draw(f, ctx, o, state),
        (Some(Stacked::Inventory(i)), Some(state)) => {
            if let Some(Stacked::Play(p)) = from_top.next() {
                p.draw(f, ctx);
            }
            i.draw(f, ctx, state);
        }
        (Some(Stacked::Start(s)), _) => s.draw(f, ctx),
        _ => Start::default().draw(f, ctx),
    }
}
