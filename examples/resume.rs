//! The page's resume and key presses, natively, for counting their work (not part of the
//! tests): an app continues the committed 10,000-action survivor from a store, as Enter on
//! the start screen does (the world rebuilt, every action replayed, the run written), then
//! presses `KEYS` moves back and forth, each followed by the frame and the write, as the page
//! does. Instruction counts do not depend on the machine's load (docs/benchmarks.md):
//!
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/resume [KEYS]`
//!
//! With 0 keys it counts the resume; the difference between two counts is the keys' share.

use caves::app::draw::compose;
use caves::app::{App, Options};
use caves::record::Record;
use caves::save::{Saves, SharedStore};
use std::hint::black_box;

fn main() {
    let keys: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let store = SharedStore::default();
    let text = include_str!("../tests/records/survivor.txt");
    let record = Record::from_text(text.trim()).expect("the survivor decodes");
    Saves::new(Box::new(store.clone()))
        .write(1, &record, "2026-11-22", (1, 1))
        .expect("a memory store takes the run");
    let options = Options {
        today: "2026-11-22".into(),
        ..Options::default()
    };
    let mut app = App::new(Box::new(store), options);
    app.key("Enter");
    let at = |app: &App| app.state().map(|s| s.player());
    let played = |app: &App| app.record().map_or(0, |r| r.actions.len());
    assert_eq!(played(&app), record.actions.len(), "the survivor resumed");
    // A direction whose step and the step back both move the player.
    let pairs = [("h", "l"), ("k", "j"), ("y", "n"), ("u", "b")];
    let mut there_and_back = pairs.into_iter().flat_map(|(a, b)| [(a, b), (b, a)]);
    let (go, back) = there_and_back
        .find(|&(go, back)| {
            let from = at(&app);
            app.key(go);
            let moved = at(&app) != from;
            app.key(back);
            moved && at(&app) == from
        })
        .expect("room to step back and forth");
    for i in 0..keys {
        app.key(if i % 2 == 0 { go } else { back });
        black_box(app.output());
        black_box(compose(&app));
        app.flush();
    }
    println!("{} actions", played(&app));
}
