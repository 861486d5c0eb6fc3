//! How a run ends, each way in a scene on hand-drawn caves played through the rules' actions:
//! a creature's blow or stone, a bloat's spores, flames, a trapdoor's fall, a burning scroll,
//! and the climb out with the idol or without it. Each records its cause in the state's
//! `Ending`, on the level and at the turn it happened, and the log says the ending's own
//! words.
#![cfg(not(target_arch = "wasm32"))]

mod scenes;

use caves::rules::balance::{BURST_DAMAGE, FIRE_DAMAGE, KINDLING_BURN};
use caves::rules::creatures::monster::Mind;
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::item::Item;
use caves::rules::space::geom::Point;
use caves::rules::{Action, Cause, Dir, Ending, Outcome, State};
use scenes::{carry, logged, scene};

/// A hall, the way out at its west end where the player starts, moss (`q`) two cells east,
/// and a level below.
const HALL: &str = "
    ##############
    #<.q.........#
    #............#
    ##############";
const BELOW: &str = "
    ##############
    #............#
    #............#
    ##############";

fn hall() -> State {
    scene(&[HALL, BELOW], 1)
}

/// Plays `action` until the run ends (at most 200 times), and answers how it ended.
fn until_over(s: &mut State, action: Action) -> Ending {
    for _ in 0..200 {
        if let Some(end) = s.ending() {
            return end;
        }
        s.act(action);
    }
    s.ending().expect("the run ended")
}

/// A `kind` hunting the player from `at`, the player at 1 hit point waiting until the run is
/// over.
fn hunted_down(s: &mut State, kind: Creature, at: Point) {
    s.put_monster(kind, at);
    s.set_mind(at, Mind::Hunting);
    s.set_hp(1);
    until_over(s, Action::Wait);
}

/// The ending says `cause`, on level `level` after `turns` turns, lost or won by the cause,
/// and the log says the ending's words.
fn ended_by(s: &State, cause: Cause, level: i32, turns: u32) {
    let end = s.ending().expect("ended");
    assert_eq!(
        end,
        Ending {
            cause,
            level,
            turns
        }
    );
    let outcome = if cause == Cause::Won {
        Outcome::Won
    } else {
        Outcome::Lost
    };
    assert_eq!(s.outcome(), outcome);
    assert!(logged(s, &end.words()), "the log says {}", end.words());
}

#[test]
fn a_run_goes_on_without_an_ending() {
    let mut s = hall();
    s.act(Action::Wait);
    assert_eq!((s.ending(), s.outcome()), (None, Outcome::Playing));
}

#[test]
fn a_creatures_blow_ends_the_run_by_that_creature() {
    let mut s = hall();
    let rat = s.player().offset(1, 0);
    hunted_down(&mut s, Creature::Rat, rat);
    // Creatures strike after the turn is counted.
    ended_by(&s, Cause::Creature(Creature::Rat), 1, s.turn());
    assert_eq!(
        s.ending().map(|e| e.words()),
        Some(format!(
            "You were killed by a giant rat on level 1 after {} turns.",
            s.turn()
        ))
    );
}

#[test]
fn a_slingers_stone_ends_the_run_by_the_slinger() {
    let mut s = hall();
    let kobold = s.player().offset(4, 1);
    hunted_down(&mut s, Creature::Kobold, kobold);
    assert!(logged(&s, "The kobold slinger's stone hits you"), "a stone");
    ended_by(&s, Cause::Creature(Creature::Kobold), 1, s.turn());
}

#[test]
fn a_bloat_bursting_beside_the_player_ends_the_run_by_its_burst() {
    let mut s = hall();
    let bloat = s.player().offset(1, 0);
    s.put_monster(Creature::Bloat, bloat);
    s.wound_monster(bloat, 1);
    s.set_hp(BURST_DAMAGE);
    let end = until_over(&mut s, Action::Move(Dir::E));
    assert!(s.monster_at(bloat).is_none(), "the bloat burst");
    // A death in the player's own action comes before that action's turn is counted.
    ended_by(&s, Cause::Burst(Creature::Bloat), 1, s.turn() - 1);
    assert_eq!(end.turns, s.turn() - 1);
}

#[test]
fn flames_end_the_run_by_fire() {
    let mut s = hall();
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    s.set_hp(FIRE_DAMAGE);
    s.act(Action::Move(Dir::E));
    // Flames burn after the turn is counted.
    ended_by(&s, Cause::Fire, 1, s.turn());
}

#[test]
fn a_trapdoors_fall_ends_the_run_by_the_fall_on_the_level_below() {
    let mut s = scene(&[&HALL.replace('q', "u"), BELOW], 1);
    s.set_hp(1);
    s.act(Action::Move(Dir::E));
    let turn = s.turn();
    s.act(Action::Move(Dir::E));
    assert_eq!(s.player().z, 1, "fell");
    ended_by(&s, Cause::Fall, 2, turn);
}

#[test]
fn a_burning_scroll_ends_the_run_by_kindling() {
    let mut s = hall();
    let slot = carry(&mut s, Item::KindlingScroll);
    s.set_hp(KINDLING_BURN);
    let turn = s.turn();
    s.act(Action::Use(slot));
    ended_by(&s, Cause::Kindling, 1, turn);
}

#[test]
fn climbing_out_ends_the_run_won_with_the_idol_and_lost_without() {
    let mut s = hall();
    s.act(Action::Ascend);
    ended_by(&s, Cause::Left, 1, s.turn());
    assert_eq!(
        s.ending().map(|e| e.words()),
        Some("You leave the caves empty-handed.".to_string())
    );
    let mut s = hall();
    carry(&mut s, Item::Idol);
    s.act(Action::Ascend);
    ended_by(&s, Cause::Won, 1, s.turn());
}

#[test]
fn an_ended_run_keeps_its_ending_whatever_is_tried_after() {
    let mut s = hall();
    s.act(Action::Ascend);
    let end = s.ending();
    for a in [Action::Wait, Action::Move(Dir::E), Action::Ascend] {
        s.act(a);
    }
    assert_eq!(s.ending(), end);
    assert_eq!(s.player(), Point::new(1, 1, 0));
}
