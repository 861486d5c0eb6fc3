//! A new run's start, natively, for counting its work (not part of the tests): a page opened on
//! the day's caves shows its start screen (which makes the day's caves to show them), then
//! presses `n` for a new run and writes it, as the page does. Instruction counts do not
//! depend on the machine's load (docs/benchmarks.md):
//!
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/new_run [open]`
//!
//! With `open` it stops at the start screen: the difference between the two counts is the
//! new run's.

use caves::app::{App, Options};
use caves::save::SharedStore;

fn main() {
    let options = Options {
        today: "2026-11-22".into(),
        daily: Some("2026-11-22".into()),
        seed: 42,
        ..Options::default()
    };
    let mut app = App::new(Box::new(SharedStore::default()), options);
    if std::env::args().nth(1).as_deref() == Some("open") {
        return;
    }
    app.key("n");
    app.flush();
    assert!(app.record().is_some(), "a new run began");
}
