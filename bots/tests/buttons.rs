//! The tap-only bots press nothing but the game's buttons: every action of the reckless
//! diver, and every action of the autopilot but its care of the torch when it gutters (oil
//! poured, the torch lit again), is
//! one that a button of the game (`autopilot::buttons::by_buttons`: explore, the stairs,
//! onward, the way out, wait, a hit beside the player) takes in that state. The daily board
//! leaves such an opening unmarked, so two tap-only players are never each other's copies.

use caves_bots::Bot;
use caves_rules::autopilot::buttons::by_buttons;
use caves_rules::builder::WorldParams;
use caves_rules::record::Header;
use caves_rules::Action;

/// The first action of `bot`'s game in the caves of `seed` that no button takes (and that
/// `allowed` does not excuse), with its index; `None` when there is none.
fn off_the_buttons(bot: Bot, seed: u64, allowed: fn(Action) -> bool) -> Option<(usize, Action)> {
    let header = Header::new(seed, WorldParams::default(), Some("2026-11-25".into()));
    let record = bot.play(header.clone()).expect("the daily caves").record;
    let mut state = header.start().expect("the daily caves");
    for (i, &a) in record.actions.iter().enumerate() {
        if !allowed(a) && !by_buttons(&state, a) {
            return Some((i, a));
        }
        state.act(a);
    }
    None
}

#[test]
fn the_tap_only_bots_press_only_the_games_buttons() {
    for seed in 1..=6 {
        assert_eq!(
            off_the_buttons(Bot::Reckless, seed, |_| false),
            None,
            "reckless, seed {seed}"
        );
        let torch_care = |a| matches!(a, Action::Use(_) | Action::Torch);
        let autopilot = off_the_buttons(Bot::Autopilot, seed, torch_care);
        assert_eq!(autopilot, None, "autopilot, seed {seed}");
    }
}

#[test]
fn the_careful_bots_choose_for_themselves() {
    // The careful bot wields, wears, drinks and steps back: not a game of buttons alone.
    let chosen = (1..=6).filter(|&s| off_the_buttons(Bot::Careful, s, |_| false).is_some());
    assert!(
        chosen.count() >= 5,
        "the careful bot plays by the buttons alone"
    );
}
