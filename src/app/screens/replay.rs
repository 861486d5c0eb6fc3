//! The replay viewer: a record played back (`app/replayer.rs`), drawn as play is. Its keys:
//! play and pause, step, speed, jump to the end, play on from the shown point as a new run,
//! and look (a cursor that names what is there; Enter on a grave of today's fallen watches
//! its run, as a tap on one does); a tap elsewhere plays or pauses.

use crate::app::ctx::Ctx;
use crate::app::draw::scene::Scene;
use crate::app::input::{command, Command};
use crate::app::next::{Layer, Next, Screen};
use crate::app::replayer::Replayer;
use crate::app::request::Request;
use crate::app::run::Run;
use crate::app::screens::page::Page;
use crate::app::screens::play::draw_scene;
use crate::rules::space::geom::Point;
use crate::rules::{Action, Outcome};
use crate::view::frame::Frame;

/// The replay viewer's state: the record being played back (taken out only as it becomes
/// a run of this page).
pub struct Replay {
    pub replayer: Option<Box<Replayer>>,
    /// The look cursor, while looking.
    pub look: Option<Point>,
}

impl Layer for Replay {
    fn screen(&self) -> Screen {
        Screen::Replay
    }

    /// Draws the replay as play draws a run, with the replay's place in the sidebar.
    fn draw(&self, f: &mut Frame, ctx: &Ctx) {
        let Some(r) = &self.replayer else {
            return;
        };
        let scene = Scene {
            state: &r.state,
            record: &r.record,
            replay: Some(r),
            look: self.look,
            aim: None,
            focus: r.state.player(),
        };
        draw_scene(f, ctx, &scene);
    }

    /// A tap on a grave of today's fallen watches its run; elsewhere it plays or pauses.
    fn tap(&mut self, ctx: &mut Ctx, col: i32, row: i32) -> Option<Next> {
        let at = self.replayer.as_ref().and_then(|r| {
            let w = r.state.world();
            let size = (w.width(), w.height());
            ctx.layout.world_at(r.state.player(), size, col, row)
        });
        if at.is_some_and(|p| self.watch_grave(ctx, p)) {
            return Some(Next::Stay);
        }
        if let Some(r) = &mut self.replayer {
            r.toggle();
        }
        Some(Next::Stay)
    }

    fn key(&mut self, ctx: &mut Ctx, key: &str) -> Option<Next> {
        let cmd = command(key);
        // Enter on a grave of today's fallen watches its run.
        if let (Some(at), Some(Command::Confirm)) = (self.look, cmd) {
            if self.watch_grave(ctx, at) {
                return Some(Next::Stay);
            }
        }
        let r = self.replayer.as_mut()?;
        if let Some(at) = self.look {
            // Looking: movement keys move the cursor; x or Escape stops.
            match cmd? {
                Command::Act(Action::Move(d)) => {
                    let (dx, dy) = d.delta();
                    let next = at.offset(dx, dy);
                    if r.state.world().contains(next) {
                        self.look = Some(next);
                    }
                }
                Command::Look | Command::Back => self.look = None,
                _ => {}
            }
            return Some(Next::Stay);
        }
        match key {
            " " | "Spacebar" | "p" => r.toggle(),
            "ArrowRight" | "Right" | "l" | "6" => {
                r.playing = false;
                r.step();
            }
            "End" | "1" => r.end(),
            "+" | "=" | "ArrowUp" | "Up" | "k" => r.faster(),
            "-" | "_" | "ArrowDown" | "Down" | "j" => r.slower(),
            "t" => return Some(self.take_over(ctx)),
            "x" => {
                r.playing = false;
                self.look = Some(r.state.player());
            }
            _ => {
                return match cmd? {
                    Command::Confirm => Some(self.take_over(ctx)),
                    Command::Back => Some(ctx.back_to_start().into()),
                    Command::Share => {
                        ctx.requests.push(Request::Share);
                        Some(Next::Stay)
                    }
                    Command::Export => {
                        ctx.requests.push(Request::Export);
                        Some(Next::Stay)
                    }
                    Command::Help => Some(Next::Push(Box::new(Page::HELP))),
                    _ => None,
                }
            }
        }
        Some(Next::Stay)
    }

    /// Advances a playing replay by `ms` milliseconds.
    fn tick(&mut self, _: &mut Ctx, ms: f64) -> (bool, Next) {
        let changed = self.replayer.as_mut().is_some_and(|r| r.tick(ms));
        (changed, Next::Stay)
    }

    /// True while the replay plays.
    fn animating(&self) -> bool {
        self.replayer.as_ref().is_some_and(|r| r.playing)
    }

    fn replay(&self) -> Option<(&Replayer, Option<Point>)> {
        Some((self.replayer.as_deref()?, self.look))
    }

    fn replayer_mut(&mut self) -> Option<&mut Replayer> {
        self.replayer.as_deref_mut()
    }
}

impl Replay {
    /// Asks the page to watch the run of the grave at `at`: true when one shows there.
    fn watch_grave(&self, ctx: &mut Ctx, at: Point) -> bool {
        let grave = self
            .replayer
            .as_ref()
            .and_then(|r| ctx.graves.at(&r.state, at));
        grave
            .map(|i| ctx.requests.push(Request::Watch(i as u32)))
            .is_some()
    }

    /// Plays on from the replay's current point as a new run of this page. A replay that
    /// stopped matching its record cannot; an ended one is shown again from where it stands,
    /// played to its end.
    fn take_over(&mut self, ctx: &mut Ctx) -> Next {
        let Some(r) = self.replayer.take() else {
            return Next::Stay;
        };
        if r.diverged.is_some() {
            self.replayer = Some(r);
            return Next::Stay;
        }
        let record = r.take_over();
        let id = ctx.session.fresh_id();
        let Replayer { state, .. } = *r;
        if state.outcome() != Outcome::Playing {
            let mut again = Replayer::new(r.record, state);
            again.end();
            self.replayer = Some(Box::new(again));
            return Next::Stay;
        }
        ctx.begin_play(Run::new(id, state, record), true).into()
    }
}
