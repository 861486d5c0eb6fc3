//! Words for screen readers: which of the shown log's lines were already announced, and the
//! descriptions asked for since (surroundings, a long press, a question).

use crate::rules::game::log::Log;

#[derive(Debug, Default)]
pub struct Announcer {
    /// The log count already announced.
    announced: u64,
    /// Descriptions asked for and not yet announced.
    spoken: Vec<String>,
}

impl Announcer {
    /// Queues words to be announced.
    pub fn say(&mut self, text: &str) {
        if !text.is_empty() {
            self.spoken.push(text.to_string());
        }
    }

    /// What to announce since the last call: the shown log's new lines, then the queued
    /// descriptions, oldest first. A log shorter than what was announced (another run is
    /// shown) is announced from its start.
    pub fn take(&mut self, log: Option<&Log>) -> Vec<String> {
        let mark = self.announced;
        let (mut out, said) = match log {
            Some(log) => {
                let from = if log.said() < mark { 0 } else { mark };
                (log.since(from), log.said())
            }
            None => (Vec::new(), mark),
        };
        self.announced = said;
        out.append(&mut self.spoken);
        out
    }

    /// Marks everything in `log` as announced (a run just opened or resumed).
    pub fn hush(&mut self, log: Option<&Log>) {
        self.announced = log.map_or(0, Log::said);
    }
}
