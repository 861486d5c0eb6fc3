//! Daily runs made by the game's rules, for the board's tests and its load benchmark: each
//! variant waits, searches and rests in a different order (its number in base 3) on the stair
//! where every run starts, then climbs out, which ends the run. Every variant below 3^12 is a
//! different record.

use caves::record::{Header, Record};
use caves::rules::builder::WorldParams;
use caves::rules::Action;

use crate::verify::daily_seed;

/// The ended daily run of `date` number `variant`.
pub fn daily_run(date: &str, variant: u32) -> Record {
    let header = Header::new(
        daily_seed(date),
        WorldParams::default(),
        Some(date.to_string()),
    );
    let mut state = match header.start() {
        Ok(s) => s,
        Err(e) => panic!("the daily caves of {date} cannot be built: {e}"),
    };
    let mut record = Record::start(header, &state);
    let mut digits = variant;
    let mut actions = Vec::new();
    for _ in 0..12 {
        actions.push([Action::Wait, Action::PickUp, Action::Rest][(digits % 3) as usize]);
        digits /= 3;
    }
    actions.push(Action::Ascend);
    for a in actions {
        if state.act(a) {
            record.push(a, &state);
        }
    }
    record
}
