//! A player of the pad alone, as on a phone: hit a creature beside it, else the stairs
//! button, else explore, else wait. Every run must come to an end, won or lost: no cave
//! leaves such a player waiting with nowhere the buttons go.

use caves::app::{App, Options, Screen};
use caves::rules::{Dir, State};
use caves::save::SharedStore;

/// Presses at most this many buttons in one run.
const PRESSES: usize = 4000;
/// Waits in a row that mean the buttons have nowhere to go (resting while hurt is done by
/// the rules' own waits, a few at a time: the pad player here never rests on purpose).
const WAITS: usize = 60;

fn settle(app: &mut App) {
    for _ in 0..5000 {
        if !app.animating() {
            return;
        }
        app.tick(50.0);
    }
}

fn key_of(d: Dir) -> &'static str {
    match d {
        Dir::N => "k",
        Dir::S => "j",
        Dir::E => "l",
        Dir::W => "h",
        Dir::NE => "u",
        Dir::NW => "y",
        Dir::SE => "n",
        Dir::SW => "b",
    }
}

/// The direction of a creature beside the player that the player can see.
fn foe(s: &State) -> Option<Dir> {
    let me = s.player();
    Dir::ALL.into_iter().find(|&d| {
        let (dx, dy) = d.delta();
        let p = me.offset(dx, dy);
        s.monster_at(p).is_some() && s.sight().lit(p)
    })
}

/// Plays `seed` by the pad; answers the presses it took to end, or where it was stuck:
/// still playing after `PRESSES`, or waiting more than `WAITS` presses in a row because
/// neither the stairs button nor explore went anywhere (a wait then is a stall, even if a
/// creature ends it).
fn pad_run(seed: u64) -> Result<usize, String> {
    let store = SharedStore::default();
    let mut a = App::new(
        Box::new(store.clone()),
        Options {
            seed,
            today: "2026-11-22".into(),
            ..Options::default()
        },
    );
    a.key("Enter");
    let mut waits = 0;
    for presses in 0..PRESSES {
        if a.screen() != Screen::Play {
            let s = a.state().expect("a run");
            eprintln!(
                "seed {seed}: {:?} on level {} after {presses} presses, turn {}",
                s.outcome(),
                s.player().z + 1,
                s.turn()
            );
            return Ok(presses);
        }
        let before = a.state().map(State::hash);
        let keys: Vec<&str> = match a.state().and_then(foe) {
            Some(d) => vec![key_of(d), "Stairs", "o", "."],
            None => vec!["Stairs", "o", "."],
        };
        for k in keys {
            a.key(k);
            a.flush();
            settle(&mut a);
            if a.state().map(State::hash) != before || a.screen() != Screen::Play {
                waits = if k == "." { waits + 1 } else { 0 };
                break;
            }
        }
        if waits > WAITS {
            let s = a.state().expect("a run");
            return Err(format!(
                "seed {seed}: {waits} waits in a row at {:?} on turn {}: {:?}",
                s.player(),
                s.turn(),
                a.hint()
            ));
        }
    }
    let s = a.state().expect("a run");
    Err(format!(
        "seed {seed}: still playing after {PRESSES} presses, at {:?} on turn {}: {:?}",
        s.player(),
        s.turn(),
        a.hint()
    ))
}

#[test]
fn a_player_of_the_pad_alone_reaches_an_end() {
    let stuck: Vec<String> = (1..=12).filter_map(|seed| pad_run(seed).err()).collect();
    assert!(stuck.is_empty(), "{stuck:#?}");
}
