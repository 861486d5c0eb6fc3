//! Which daily run the board may be given now. The first daily run begun of a day's caves is
//! the day's run, the one the board counts: the board counts a player's first run it takes, so
//! a later run (practice) goes to it only once the day's run is there. A day's run that ended
//! and that the board has not taken is offered until the board takes it, whatever screens came
//! between, even after a reload.

use crate::app::ctx::Ctx;
use crate::record::Record;
use crate::save::DayRun;

/// How many days back a day's run is offered: the board takes runs of today and yesterday.
const POSTABLE_DAYS: i64 = 1;

/// What posting would give the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Posting {
    /// The day's run shown on its end screen.
    ThisRun,
    /// A practice run shown on its end screen, once the board has the day's run.
    Practice,
    /// The day's run of a daily's caves, while a practice run of them is shown: it goes
    /// first.
    DayRunFirst,
    /// The day's run of the daily of this date, from anywhere else.
    DayRunOf(String),
}

impl Posting {
    /// The words of the board dialog's button, and of the end screen after its key.
    pub fn label(&self) -> String {
        match self {
            Posting::ThisRun => "Post my run".into(),
            Posting::Practice => "Post as practice".into(),
            Posting::DayRunFirst => "Post my day's run first".into(),
            Posting::DayRunOf(date) => format!("Post my daily run of {date}"),
        }
    }
}

impl Ctx {
    /// The daily run posting would give the board, and how it is said: on the end screen
    /// (`on_end`) the ended daily run there, or the day's run of its caves that has to go
    /// first; elsewhere, the day's run of today or yesterday that ended and that the board
    /// has not taken. `None` when there is none, or when the page has no board.
    pub fn to_post(&self, on_end: bool) -> Option<(Record, Posting)> {
        if !self.board {
            return None;
        }
        let waiting = || self.session.unposted(POSTABLE_DAYS);
        let shown = self.session.run().filter(|_| on_end && self.daily_ended());
        let Some(run) = shown else {
            let record = waiting()?;
            let date = record.header.daily.clone().unwrap_or_default();
            return Some((record, Posting::DayRunOf(date)));
        };
        let header = &run.record.header;
        if self.session.attempt(header, run.id) == Some(1) {
            return Some((run.record.clone(), Posting::ThisRun));
        }
        let date = header.daily.as_deref().unwrap_or_default();
        match self.session.day_run(date, header.seed)? {
            DayRun::Posted => Some((run.record.clone(), Posting::Practice)),
            DayRun::Ended(text) => Some((Record::from_text(text).ok()?, Posting::DayRunFirst)),
            DayRun::Playing => None,
        }
    }
}
