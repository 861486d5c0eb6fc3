//! What the board keeps as the cause of a run's end (`verify::end_of`), for each way a run
//! ends, each in a scene on hand-drawn caves played through the rules' actions: the name of
//! what killed the player, read from the rules' `Ending` (a creature's name, "fire", "fall",
//! "burning scroll"), else the rules' words of the end.

use caves_rules::balance::{BURST_DAMAGE, FIRE_DAMAGE, KINDLING_BURN};
use caves_rules::creatures::monster::Mind;
use caves_rules::kinds::creature::Creature;
use caves_rules::kinds::item::Item;
use caves_rules::space::world::World;
use caves_rules::{Action, Dir, State};
use caves_server::verify::{end_of, End};

/// A hall, the way out at its west end where the player starts, `x` two cells east (moss `q`
/// or a trapdoor `u`), and a level below.
fn hall(x: char) -> State {
    let top = "
        ##############
        #<.x.........#
        #............#
        ##############"
        .replace('x', &x.to_string());
    let below = "
        ##############
        #............#
        #............#
        ##############";
    let world = World::from_text(&[&top, below]).expect("valid fixture");
    let mut s = State::in_world(world, 1).expect("the fixture has floor");
    s.clear_monsters();
    s.clear_items();
    s
}

/// Plays `action` until the run ends (at most 200 times): where the board says it ended.
fn until_over(mut s: State, action: Action) -> End {
    for _ in 0..200 {
        if s.ending().is_some() {
            break;
        }
        s.act(action);
    }
    assert!(s.ending().is_some(), "the run ended");
    end_of(&s)
}

/// A creature of `kind` hunting at (`dx`, `dy`) from the player, who has `hp` hit points
/// left and does `action` until the run ends.
fn by(kind: Creature, dx: i32, dy: i32, hp: i32, action: Action) -> End {
    let mut s = hall('.');
    let at = s.player().offset(dx, dy);
    s.put_monster(kind, at);
    s.set_mind(at, Mind::Hunting);
    s.set_hp(hp);
    until_over(s, action)
}

/// The player, with `hp` hit points, carries an item of `kind` and then does `action`.
fn carrying(kind: Item, hp: i32, action: impl Fn(u8) -> Action) -> End {
    let mut s = hall('.');
    s.put_item(kind, s.player());
    s.act(Action::PickUp);
    let slot = s
        .carried()
        .iter()
        .position(|t| t.kind == kind)
        .expect("carried") as u8;
    s.set_hp(hp);
    until_over(s, action(slot))
}

#[test]
fn a_creature_that_kills_is_named_by_its_kind() {
    assert_eq!(by(Creature::Rat, 1, 0, 1, Action::Wait).cause, "giant rat");
    // A slinger's stone: the name the old reading of the words had to search the longest
    // name for ("kobold slinger", not "kobold").
    assert_eq!(
        by(Creature::Kobold, 4, 1, 1, Action::Wait).cause,
        "kobold slinger"
    );
    let mut s = hall('.');
    let bloat = s.player().offset(1, 0);
    s.put_monster(Creature::Bloat, bloat);
    s.wound_monster(bloat, 1);
    s.set_hp(BURST_DAMAGE);
    assert_eq!(until_over(s, Action::Move(Dir::E)).cause, "bloat");
}

#[test]
fn fire_a_fall_and_a_burning_scroll_are_named_by_a_word() {
    let mut s = hall('q');
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    s.set_hp(FIRE_DAMAGE);
    assert_eq!(until_over(s, Action::Move(Dir::E)).cause, "fire");
    let mut s = hall('u');
    s.set_hp(1);
    let end = until_over(s, Action::Move(Dir::E));
    assert_eq!(
        end,
        End {
            depth: 2,
            x: 3,
            y: 1,
            cause: "fall".into()
        }
    );
    assert_eq!(
        carrying(Item::KindlingScroll, KINDLING_BURN, Action::Use).cause,
        "burning scroll"
    );
}

#[test]
fn a_climb_out_is_told_in_the_rules_words_and_a_run_going_on_has_no_cause() {
    assert_eq!(
        until_over(hall('.'), Action::Ascend).cause,
        "You leave the caves empty-handed."
    );
    let won = carrying(Item::Idol, 10, |_| Action::Ascend);
    assert!(
        won.cause
            .starts_with("You climb into the daylight with the golden idol after "),
        "{}",
        won.cause
    );
    let mut s = hall('.');
    s.act(Action::Wait);
    assert_eq!(end_of(&s).cause, "");
}
