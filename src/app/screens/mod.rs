//! The screens, one file each, each with its own state, its keys, taps and drawing: the start
//! menu, help, play (with its sub-modes in `play/`), the end of a run, the replay viewer, the
//! inventory and the overview. The stack they stand in is `App::screens`; every change to it is
//! a `Next` given to `App::go`. Here: which screen gets a key or a tap, and which draws.

pub(in crate::app) mod ended;
pub(in crate::app) mod help;
pub mod inventory;
pub mod overview;
pub(in crate::app) mod play;
pub(in crate::app) mod replay;
pub mod start;

use crate::app::input::{command, travel_key};
use crate::app::{App, Request, Screen};
use crate::view::frame::Frame;
use play::mode::Mode;

impl App {
    /// Handles a `KeyboardEvent.key`. Returns true when the app used the key (the page should
    /// then not act on it), false for keys it ignores.
    pub fn key(&mut self, key: &str) -> bool {
        if !Self::ignorable(key) {
            self.flash = None;
        }
        if self.end_journey() && !Self::ignorable(key) {
            self.play.hint = Some("Stopped.".into());
            return true;
        }
        if self.play.mode == Mode::Leaving && !Self::ignorable(key) {
            self.answer_leave(key);
            return true;
        }
        // Colours, glyph size and sound change anywhere but in a replay and in a menu, where a
        // letter chooses an item (the start menu's `m` chooses how to play).
        let menu = matches!(self.screen(), Screen::Inventory(_))
            || (self.screen() == Screen::Start && key == "m");
        if self.screen() != Screen::Replay && !menu && self.prefs.toggle(key) {
            self.requests.push(Request::Prefs);
            if matches!(key, "m" | "Sound") {
                self.say_sound();
            }
            return true;
        }
        // Journeys set out from play's own keys only: never while looking or aiming.
        if self.screen() == Screen::Play && self.play.mode == Mode::Normal {
            if let Some(goal) = travel_key(key) {
                self.start_travel(goal);
                return true;
            }
        }
        let cmd = command(key);
        match self.screen() {
            Screen::Start => self.start_key(key),
            Screen::Help => self.help_key(cmd),
            Screen::Ended => self.ended_key(key, cmd),
            Screen::Replay => self.replay_key(key),
            Screen::Inventory(pick) => self.inventory_key(key, pick),
            Screen::Overview => self.overview_key(key, cmd),
            Screen::Play => match self.play.mode {
                Mode::Aim(_) => self.aim_key(key, cmd),
                Mode::Look(_) => self.look_key(cmd),
                _ => self.play_key(cmd),
            },
        }
    }

    /// A tap or click at screen cell (`col`, `row`). Returns true when it did something.
    pub fn tap(&mut self, col: i32, row: i32) -> bool {
        self.flash = None;
        // A journey stops; a question to leave is answered by this tap: a tap on the player
        // leaves.
        self.end_journey();
        let asked = self.play.mode.end_if(|m| *m == Mode::Leaving);
        match self.screen() {
            Screen::Start => self.start_tap(row),
            Screen::Help => self.help_tap(),
            Screen::Ended => self.ended_tap(),
            Screen::Replay => self.replay_tap(),
            Screen::Play => self.tap_map(col, row, asked),
            Screen::Overview => self.overview_tap(col, row),
            Screen::Inventory(pick) => self.inventory_tap(row, pick),
        }
    }
}

/// Draws the screen on top (a menu over play draws play under it).
pub(in crate::app) fn draw(f: &mut Frame, app: &App) {
    match (app.screen(), app.state()) {
        (Screen::Start, _) => start::draw(f, app),
        (Screen::Help, _) => help::draw(f, app),
        (Screen::Ended, Some(state)) => ended::draw(f, app, state),
        (Screen::Overview, Some(state)) => overview::draw(f, app, state),
        (Screen::Play | Screen::Replay, Some(state)) => play::draw(f, app, state),
        (Screen::Inventory(pick), Some(state)) => {
            play::draw(f, app, state);
            inventory::draw(f, app, state, pick);
        }
        _ => start::draw(f, app),
    }
}
