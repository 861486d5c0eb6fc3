//! The replay viewer: a record played back (`app/replayer.rs`), drawn as play is. Its keys:
//! play and pause, step, speed, jump to the end, and play on from the shown point as a new
//! run; a tap plays or pauses.

use crate::app::input::{command, Command};
use crate::app::{App, Next, Outcome, Replayer, Request, Run, Screen};

impl App {
    /// A tap on the replay plays or pauses it.
    pub(in crate::app) fn replay_tap(&mut self) -> bool {
        if let Some(r) = &mut self.replay {
            r.toggle();
        }
        true
    }

    pub(in crate::app) fn replay_key(&mut self, key: &str) -> bool {
        let Some(r) = &mut self.replay else {
            return false;
        };
        match key {
            " " | "Spacebar" | "p" => r.toggle(),
            "ArrowRight" | "Right" | "l" | "6" => {
                r.playing = false;
                r.step();
            }
            "End" | "1" => r.end(),
            "+" | "=" | "ArrowUp" | "Up" | "k" => r.faster(),
            "-" | "_" | "ArrowDown" | "Down" | "j" => r.slower(),
            "t" => self.take_over_replay(),
            _ => match command(key) {
                Some(Command::Confirm) => self.take_over_replay(),
                Some(Command::Back) => self.back_to_start(),
                Some(Command::Share) => self.requests.push(Request::Share),
                Some(Command::Export) => self.requests.push(Request::Export),
                Some(Command::Help) => self.go(Next::Push(Screen::Help)),
                _ => return false,
            },
        }
        true
    }

    /// Plays on from the replay's current point as a new run of this page.
    fn take_over_replay(&mut self) {
        let Some(r) = self.replay.take() else {
            return;
        };
        if r.diverged.is_some() {
            self.replay = Some(r);
            return;
        }
        let record = r.take_over();
        let id = self.session.fresh_id();
        let state = r.state;
        if state.outcome() != Outcome::Playing {
            self.replay = Some(Replayer::new(r.record, state));
            self.replay_to_end();
            return;
        }
        self.begin_play(Run { id, state, record }, true);
    }

    fn replay_to_end(&mut self) {
        if let Some(r) = &mut self.replay {
            r.end();
        }
    }
}
