//! The potions and scrolls that are a bargain, each in a scene on a hand-drawn cave played
//! through the rules' actions: what each gives, and what it costs.
#![cfg(not(target_arch = "wasm32"))]

mod scenes;

use scenes::{carry, logged, scene};

use caves::rules::balance::{FIRE_DAMAGE, KINDLING_BURN, KINDLING_FUEL};
use caves::rules::creatures::monster::Mind;
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::item::Item;
use caves::rules::kinds::tile::Tile;
use caves::rules::space::geom::Point;
use caves::rules::{Action, Dir, Outcome, State};

/// Two halls walled apart on level 1 (nothing in the far one sees the player), stairs down in
/// the near one; level 2 a hall of its own.
const TWO_HALLS: &str = "
    ################
    #<......#......#
    #......>#......#
    ################
";
const BELOW: &str = "
    ################
    #..............#
    #.............<#
    ################
";

#[test]
fn a_potion_of_flare_shows_the_whole_level_and_wakes_it() {
    let mut s = scene(&[TWO_HALLS, BELOW], 5);
    let far = Point::new(13, 2, 0);
    s.put_monster(Creature::Goblin, far);
    s.set_mind(far, Mind::Asleep);
    let slot = carry(&mut s, Item::FlarePotion);
    assert!(!s.sight().remembers(far));
    s.act(Action::Use(slot));
    assert!(s.sight().remembers(far), "the far hall is shown");
    assert_eq!(
        s.monsters()[0].mind,
        Mind::Hunting,
        "and what sleeps there hunts"
    );
    assert!(s.knows(Item::FlarePotion));
}

#[test]
fn a_potion_of_descent_sinks_the_drinker_to_the_level_below() {
    let mut s = scene(&[TWO_HALLS, BELOW], 5);
    let slot = carry(&mut s, Item::DescentPotion);
    s.act(Action::Use(slot));
    assert_eq!(s.player().z, 1, "one level down");
    assert_eq!(s.world().tile(s.player()), Tile::Floor, "not on the stairs");
    assert!(logged(&s, "sink through the floor to level 2"));
    // On the deepest level the floor holds.
    let slot = carry(&mut s, Item::DescentPotion);
    s.act(Action::Use(slot));
    assert_eq!(s.player().z, 1);
    assert!(logged(&s, "the floor holds firm"));
}

#[test]
fn a_thrown_potion_of_descent_sinks_what_it_splashes() {
    let mut s = scene(&[TWO_HALLS, BELOW], 5);
    let me = s.player();
    let orc = me.offset(4, 0);
    s.put_monster(Creature::Orc, orc);
    let slot = carry(&mut s, Item::DescentPotion);
    assert!(s.act(Action::throw(slot, 4, 0).expect("in reach")));
    assert_eq!(s.monster_at(orc), None);
    assert_eq!(s.monsters()[0].pos.z, 1, "the orc waits on level 2");
    assert!(s.knows(Item::DescentPotion), "seen to work");
}

#[test]
fn a_potion_of_fire_rings_the_drinker_with_flames_that_burn_what_stands_beside() {
    let mut s = scene(&[TWO_HALLS, BELOW], 5);
    let me = s.player();
    let rat = me.offset(1, 1);
    s.put_monster(Creature::Rat, rat);
    s.set_mind(rat, Mind::Asleep);
    let hp = s.hp();
    let slot = carry(&mut s, Item::FirePotion);
    s.act(Action::Use(slot));
    assert_eq!(
        s.world().tile(me),
        Tile::StairsUp,
        "not the drinker's own cell"
    );
    assert_eq!(s.world().tile(me.offset(1, 0)), Tile::Fire);
    let full = Creature::Rat.stats().hp;
    assert!(
        s.monster_at(rat).is_none_or(|m| m.hp <= full - FIRE_DAMAGE),
        "the rat burns"
    );
    assert!(s.hp() >= hp - 1, "the drinker is not burned");
    // Thrown, it bursts into flames where it breaks, with no torch needed.
    let mut s = scene(&[TWO_HALLS, BELOW], 5);
    s.act(Action::Torch);
    let slot = carry(&mut s, Item::FirePotion);
    assert!(s.act(Action::throw(slot, 4, 0).expect("in reach")));
    assert_eq!(s.world().tile(s.player().offset(4, 0)), Tile::Fire);
}

#[test]
fn a_scroll_of_kindling_feeds_the_torch_and_burns_the_hands() {
    let mut s = scene(&[TWO_HALLS, BELOW], 5);
    s.set_fuel(100);
    let slot = carry(&mut s, Item::KindlingScroll);
    let hp = s.hp();
    s.act(Action::Use(slot));
    assert_eq!(s.hp(), hp - KINDLING_BURN);
    assert!(s.fuel() >= 100 + KINDLING_FUEL - 2, "fuel {}", s.fuel());
    assert!(s.torch_lit());
    // Read with too few hit points, the burns kill.
    let mut s = scene(&[TWO_HALLS, BELOW], 5);
    let slot = carry(&mut s, Item::KindlingScroll);
    s.set_hp(KINDLING_BURN);
    s.act(Action::Use(slot));
    assert_eq!(s.outcome(), Outcome::Lost);
    assert!(logged(&s, "killed by a burning scroll"));
}

#[test]
fn a_scroll_of_recall_puts_the_reader_on_the_stairs_up() {
    let mut s = scene(&[TWO_HALLS, BELOW], 5);
    let up = s.player();
    for d in [Dir::E, Dir::E, Dir::SE, Dir::E] {
        s.act(Action::Move(d));
    }
    assert_ne!(s.player(), up);
    let slot = carry(&mut s, Item::RecallScroll);
    s.act(Action::Use(slot));
    assert_eq!(s.player(), up);
    assert!(s.act(Action::Ascend), "and can climb at once");
}

#[test]
fn a_scroll_of_slumber_puts_what_you_see_to_sleep_and_your_torch_out() {
    let mut s = scene(&[TWO_HALLS, BELOW], 5);
    let me = s.player();
    let (near, far) = (me.offset(3, 0), Point::new(13, 2, 0));
    for p in [near, far] {
        s.put_monster(Creature::Orc, p);
        s.set_mind(p, Mind::Hunting);
    }
    let slot = carry(&mut s, Item::SlumberScroll);
    s.act(Action::Use(slot));
    let mind = |s: &State, p: Point| s.monster_at(p).map(|m| m.mind);
    assert_eq!(mind(&s, near), Some(Mind::Asleep), "in view: asleep");
    assert_ne!(mind(&s, far), Some(Mind::Asleep), "behind the wall: awake");
    assert!(
        s.torch_doused() && s.fuel() > 0,
        "the torch is out, its fuel kept"
    );
}
