//! The one shape of every screen (`Layer`: its keys, taps, ticks and drawing), and what a
//! screen answers after a key, a tap or a tick: how the stack of screens changes (`Next`),
//! carrying the screen to open itself, and what a screen over play hands back to it when it
//! closes (`Chosen`). The pattern is a mode stack whose modes answer with a control value.

use crate::app::ctx::Ctx;
use crate::app::goto::Goto;
use crate::app::pick::Pick;
use crate::app::replayer::Replayer;
use crate::app::screens::play::mode::Play;
use crate::rules::autopilot::travel::Goal;
use crate::rules::space::geom::Point;
use crate::view::frame::{Area, Frame};
use crate::view::layout::Layout;

/// Which screen is showing, as the page and the tests ask (`App::screen`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Start,
    Play,
    Help,
    Days,
    /// The end of a run: won or lost.
    Ended,
    Replay,
    /// The carried items, to look at or to choose one for an action.
    Inventory(Pick),
    /// The map of every level seen.
    Overview,
}

/// A rectangle of screen cells that stands for a key: a tap there presses it (a menu line,
/// a bar, a row of the inventory, a whole page that closes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub area: Area,
    pub key: &'static str,
}

impl Region {
    pub fn new(x: i32, y: i32, w: i32, h: i32, key: &'static str) -> Region {
        let area = Area { x, y, w, h };
        Region { area, key }
    }

    /// Every cell of the screen.
    pub fn whole(layout: Layout, key: &'static str) -> Region {
        Region::new(0, 0, layout.cols, layout.rows, key)
    }

    pub fn contains(&self, col: i32, row: i32) -> bool {
        let a = self.area;
        (a.x..a.x + a.w).contains(&col) && (a.y..a.y + a.h).contains(&row)
    }
}

/// The key of the first of `regions` over screen cell (`col`, `row`).
pub fn key_at(regions: &[Region], col: i32, row: i32) -> Option<&'static str> {
    Some(regions.iter().find(|r| r.contains(col, row))?.key)
}

/// A screen in the stack, holding its own state. Every screen has this shape: it answers a
/// key with the change to the stack (`None` for what it ignores), lists the regions a tap
/// presses a key by (`regions`; a tap elsewhere goes to `tap`, which the screens over a map
/// use), may move on its own (`tick` while `animating`), and draws itself. What the app
/// reads of the screens (play's state, the replay's, the overview's level) it asks every
/// screen, and the others answer nothing.
pub trait Layer {
    /// Which screen this is.
    fn screen(&self) -> Screen;
    /// Handles a `KeyboardEvent.key`: `None` for keys the screen ignores.
    fn key(&mut self, ctx: &mut Ctx, key: &str) -> Option<Next>;
    /// The regions of the screen a tap turns into a key, the first over a cell winning, as
    /// the screen is drawn for `ctx`.
    fn regions(&self, _ctx: &Ctx) -> Vec<Region> {
        Vec::new()
    }
    /// A tap or click at screen cell (`col`, `row`) outside every region (a cell of the
    /// map): `None` when it did nothing.
    fn tap(&mut self, _ctx: &mut Ctx, _col: i32, _row: i32) -> Option<Next> {
        None
    }
    /// Advances what moves on its own by `ms` milliseconds; true when the screen changed.
    fn tick(&mut self, _ctx: &mut Ctx, _ms: f64) -> (bool, Next) {
        (false, Next::Stay)
    }
    /// True while something on this screen moves on its own.
    fn animating(&self) -> bool {
        false
    }
    /// Draws the screen.
    fn draw(&self, f: &mut Frame, ctx: &Ctx);
    /// The mouse is over screen cell (`col`, `row`); true when that changed the screen.
    fn hover(&mut self, _ctx: &Ctx, _col: i32, _row: i32) -> bool {
        false
    }
    /// The mouse is over map cell `at` (`None`: off the map); play aims a throw there.
    fn pointed(&mut self, _ctx: &Ctx, _at: Option<Point>) {}
    /// Look mode ends (the layout changed, or an action changed the screen).
    fn stop_looking(&mut self) {}
    /// Play's state, on play.
    fn play(&self) -> Option<&Play> {
        None
    }
    fn play_mut(&mut self) -> Option<&mut Play> {
        None
    }
    /// The replay shown and the look cursor over it, on the replay viewer.
    fn replay(&self) -> Option<(&Replayer, Option<Point>)> {
        None
    }
    fn replayer_mut(&mut self) -> Option<&mut Replayer> {
        None
    }
    /// The level shown, on the overview.
    fn level(&self) -> Option<i32> {
        None
    }
}

/// What a screen over play chose, for play to carry out once it is back on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// Aim the thing in this pack slot (the inventory chose what to throw).
    Aim(u8),
    /// Travel there (the overview chose a place).
    Travel(Goal),
}

/// How the stack of screens changes: every change goes through `App::go`, so each screen's
/// code says what comes next instead of rearranging the stack itself.
pub enum Next {
    /// Nothing changes.
    Stay,
    /// Open this screen over this one (help, the inventory); `Pop` comes back.
    Push(Box<dyn Layer>),
    /// Close this screen, back to the one under it.
    Pop,
    /// Close this screen and hand what it chose to play under it.
    Back(Chosen),
    /// Leave everything for the screen a run's start, end or replay leads to, or the start
    /// screen (`Goto`).
    Go(Goto),
}

impl Next {
    /// True when the stack stays as it is.
    pub fn stays(&self) -> bool {
        matches!(self, Next::Stay | Next::Go(Goto::Stay))
    }
}

impl From<Goto> for Next {
    fn from(goto: Goto) -> Next {
        Next::Go(goto)
    }
}
