//! The play screen: its own state (`mode.rs`: its sub-mode, the interface's latest hint), its
//! keys (actions for the rules, look mode, the question before leaving the caves without the
//! idol), its drawing (the map view, the sidebar or status bar, the log) and what the last
//! action showed for a moment. Aiming (`aim.rs`) and journeys and taps on the map
//! (`journey.rs`) are its sub-modes' own files.

pub(in crate::app) mod aim;
pub(in crate::app) mod journey;
pub mod mode;

use crate::app::draw::{map, panels};
use crate::app::flash::Flash;
use crate::app::input::Command;
use crate::app::{App, Next, Request, Screen};
use crate::rules::kinds::tile::Tile;
use crate::rules::space::geom::Point;
use crate::rules::{Action, State};
use crate::view::frame::Frame;
use mode::{Look, Mode};

/// The question a first `<` on the way out asks.
pub(super) const LEAVE_KEY: &str =
    "This is the way out. Leave without the idol and end the run? Press < again or y to leave, any other key to stay.";

/// The play screen (and a replay, which shows a run the same way): the map view, the sidebar
/// (a status bar on a portrait screen) and the log.
pub(in crate::app) fn draw(f: &mut Frame, app: &App, state: &State) {
    map::draw(f, app, state);
    if app.layout().is_portrait() {
        panels::status_bar(f, app, state);
    } else {
        panels::sidebar(f, app, state);
    }
    panels::log(f, app, state);
}

impl App {
    pub(in crate::app) fn play_key(&mut self, cmd: Option<Command>) -> bool {
        let Some(cmd) = cmd else {
            return false;
        };
        self.play.hint = None;
        match cmd {
            Command::Act(Action::Ascend) if self.at_way_out_without_idol() => {
                self.ask_leave(LEAVE_KEY);
            }
            Command::Act(a) => self.act(a),
            Command::Help => self.go(Next::Push(Screen::Help)),
            Command::Look => {
                if let Some(at) = self.state().map(State::player) {
                    self.play.mode = Mode::Look(Look { at, view: None });
                }
            }
            Command::Share => self.requests.push(Request::Share),
            Command::Export => self.requests.push(Request::Export),
            Command::Stairs => self.stairs_button(),
            Command::Describe => self.describe_surroundings(),
            Command::Overview => self.open_overview(),
            Command::Inventory(pick) => {
                self.play.throw_asked = None;
                self.go(Next::Push(Screen::Inventory(pick)));
            }
            Command::Back | Command::Confirm => {}
        }
        true
    }

    /// True when the player stands on the way out (the stair up of level 1) without the
    /// idol: climbing there ends the run, lost, so the game asks first.
    pub(in crate::app) fn at_way_out_without_idol(&self) -> bool {
        self.state().is_some_and(|s| {
            let me = s.player();
            me.z == 0 && s.world().tile(me) == Tile::StairsUp && !s.carrying_idol()
        })
    }

    /// Asks whether to leave the caves without the idol (shown and said aloud).
    pub(in crate::app) fn ask_leave(&mut self, question: &str) {
        self.play.mode = Mode::Leaving;
        self.play.hint = Some(question.into());
        self.announcer.say(question);
    }

    /// The key pressed after the question: `<` or `y` leaves; any other key stays, and does
    /// nothing else.
    pub(in crate::app) fn answer_leave(&mut self, key: &str) {
        self.play.mode.end_if(|m| *m == Mode::Leaving);
        if matches!(key, "<" | "y") && self.screen() == Screen::Play {
            self.play.hint = None;
            self.act(Action::Ascend);
        } else {
            const STAY: &str = "You stay in the caves.";
            self.play.hint = Some(STAY.into());
            self.announcer.say(STAY);
        }
    }

    /// Keys in look mode move the cursor over the view; Escape or 'x' ends it.
    pub(in crate::app) fn look_key(&mut self, cmd: Option<Command>) -> bool {
        let (Mode::Look(look), Some(state)) = (self.play.mode, self.state()) else {
            return false;
        };
        match cmd {
            Some(Command::Act(Action::Move(d))) => {
                let (dx, dy) = d.delta();
                let next = look.at.offset(dx, dy);
                let w = state.world();
                let focus = self.view_focus().unwrap_or(state.player());
                let (sx, sy) = self.layout.scroll(focus, w.width(), w.height());
                let (vw, vh) = (self.layout.view_width(), self.layout.view_height());
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
                    self.play.mode = Mode::Look(Look { at: next, view });
                }
            }
            Some(Command::Look | Command::Back) => self.play.mode = Mode::Normal,
            _ => {}
        }
        cmd.is_some()
    }

    /// Starts showing what the last action did, if it showed anything, and says where an
    /// attack from out of sight came from.
    pub(in crate::app) fn start_flash(&mut self) {
        let (flash, said) = self.state().map(Flash::after).unwrap_or_default();
        if !said.is_empty() {
            self.play.hint = Some(said.clone());
            self.announcer.say(&said);
        }
        self.flash = flash;
    }

    /// Advances the moment by `ms`; true when the view changed.
    pub(in crate::app) fn tick_flash(&mut self, ms: f64) -> bool {
        let Some(f) = &mut self.flash else {
            return false;
        };
        if f.advance(ms) {
            self.flash = None;
        }
        true
    }
}
