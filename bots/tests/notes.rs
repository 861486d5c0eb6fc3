//! The bots' notes: why a bot took an action, kept beside its game for a watcher to learn its
//! tactics by. Notes are written, never read: a game played while its notes are thrown away
//! after every action is the same game, and each note sits on an action that does what it
//! says.

use caves_bots::{Bot, Game, Run, MAX_NOTES};
use caves_rules::builder::WorldParams;
use caves_rules::record::{Header, Record};
use caves_rules::{Action, Outcome};

/// The games the tests play: the daily's world (each a game of thousands of actions, so the
/// tactics come up), on `seeds`.
fn headers(seeds: &[u64]) -> impl Iterator<Item = Header> + '_ {
    seeds
        .iter()
        .map(|&seed| Header::new(seed, WorldParams::default(), Some("2026-11-24".into())))
}

/// `bot`'s game of `header` played by hand, its notes cleared before every action: what a
/// policy would do if nothing it ever noted were there.
fn without_notes(bot: Bot, header: Header) -> Record {
    let mut g = Game::with_state(header.start().expect("worlds have floor"));
    let mut record = Record::start(header, &g.state);
    let policy = bot.policy();
    while g.state.outcome() == Outcome::Playing && g.taken.len() < caves_bots::MAX_ACTIONS {
        g.notes.clear();
        let a = policy(&mut g);
        g.act(a);
        record.push(a, &g.state);
    }
    record
}

#[test]
fn notes_do_not_change_the_game() {
    for (bot, seed) in [(Bot::Expert, 1), (Bot::Careful, 2)] {
        for header in headers(&[seed]) {
            let seed = header.seed;
            let run = bot.play(header.clone()).expect("worlds have floor");
            assert!(
                !run.notes.is_empty(),
                "the {} bot noted nothing",
                bot.name()
            );
            assert!(
                run.record == without_notes(bot, header),
                "the {} bot's game of seed {seed} hangs on its notes",
                bot.name()
            );
        }
    }
}

/// Each note of `run` in order, on an action of its game, said by its bot.
fn check_notes(bot: Bot, run: &Run) {
    let actions = &run.record.actions;
    assert!(run.notes.len() <= MAX_NOTES);
    assert!(run.notes.windows(2).all(|w| w[0].0 < w[1].0));
    let said = format!("The {} bot ", bot.name());
    for (at, text) in &run.notes {
        assert!(*at < actions.len(), "a note past the game's end: {text}");
        assert!(text.starts_with(&said) && text.ends_with('.'), "{text}");
        // What the note says is the action it sits on.
        let a = actions[*at];
        if text.contains("douses its torch") {
            assert_eq!(a, Action::Torch, "{text}");
        }
        if text.contains("rests with nothing in view") {
            assert_eq!(a, Action::Rest, "{text}");
        }
        if text.contains("drinks") || text.contains("reads its way") || text.contains("feeds") {
            assert!(matches!(a, Action::Use(_)), "{text}: {a:?}");
        }
        if text.contains("throws") {
            assert!(matches!(a, Action::Throw { .. }), "{text}: {a:?}");
        }
    }
}

#[test]
fn each_note_sits_on_the_action_it_explains() {
    let mut douses = 0;
    for header in headers(&[1, 3]) {
        let run = Bot::Expert.play(header).expect("worlds have floor");
        check_notes(Bot::Expert, &run);
        douses += run
            .notes
            .iter()
            .filter(|(_, t)| t.contains("douses its torch"))
            .count();
    }
    assert!(
        douses > 0,
        "the expert never doused its torch for a shade or a bloat"
    );
}
