//! The end screen of a run, won or lost: its keys (a new run, watch it, share, export, post
//! a daily run to the board, back to the start).

use super::input::Command;
use super::{App, Next, Request, Screen};

impl App {
    /// True when the run shown is a daily run that has ended: one the board takes.
    pub fn daily_ended(&self) -> bool {
        self.screen() == Screen::Ended
            && self
                .session
                .run()
                .is_some_and(|r| r.record.header.daily.is_some() && r.record.ended)
    }

    pub(super) fn ended_key(&mut self, key: &str, cmd: Option<Command>) -> bool {
        match (key, cmd) {
            (_, Some(Command::Confirm)) => {
                self.new_run(false);
                true
            }
            ("r", _) => {
                if let Some(record) = self.session.run().map(|r| r.record.clone()) {
                    self.watch(record);
                }
                true
            }
            ("p" | "P", _) if self.daily_ended() => {
                self.requests.push(Request::Post);
                true
            }
            ("B", _) => {
                self.requests.push(Request::Board);
                true
            }
            (_, Some(Command::Share)) => {
                self.requests.push(Request::Share);
                true
            }
            (_, Some(Command::Export)) => {
                self.requests.push(Request::Export);
                true
            }
            (_, Some(Command::Back)) => {
                self.back_to_start();
                true
            }
            (_, Some(Command::Help)) => {
                self.go(Next::Push(Screen::Help));
                true
            }
            (_, c) => c.is_some(),
        }
    }
}
