//! The play screen: its own state (`mode.rs`: its sub-mode), its keys (actions for the rules,
//! look mode, the question before leaving the caves without the idol) and its drawing (the map
//! view, the sidebar or status bar, the log). Aiming (`aim.rs`) and journeys and taps on the
//! map (`journey.rs`) and setting fire (`kindle.rs`) are its sub-modes' own files.

pub(crate) mod aim;
pub(crate) mod journey;
pub(crate) mod kindle;
pub mod mode;

use crate::app::ctx::Ctx;
use crate::app::describe::surroundings;
use crate::app::draw::scene::Scene;
use crate::app::draw::{map, panels};
use crate::app::input::{command, ignorable, travel_key, Command};
use crate::app::next::{Chosen, Layer, Next, Screen};
use crate::app::request::Request;
use crate::app::screens::inventory::Inventory;
use crate::app::screens::overview::Overview;
use crate::app::screens::page::Page;
use crate::rules::autopilot::travel::Goal;
use crate::rules::kinds::tile::Tile;
use crate::rules::space::geom::Point;
use crate::rules::{Action, State};
use crate::view::frame::Frame;
use kindle::beside;
use mode::{in_reach, Look, Mode, Play};

/// The question a first `<` on the way out asks.
const LEAVE_KEY: &str =
    "This is the way out. Leave without the idol and end the run? Press < again or y to leave, any other key to stay.";

/// The picture of a run (play's, and a replay's, which shows a run the same way): the map
/// view, the sidebar (a status bar on a portrait screen) and the log.
pub(crate) fn draw_scene(f: &mut Frame, ctx: &Ctx, scene: &Scene) {
    map::draw(f, ctx, scene);
    if ctx.layout.is_portrait() {
        panels::status_bar(f, ctx, scene);
        panels::look_box(f, ctx, scene);
    } else {
        panels::sidebar(f, ctx, scene);
    }
    let notes = scene.replay.map_or(&[][..], |r| &r.noted[..]);
    panels::log(f, ctx, scene.state, notes);
}

impl Play {
    /// The place the map view follows: the player, or while looking, wherever the look
    /// cursor has scrolled the view to.
    pub fn focus(&self, state: &State) -> Point {
        match self.mode {
            Mode::Look(look) => look.view.unwrap_or(state.player()),
            _ => state.player(),
        }
    }

    /// The map cell shown at screen cell (`col`, `row`), if any.
    pub fn world_at(&self, ctx: &Ctx, col: i32, row: i32) -> Option<Point> {
        let state = ctx.state()?;
        let w = state.world();
        ctx.layout
            .world_at(self.focus(state), (w.width(), w.height()), col, row)
    }
}

impl Layer for Play {
    fn screen(&self) -> Screen {
        Screen::Play
    }

    fn tap(&mut self, ctx: &mut Ctx, col: i32, row: i32) -> Option<Next> {
        self.tap_map(ctx, col, row)
    }

    fn tick(&mut self, ctx: &mut Ctx, ms: f64) -> (bool, Next) {
        self.tick_travel(ctx, ms)
    }

    fn animating(&self) -> bool {
        self.mode.journey().is_some()
    }

    fn play(&self) -> Option<&Play> {
        Some(self)
    }

    /// A throw being aimed follows the mouse, within reach.
    fn pointed(&mut self, ctx: &Ctx, at: Option<Point>) {
        let me = ctx.state().map(State::player);
        if let (Mode::Aim(aim), Some(p), Some(me)) = (&mut self.mode, at, me) {
            if in_reach(me, p) {
                aim.at = p;
            }
        }
    }

    fn stop_looking(&mut self) {
        self.mode.end_if(|m| matches!(m, Mode::Look(_)));
    }

    fn play_mut(&mut self) -> Option<&mut Play> {
        Some(self)
    }

    /// Draws play over the run being played.
    fn draw(&self, f: &mut Frame, ctx: &Ctx) {
        let Some(run) = ctx.session.run() else {
            return;
        };
        let scene = Scene {
            state: &run.state,
            record: &run.record,
            replay: None,
            look: self.mode.look(),
            aim: self.mode.aim().map(|a| a.at),
            focus: self.focus(&run.state),
        };
        draw_scene(f, ctx, &scene);
    }

    /// Handles a key; `None` for keys play ignores. Any key stops a journey; the key after
    /// the question to leave answers it.
    fn key(&mut self, ctx: &mut Ctx, key: &str) -> Option<Next> {
        let ignorable = ignorable(key);
        if self.stop_journey() && !ignorable {
            ctx.hint = Some(format!("Stopped. {}", Self::go_on_words(ctx)));
            return Some(Next::Stay);
        }
        if matches!(self.mode, Mode::Leaving) && !ignorable {
            return Some(self.answer_leave(ctx, key));
        }
        if let Mode::Offer(stair) = self.mode {
            if !ignorable {
                self.mode = Mode::Normal;
                if matches!(command(key), Some(Command::Confirm)) {
                    return Some(self.start_travel(ctx, Goal::To(stair)));
                }
            }
        }
        if ctx.toggle_prefs(key) {
            return Some(Next::Stay);
        }
        // Journeys set out from play's own keys only: never while looking or aiming.
        if matches!(self.mode, Mode::Normal) {
            if let Some(goal) = travel_key(key) {
                return Some(self.start_travel(ctx, goal));
            }
        }
        let cmd = command(key);
        match self.mode {
            Mode::Aim(_) => self.aim_key(ctx, key, cmd),
            Mode::Kindle => self.kindle_key(ctx, cmd),
            Mode::Look(_) => self.look_key(ctx, cmd),
            _ => self.play_key(ctx, cmd),
        }
    }
}

impl Play {
    /// Carries out what a screen over play chose, now that play is back on top.
    pub fn chosen(&mut self, ctx: &mut Ctx, chosen: Chosen) -> Next {
        match chosen {
            Chosen::Aim(slot) => {
                self.start_aim(ctx, slot);
                Next::Stay
            }
            Chosen::Travel(goal) => self.start_travel(ctx, goal),
        }
    }

    fn play_key(&mut self, ctx: &mut Ctx, cmd: Option<Command>) -> Option<Next> {
        let cmd = cmd?;
        ctx.hint = None;
        Some(match cmd {
            Command::Act(Action::Ascend) if Self::at_way_out_without_idol(ctx) => {
                self.ask_leave(ctx, LEAVE_KEY);
                Next::Stay
            }
            Command::Act(a) => ctx.act(a).into(),
            Command::Help => Next::Push(Box::new(Page::HELP)),
            Command::Look => {
                if let Some(at) = ctx.state().map(State::player) {
                    self.mode = Mode::Look(Look { at, view: None });
                }
                Next::Stay
            }
            Command::Share => {
                ctx.requests.push(Request::Share);
                Next::Stay
            }
            Command::Export => {
                ctx.requests.push(Request::Export);
                Next::Stay
            }
            Command::Stairs => self.stairs_button(ctx),
            Command::Describe => {
                // Where the player is and what is around, shown under the log and announced.
                if let Some(text) = ctx.state().map(surroundings) {
                    ctx.tell(&text);
                }
                Next::Stay
            }
            Command::Overview => match ctx.state() {
                Some(state) => {
                    let at = state.player();
                    Next::Push(Box::new(Overview::open(ctx, at)))
                }
                None => Next::Stay,
            },
            Command::Inventory(pick) => Next::Push(Box::new(Inventory::new(pick))),
            Command::Kindle => self.start_kindle(ctx),
            Command::Confirm => self.go_on(ctx),
            Command::Back => Next::Stay,
        })
    }

    /// Asks whether to leave the caves without the idol (shown and said aloud).
    fn ask_leave(&mut self, ctx: &mut Ctx, question: &str) {
        self.mode = Mode::Leaving;
        ctx.tell(question);
    }

    /// The key pressed after the question: `<` or `y` leaves; any other key stays, and does
    /// nothing else.
    fn answer_leave(&mut self, ctx: &mut Ctx, key: &str) -> Next {
        self.mode.end_if(|m| matches!(m, Mode::Leaving));
        if matches!(key, "<" | "y") {
            ctx.hint = None;
            ctx.act(Action::Ascend).into()
        } else {
            ctx.tell("You stay in the caves.");
            Next::Stay
        }
    }

    /// Keys in look mode move the cursor over the view; Escape or 'x' ends it.
    fn look_key(&mut self, ctx: &mut Ctx, cmd: Option<Command>) -> Option<Next> {
        let (Mode::Look(look), Some(state)) = (self.mode, ctx.state()) else {
            return None;
        };
        match cmd {
            Some(Command::Act(Action::Move(d))) => {
                let (dx, dy) = d.delta();
                let next = look.at.offset(dx, dy);
                let w = state.world();
                let focus = self.focus(state);
                let layout = ctx.layout;
                let (sx, sy) = layout.scroll(focus, w.width(), w.height());
                let (vw, vh) = (layout.view_width(), layout.view_height());
                if w.contains(next) {
                    // Past the edge of the view, the view scrolls along with the cursor.
                    let shift = |at: i32, start: i32, size: i32| {
                        if at < start {
                            at - start
                        } else if at >= start + size {
                            at - (start + size - 1)
                        } else {
                            0
                        }
                    };
                    let (mx, my) = (shift(next.x, sx, vw), shift(next.y, sy, vh));
                    let view = if (mx, my) != (0, 0) {
                        Some(Point::new(sx + vw / 2 + mx, sy + vh / 2 + my, focus.z))
                    } else {
                        look.view
                    };
                    self.mode = Mode::Look(Look { at: next, view });
                }
            }
            Some(Command::Look | Command::Back) => self.mode = Mode::Normal,
            // On a cell beside the player that burns, Enter (a gamepad's A) sets it alight.
            Some(Command::Confirm | Command::Act(Action::Wait)) => {
                let me = state.player();
                if let (Some(d), true) =
                    (beside(me, look.at), state.world().tile(look.at).is_fuel())
                {
                    return Some(self.kindle(ctx, d));
                }
            }
            _ => {}
        }
        cmd.map(|_| Next::Stay)
    }

    /// True when the player stands on the way out (the stair up of level 1) without the
    /// idol: climbing there ends the run, lost, so the game asks first.
    fn at_way_out_without_idol(ctx: &Ctx) -> bool {
        ctx.state().is_some_and(|s| {
            let me = s.player();
            me.z == 0 && s.world().tile(me) == Tile::StairsUp && !s.carrying_idol()
        })
    }
}
