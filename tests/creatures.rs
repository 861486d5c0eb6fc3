//! The creatures whose one rule changes how you fight, each in a scene on a hand-drawn cave
//! played through the rules' actions: the cave monkey that steals from the pack, and the
//! bloat that bursts when killed, and the gloom stalker that shuns light.
#![cfg(not(target_arch = "wasm32"))]

mod scenes;

use scenes::{carry, logged, scene};

use caves::rules::balance::{BURST_DAMAGE, BURST_FUEL, OIL_FUEL};
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::item::Item;
use caves::rules::Place;
use caves::rules::State;
use caves::rules::{Action, Dir};

/// A corridor too short for anything to stir in it.
const CORRIDOR: &str = "
    ###########
    #<........#
    ###########
";

/// A dead end with the player's way out beside it.
const DEAD_END: &str = "
    ######
    #.<..#
    ######
";

#[test]
fn a_cave_monkey_dips_into_a_burning_torch_and_runs_with_a_flask_of_its_fuel() {
    let mut s = scene(&[CORRIDOR], 1);
    carry(&mut s, Item::HealingPotion);
    s.set_fuel(900);
    s.put_monster(Creature::Monkey, s.player().offset(1, 0));
    s.act(Action::Wait);
    assert!(
        logged(&s, "dips into your torch for"),
        "its blow lands and takes"
    );
    assert_eq!(
        s.fuel(),
        900 - 1 - OIL_FUEL,
        "a flask's worth of the torch's fuel"
    );
    assert_eq!(s.monsters()[0].loot, Some(Item::Oil));
    assert_eq!(s.carried().len(), 1, "the pack is spared");

    // A torch with no more than a flask's worth left is not dipped into: the pack is.
    let mut s = scene(&[CORRIDOR], 1);
    carry(&mut s, Item::HealingPotion);
    // (The turn burns one before the monkey's blow: a flask's worth is left then.)
    s.set_fuel(OIL_FUEL + 1);
    s.put_monster(Creature::Monkey, s.player().offset(1, 0));
    s.act(Action::Wait);
    assert!(logged(&s, "snatches your"));
    assert_eq!(s.monsters()[0].loot, Some(Item::HealingPotion));
    assert_eq!(s.fuel(), OIL_FUEL, "only the turn's burn");
}

#[test]
fn a_cave_monkey_steals_from_the_pack_runs_and_drops_it_where_it_dies() {
    let mut s = scene(&[CORRIDOR], 1);
    carry(&mut s, Item::Dagger);
    s.act(Action::Equip(0));
    carry(&mut s, Item::HealingPotion);
    // A doused torch is not dipped into.
    s.act(Action::Torch);
    s.put_monster(Creature::Monkey, s.player().offset(1, 0));
    s.act(Action::Wait);
    assert!(logged(&s, "snatches your"), "its blow lands and takes");
    let kinds: Vec<(Item, Place)> = s.carried().iter().map(|t| (t.kind, t.place)).collect();
    assert_eq!(
        kinds,
        [(Item::Dagger, Place::Wielded)],
        "never what is wielded"
    );
    assert_eq!(s.monsters()[0].loot, Some(Item::HealingPotion));
    s.act(Action::Wait);
    s.act(Action::Wait);
    assert!(
        s.monsters()[0].pos.chebyshev(s.player()) >= 3,
        "it runs with it"
    );

    // Cornered in a dead end it fights, but takes nothing more; killed, it drops its loot.
    // It goes for the oil.
    let mut s = scene(&[DEAD_END], 1);
    carry(&mut s, Item::Dart);
    carry(&mut s, Item::Oil);
    carry(&mut s, Item::HealingPotion);
    let corner = s.player().offset(-1, 0);
    s.put_monster(Creature::Monkey, corner);
    s.act(Action::Wait);
    s.act(Action::Wait);
    assert_eq!(s.carried().len(), 2, "one theft only");
    let stolen = s.monsters()[0].loot.expect("it holds its loot");
    assert_eq!(stolen, Item::Oil, "the flask first");
    assert!(
        s.items().iter().all(|t| t.kind != stolen),
        "with it, not lying about"
    );
    s.wound_monster(corner, 1);
    s.act(Action::Move(Dir::W));
    assert!(s.monsters().is_empty());
    assert_eq!(s.item_at(corner), Some(stolen), "dropped where it died");
    assert!(logged(&s, "It drops your"));
}

#[test]
fn a_bloat_killed_beside_you_befuddles_you_and_one_killed_from_afar_does_not() {
    let mut s = scene(&[CORRIDOR], 2);
    let me = s.player();
    let (bloat, beyond) = (me.offset(1, 0), me.offset(2, 0));
    s.put_monster(Creature::Bloat, bloat);
    s.put_monster(Creature::Bugbear, beyond);
    s.wound_monster(bloat, 1);
    let hp = s.hp();
    s.act(Action::Move(Dir::E));
    assert!(logged(&s, "bursts in a cloud of spores: they burn you for"));
    assert!(s.hp() <= hp - BURST_DAMAGE, "burnt by the spores");
    assert!(s.confused() > 1, "befuddled for several turns");
    assert!(
        s.monsters()[0].confused > 0,
        "and so is what stood beside it"
    );

    let mut s = scene(&[CORRIDOR], 2);
    carry(&mut s, Item::Dart);
    let bloat = s.player().offset(3, 0);
    s.put_monster(Creature::Bloat, bloat);
    s.wound_monster(bloat, 1);
    s.act(Action::throw(0, 3, 0).expect("in reach"));
    assert!(s.monsters().is_empty(), "the dart kills it");
    assert!(logged(&s, "It bursts in a cloud of spores."));
    assert_eq!(s.confused(), 0, "from afar, safe");
}

/// A bloat on its last hit point east of the player, whose torch holds `fuel`.
fn bloat_beside(fuel: i32) -> State {
    let mut s = scene(&[CORRIDOR], 2);
    s.set_fuel(fuel);
    let bloat = s.player().offset(1, 0);
    s.put_monster(Creature::Bloat, bloat);
    s.wound_monster(bloat, 1);
    s
}

#[test]
fn a_bloat_killed_beside_a_burning_torch_smothers_it_and_spoils_its_fuel() {
    let mut s = bloat_beside(1000);
    s.act(Action::Move(Dir::E));
    assert!(logged(&s, "The spores smother your torch"));
    assert_eq!(
        s.fuel(),
        1000 - BURST_FUEL,
        "spoilt fuel (and the turn burns none: the torch is out)"
    );
    assert!(!s.torch_lit(), "put out");

    // Doused before the blow, the torch keeps its fuel.
    let mut s = bloat_beside(1000);
    s.act(Action::Torch);
    s.act(Action::Move(Dir::E));
    assert!(s.monsters().is_empty(), "killed");
    assert!(!logged(&s, "smother"));
    assert_eq!(s.fuel(), 1000, "doused, it burns nothing and loses nothing");

    // A torch on its last fuel loses what it has, and the log says how much.
    let mut s = bloat_beside(61);
    s.act(Action::Move(Dir::E));
    assert!(logged(
        &s,
        "The spores smother your torch: 61 turns of fuel spoilt."
    ));
    assert_eq!(s.fuel(), 0);
}

#[test]
fn a_gloom_stalker_keeps_out_of_the_torchlight_and_strikes_in_the_dark() {
    let mut s = scene(&[CORRIDOR], 3);
    let me = s.player();
    s.put_monster(Creature::Stalker, me.offset(8, 0));
    let full = s.hp();
    for _ in 0..10 {
        s.act(Action::Wait);
        let d = s.monsters()[0].pos.chebyshev(me);
        assert!(d > 7, "never into the torch's circle: {d}");
    }
    assert_eq!(s.hp(), full, "a lit torch keeps it at bay");

    s.act(Action::Torch);
    let struck = (0..12).any(|_| {
        s.act(Action::Wait);
        s.hp() < full
    });
    assert!(struck, "doused, it closes in and strikes");
    assert!(logged(&s, "The gloom stalker hits you"));

    let hp = s.hp();
    s.act(Action::Torch);
    for _ in 0..5 {
        s.act(Action::Wait);
    }
    assert_eq!(s.hp(), hp, "relit, it strikes no more");
    assert!(logged(&s, "The gloom stalker shrinks from your light."));
}

/// A corridor ending in a dead end at its east end.
const LONG_CORRIDOR: &str = "
    ##############
    #<...........#
    ##############
";

#[test]
fn a_gloom_stalker_caught_in_the_torchlight_backs_away_through_it_and_is_no_free_kill() {
    let mut s = scene(&[LONG_CORRIDOR], 3);
    let me = s.player();
    // Three cells off, well inside the torch's circle.
    s.put_monster(Creature::Stalker, me.offset(3, 0));
    for _ in 0..6 {
        s.act(Action::Move(Dir::E));
        let d = s.monsters()[0].pos.chebyshev(s.player());
        assert!(d >= 2, "it keeps away through the light: {d}");
    }
    assert!(logged(&s, "The gloom stalker shrinks from your light."));
}

#[test]
fn a_gloom_stalker_cornered_in_the_torchlight_strikes() {
    let mut s = scene(&[DEAD_END], 3);
    // The stalker in the dead end west of the player, who stands between it and the rest.
    let me = s.player();
    s.put_monster(Creature::Stalker, me.offset(-1, 0));
    let full = s.hp();
    let struck = (0..6).any(|_| {
        s.act(Action::Wait);
        s.hp() < full
    });
    assert!(struck, "cornered in the light, it fights");
    assert!(logged(&s, "The gloom stalker hits you"));
}
