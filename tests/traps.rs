//! Pressure plates, each rule in a scene on hand-drawn caves played through the rules'
//! actions: an alarm wakes the level, a net holds, gas befuddles, a trapdoor drops whoever
//! stands on it to the level below, creatures (not fliers) and thrown items set plates off,
//! hidden plates look like floor until a step or a lit search finds them, and travel walks
//! round the plates it knows.
#![cfg(not(target_arch = "wasm32"))]

mod scenes;

use caves::rules::autopilot::travel::path;
use caves::rules::balance::{FALL_DAMAGE, GAS_TURNS, NET_TURNS};
use caves::rules::creatures::monster::Mind;
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::item::Item;
use caves::rules::kinds::tile::Tile;
use caves::rules::space::geom::Point;
use caves::rules::{Action, Dir, Place, State};
use scenes::{carry, logged, scene, wait};

/// A hall with a plate (drawn by the test) two steps east of the way out, and a level below.
fn hall(plate: char) -> State {
    let top = "
        ##############
        #<.x.........#
        #............#
        ##############"
        .replace('x', &plate.to_string());
    let below = "
        ##############
        #............#
        #............#
        ##############";
    scene(&[&top, below], 1)
}

const PLATE: Point = Point::new(3, 1, 0);

/// Where the orc of `alarm_hall` sleeps, far from the plate.
const FAR: Point = Point::new(12, 2, 0);

/// The hall with an alarm plate, and an orc asleep at its far end.
fn alarm_hall() -> State {
    let mut s = hall('a');
    s.put_monster(Creature::Orc, FAR);
    s.set_mind(FAR, Mind::Asleep);
    s
}

fn east(s: &mut State, steps: u32) {
    for _ in 0..steps {
        s.act(Action::Move(Dir::E));
    }
}

#[test]
fn a_net_plate_holds_the_player_who_steps_on_it() {
    let mut s = hall('n');
    east(&mut s, 2);
    assert_eq!(s.player(), PLATE);
    assert!(logged(&s, "A net drops over you!"));
    assert_eq!(s.webbed(), NET_TURNS);
    east(&mut s, NET_TURNS);
    assert_eq!(s.player(), PLATE, "held while the net lasts");
    east(&mut s, 1);
    assert_eq!(s.player(), PLATE.offset(1, 0), "then free");
}

#[test]
fn waiting_in_a_net_struggles_free_and_the_log_calls_it_a_net() {
    let mut s = hall('n');
    east(&mut s, 2);
    assert_eq!(s.webbed(), NET_TURNS);
    wait(&mut s, NET_TURNS - 1);
    assert_eq!(s.webbed(), 1, "each turn waited loosens it");
    assert!(logged(&s, "You struggle against the net."));
    wait(&mut s, 1);
    assert_eq!(s.webbed(), 0);
    assert!(logged(&s, "You tear free of the net."));
    assert!(!logged(&s, "web"), "a net is not a web");
    east(&mut s, 1);
    assert_eq!(s.player(), PLATE.offset(1, 0), "free");
}

#[test]
fn an_alarm_plate_wakes_every_creature_of_the_level_and_calls_it_to_the_plate() {
    let mut s = alarm_hall();
    east(&mut s, 1);
    assert_eq!(s.monsters()[0].mind, Mind::Asleep, "nothing yet");
    east(&mut s, 1);
    assert!(logged(&s, "a gong booms through the level"));
    assert_eq!(s.monsters()[0].mind, Mind::Hunting);
}

#[test]
fn a_gas_plate_befuddles_whoever_stands_on_or_beside_it() {
    let mut s = hall('v');
    let beside = PLATE.offset(1, 1);
    s.put_monster(Creature::Orc, beside);
    s.set_mind(beside, Mind::Asleep);
    east(&mut s, 2);
    assert!(logged(&s, "Gas hisses from a plate: you reel, befuddled."));
    // The turn ends after the cloud: one turn of confusion has passed.
    assert_eq!(s.confused(), GAS_TURNS - 1);
    assert!(s.monsters()[0].confused > 0, "the orc beside it too");
}

#[test]
fn a_trapdoor_drops_the_player_to_the_level_below_wounded() {
    let mut s = hall('u');
    let hp = s.hp();
    east(&mut s, 2);
    assert_eq!(s.player(), Point::new(3, 1, 1), "the cell below the plate");
    assert!(logged(&s, "The floor gives way! You fall to level 2"));
    let lost = hp - s.hp();
    assert!(
        (FALL_DAMAGE..=2 * FALL_DAMAGE).contains(&lost),
        "lost {lost}"
    );
    assert_eq!(s.world().tile(PLATE), Tile::PitPlate, "the trapdoor stays");
}

#[test]
fn a_creature_that_walks_onto_a_plate_sets_it_off_and_a_flier_does_not() {
    for (kind, held) in [(Creature::Orc, true), (Creature::Bat, false)] {
        let mut s = hall('n');
        // The creature stands east of the plate, hunting the player at the way out.
        let from = PLATE.offset(1, 0);
        s.put_monster(kind, from);
        let mut caught = false;
        for _ in 0..6 {
            s.act(Action::Wait);
            caught |= s.monsters().first().is_some_and(|m| m.held > 0);
        }
        assert_eq!(caught, held, "{kind:?}");
    }
}

#[test]
fn a_thrown_item_sets_a_plate_off() {
    let mut s = alarm_hall();
    let dart = carry(&mut s, Item::Dart);
    s.act(Action::throw(dart, 2, 0).expect("onto the plate"));
    assert!(logged(&s, "a gong booms"));
    assert_eq!(s.monsters()[0].mind, Mind::Hunting);
    assert!(s.items().iter().any(|t| t.place == Place::Floor(PLATE)));
}

#[test]
fn an_item_on_a_trapdoor_falls_with_it() {
    let mut s = hall('u');
    let dart = carry(&mut s, Item::Dart);
    s.act(Action::throw(dart, 2, 0).expect("onto the plate"));
    assert!(s
        .items()
        .iter()
        .any(|t| t.place == Place::Floor(Point::new(3, 1, 1))));
}

#[test]
fn a_hidden_plate_looks_like_floor_until_stepped_on() {
    let mut s = hall('2');
    assert_eq!(s.world().tile(PLATE).seen(), Tile::Floor);
    assert_eq!(s.world().tile(PLATE).name(), "cave floor");
    east(&mut s, 2);
    assert!(logged(&s, "A net drops over you!"));
    assert_eq!(s.world().tile(PLATE), Tile::NetPlate, "found now");
}

#[test]
fn a_lit_search_finds_a_hidden_plate_near_by_and_the_dark_does_not() {
    let mut s = hall('1');
    wait(&mut s, 20);
    assert_eq!(s.world().tile(PLATE), Tile::AlarmPlate);
    assert!(logged(&s, "You find an alarm plate."));
    // In the dark, even right beside it, no search finds it.
    let mut dark = hall('1');
    dark.act(Action::Torch);
    east(&mut dark, 1);
    wait(&mut dark, 20);
    assert_eq!(dark.world().tile(PLATE), Tile::HiddenAlarm);
}

#[test]
fn travel_walks_round_a_plate_it_knows_and_not_round_one_it_does_not() {
    let to = PLATE.offset(2, 0);
    let seen = hall('a');
    let way = path(&seen, to).expect("a way");
    let mut p = seen.player();
    for d in way {
        let (dx, dy) = d.delta();
        p = p.offset(dx, dy);
        assert_ne!(p, PLATE, "the seen plate is walked round");
    }
    let hidden = hall('1');
    let way = path(&hidden, to).expect("a way");
    assert_eq!(
        way,
        vec![Dir::E; 4],
        "straight over the floor it believes in"
    );
}
