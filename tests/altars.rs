//! The altar's choice, in a scene on a hand-drawn cave and over many generated ones: three
//! offerings lie beside each altar; taking one turns the others to dust and the altar cold.
#![cfg(not(target_arch = "wasm32"))]

mod scenes;

use caves::rules::builder::altars::offering_cells;
use caves::rules::builder::WorldParams;
use caves::rules::items::placing::place;
use caves::rules::kinds::item::Item;
use caves::rules::kinds::tile::Tile;
use caves::rules::space::geom::Point;
use caves::rules::variants::NORMAL;
use caves::rules::{Action, Dir, Place};
use scenes::{logged, scene, ALTAR, ALTAR_CAVE};

#[test]
fn taking_one_offering_turns_the_others_to_dust_and_the_altar_cold() {
    let mut s = scene(&[ALTAR_CAVE], 1);
    let [west, north, east] = offering_cells(ALTAR);
    s.put_item(Item::Sword, west);
    s.put_item(Item::Mail, north);
    s.put_item(Item::HealingPotion, east);
    // A dart dropped two cells away is no offering.
    s.put_item(Item::Dart, Point::new(6, 3, 0));
    // From the way out at (1, 1), the north offering is three steps east.
    for _ in 0..3 {
        s.act(Action::Move(Dir::E));
    }
    assert_eq!(s.player(), north);
    s.act(Action::PickUp);
    assert!(logged(&s, "the other offerings crumble to dust"));
    assert_eq!(s.world().tile(ALTAR), Tile::ColdAltar);
    let left: Vec<(Item, Place)> = s.items().iter().map(|t| (t.kind, t.place)).collect();
    assert!(left.contains(&(Item::Mail, Place::Pack)), "{left:?}");
    assert!(!left
        .iter()
        .any(|&(k, _)| k == Item::Sword || k == Item::HealingPotion));
    assert!(left.contains(&(Item::Dart, Place::Floor(Point::new(6, 3, 0)))));
    // Dropped and taken again beside the cold altar: nothing more happens.
    s.act(Action::Drop(0));
    s.put_item(Item::Oil, east);
    s.act(Action::PickUp);
    assert!(s.items().iter().any(|t| t.kind == Item::Oil));
}

#[test]
fn every_level_but_the_first_and_last_has_an_altar_offering_oil_and_two_other_kinds() {
    let params = WorldParams::default();
    let (mut altars, mut levels) = (0, 0);
    for seed in 0..60u64 {
        let world = params.build(seed);
        let items = place(&world, seed, &NORMAL);
        for z in 0..world.depth() {
            let here = world.points_of(z, Tile::Altar);
            let middle = z > 0 && z + 1 < world.depth();
            assert!(
                here.len() <= usize::from(middle),
                "seed {seed}: level {}",
                z + 1
            );
            levels += usize::from(middle);
            for altar in here {
                altars += 1;
                let kinds: Vec<Item> = offering_cells(altar)
                    .iter()
                    .map(|&p| {
                        let here: Vec<Item> = items
                            .iter()
                            .filter(|(q, _)| *q == p)
                            .map(|&(_, k)| k)
                            .collect();
                        assert_eq!(here.len(), 1, "seed {seed}: {p:?} holds {here:?}");
                        here[0]
                    })
                    .collect();
                assert!(
                    kinds[0] != kinds[1] && kinds[1] != kinds[2] && kinds[0] != kinds[2],
                    "seed {seed}: {kinds:?}"
                );
                assert!(kinds.contains(&Item::Oil), "seed {seed}: {kinds:?}");
            }
        }
    }
    // An altar on (nearly) every middle level: only a level with no open ground lacks one.
    assert!(
        altars * 10 >= levels * 9,
        "{altars} altars on {levels} middle levels of 60 worlds"
    );
}
