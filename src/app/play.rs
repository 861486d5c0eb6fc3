//! The play screen: its own state (its sub-mode, `mode.rs`: look, aim, the question on the
//! way out, a journey; and the interface's latest hint) and its keys: actions for the rules,
//! look mode, and the question before leaving the caves without the idol.

use super::input::Command;
use super::mode::{Look, Mode};
use super::{App, Next, Request, Screen};
use crate::rules::geom::Point;
use crate::rules::kinds::tile::Tile;
use crate::rules::{Action, State};

#[derive(Debug, Default)]
pub struct Play {
    /// What play is doing besides waiting for an action: one sub-mode at a time.
    pub mode: Mode,
    /// The interface's own latest message during play (travel and the like), shown under the
    /// log; it is not part of the rules' log, so replays stay exact.
    pub hint: Option<String>,
    /// The pack slot of a wielded weapon chosen once to throw: chosen again, it is thrown.
    pub throw_asked: Option<u8>,
}

/// The question a first `<` on the way out asks.
pub(super) const LEAVE_KEY: &str =
    "This is the way out. Leave without the idol and end the run? Press < again or y to leave, any other key to stay.";

impl App {
    pub(super) fn play_key(&mut self, cmd: Option<Command>) -> bool {
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
    pub(super) fn at_way_out_without_idol(&self) -> bool {
        self.state().is_some_and(|s| {
            let me = s.player();
            me.z == 0 && s.world().tile(me) == Tile::StairsUp && !s.carrying_idol()
        })
    }

    /// Asks whether to leave the caves without the idol (shown and said aloud).
    pub(super) fn ask_leave(&mut self, question: &str) {
        self.play.mode = Mode::Leaving;
        self.play.hint = Some(question.into());
        self.announcer.say(question);
    }

    /// The key pressed after the question: `<` or `y` leaves; any other key stays, and does
    /// nothing else.
    pub(super) fn answer_leave(&mut self, key: &str) {
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
    pub(super) fn look_key(&mut self, cmd: Option<Command>) -> bool {
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
}
