//! Doors, each rule in a scene on a hand-drawn cave played through the rules' actions:
//! walking into a closed door opens it, `C` closes the open doors beside the player, a closed
//! door stops sight and torchlight, only creatures with hands open doors, and noise passes a
//! closed door muffled.
#![cfg(not(target_arch = "wasm32"))]

mod scenes;

use scenes::{logged, scene, wait};

use caves::rules::creatures::monster::Mind;
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::tile::Tile;
use caves::rules::space::geom::Point;
use caves::rules::space::sight::Light;
use caves::rules::{Action, Dir};

/// A corridor cut in two by a closed door at (4, 1): the only way from one half to the other.
const SPLIT: &str = "
    ###############
    #<..+.........#
    ###############
";

const DOOR: Point = Point::new(4, 1, 0);

#[test]
fn walking_into_a_closed_door_opens_it_and_the_next_step_goes_through() {
    let mut s = scene(&[SPLIT], 1);
    s.act(Action::Move(Dir::E));
    s.act(Action::Move(Dir::E));
    let (here, turn) = (s.player(), s.turn());
    assert_eq!(here, DOOR.offset(-1, 0));
    s.act(Action::Move(Dir::E));
    assert_eq!(s.world().tile(DOOR), Tile::DoorOpen);
    assert_eq!(s.player(), here, "opening is the turn: the player stays");
    assert_eq!(s.turn(), turn + 1);
    assert!(logged(&s, "You open the door."));
    s.act(Action::Move(Dir::E));
    assert_eq!(s.player(), DOOR, "and then walks through");
}

#[test]
fn closing_shuts_the_open_doors_beside_you_that_nothing_is_in() {
    let mut s = scene(&[&SPLIT.replace('+', "'")], 1);
    let turn = s.turn();
    s.act(Action::CloseDoors);
    assert!(logged(&s, "There is no open door next to you."));
    assert_eq!(s.turn(), turn, "nothing to close: no turn");
    s.act(Action::Move(Dir::E));
    s.act(Action::Move(Dir::E));
    s.put_monster(Creature::Goblin, DOOR);
    s.set_mind(DOOR, Mind::Asleep);
    let turn = s.turn();
    s.act(Action::CloseDoors);
    assert!(logged(&s, "Something is in the doorway."));
    assert_eq!(s.world().tile(DOOR), Tile::DoorOpen, "not on a creature");
    assert_eq!(s.turn(), turn);
    s.clear_monsters();
    assert!(
        s.sight().in_sight(DOOR.offset(5, 0)),
        "seen through the open door"
    );
    s.act(Action::CloseDoors);
    assert!(logged(&s, "You close the door."));
    assert_eq!(s.world().tile(DOOR), Tile::DoorClosed);
    assert_eq!(s.turn(), turn + 1, "closing takes a turn");
    assert!(
        !s.sight().in_sight(DOOR.offset(5, 0)),
        "and the view beyond is gone"
    );
}

#[test]
fn a_closed_door_stops_sight_and_torchlight() {
    let s = scene(&[SPLIT], 1);
    assert!(s.sight().lit(DOOR), "the door itself is seen");
    for x in 5..9 {
        let p = Point::new(x, 1, 0);
        assert!(!s.sight().in_sight(p), "{p:?} behind the door");
        assert_eq!(s.sight().light(p), Light::Unknown, "{p:?} never lit");
    }
}

/// The turn a shade asleep behind the door notices the lit player, within `turns`, with the
/// door as drawn (`door`: '+' closed, '\'' open).
fn shade_notices(door: char, turns: u32) -> Option<u32> {
    let mut s = scene(&[&SPLIT.replace('+', &door.to_string())], 3);
    let shade = DOOR.offset(3, 0);
    s.put_monster(Creature::Shade, shade);
    s.set_mind(shade, Mind::Asleep);
    (1..=turns).find(|_| {
        s.act(Action::Wait);
        s.monsters()[0].mind == Mind::Hunting
    })
}

#[test]
fn a_closed_door_hides_the_torch_from_a_creature_behind_it() {
    assert!(
        shade_notices('\'', 200).is_some(),
        "through an open door it sees the torch"
    );
    assert_eq!(
        shade_notices('+', 400),
        None,
        "behind a closed one it never does"
    );
}

/// Where a creature of `kind` starts, awake, on the far side of the closed door, and what it
/// has done after `turns` of the player waiting on this side: the door's tile, and whether it
/// came through.
fn comes_through(kind: Creature, turns: u32) -> (Tile, bool) {
    let mut s = scene(&[SPLIT], 2);
    let start = DOOR.offset(4, 0);
    s.put_monster(kind, start);
    s.set_mind(start, Mind::Wandering);
    let mut through = false;
    for _ in 0..turns {
        s.act(Action::Wait);
        through |= s.monsters().iter().any(|m| m.pos.x <= DOOR.x);
    }
    (s.world().tile(DOOR), through)
}

#[test]
fn a_goblin_opens_the_door_but_a_bat_cannot_pass_it() {
    let (door, through) = comes_through(Creature::Goblin, 60);
    assert_eq!(door, Tile::DoorOpen, "the goblin opened it");
    assert!(through, "and came through");
    for kind in [Creature::Bat, Creature::Rat, Creature::Spider] {
        let (door, through) = comes_through(kind, 300);
        assert_eq!(door, Tile::DoorClosed, "{kind:?}");
        assert!(!through, "{kind:?}: a closed door is a wall to it");
    }
}

/// The mean turn (of `runs` seeds, 60 at most each) at which a goblin asleep five cells away
/// notices the lit player waiting, with the door between them as drawn.
fn mean_notice(door: char, runs: u64) -> f64 {
    let mut total = 0;
    for seed in 0..runs {
        let mut s = scene(&[&SPLIT.replace('+', &door.to_string())], seed);
        let goblin = DOOR.offset(2, 0);
        s.act(Action::Move(Dir::E));
        s.act(Action::Move(Dir::E));
        s.put_monster(Creature::Goblin, goblin);
        s.set_mind(goblin, Mind::Asleep);
        total += (1..=60)
            .find(|_| {
                s.act(Action::Wait);
                s.monsters()[0].mind == Mind::Hunting
            })
            .unwrap_or(60);
    }
    total as f64 / runs as f64
}

#[test]
fn noise_passes_a_closed_door_muffled() {
    let open = mean_notice('\'', 300);
    let closed = mean_notice('+', 300);
    assert!(closed < 40.0, "heard through the door ({closed:.1} turns)");
    assert!(
        closed > 1.6 * open,
        "but later than seen through an open one ({closed:.1} against {open:.1} turns)"
    );
    let mut s = scene(&[SPLIT], 4);
    let goblin = DOOR.offset(2, 0);
    s.put_monster(Creature::Goblin, goblin);
    s.set_mind(goblin, Mind::Asleep);
    wait(&mut s, 200);
    assert!(
        !logged(&s, "The goblin notices you."),
        "a creature heard, not seen, is not said to notice"
    );
}
