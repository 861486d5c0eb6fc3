//! Random actions of every kind on generated caves, in both variants, checking what must hold
//! after each one whatever the player does: no creature stands on the player's cell or on
//! another creature's, everyone stands on open ground, the player's hit points stay within
//! their maximum, the turn never goes back, and a flask of oil never takes fuel away. (Flasks
//! are put underfoot now and then, so that oil is poured often.)
#![cfg(not(target_arch = "wasm32"))]

use caves::rules::builder::WorldParams;
use caves::rules::kinds::item::Item;
use caves::rules::rng::seeded;
use caves::rules::testing::any_action;
use caves::rules::variants;
use caves::rules::{Action, Outcome, State};

#[test]
fn whatever_the_player_does_everyone_stands_apart_on_open_ground_and_oil_never_lowers_the_fuel() {
    let mut ascents = 0;
    let mut oil = 0;
    let mut fires = 0;
    for variant in variants::ALL {
        for seed in 0..24 {
            let mut s = State::in_variant(seed, &WorldParams::default(), variant).expect("a world");
            let mut rng = seeded(seed ^ 0x5eed);
            for n in 0..4000 {
                if s.outcome() != Outcome::Playing {
                    break;
                }
                // A flask of oil turns up underfoot now and then, to be picked up and poured.
                if n % 150 == 0 {
                    s.put_item(Item::Oil, s.player());
                }
                let a = any_action(&s, &mut rng);
                let pouring = matches!(a, Action::Use(slot)
                    if s.carried().get(usize::from(slot)).is_some_and(|t| t.kind == Item::Oil));
                let (fuel, turn) = (s.fuel(), s.turn());
                s.act(a);
                ascents += usize::from(a == Action::Ascend);
                fires += usize::from(matches!(a, Action::Kindle(_)) && s.turn() > turn);
                if pouring {
                    oil += 1;
                    // The turn the oil was poured in burns one.
                    assert!(
                        s.fuel() >= fuel - 1,
                        "{} seed {seed}, action {n}: oil took the fuel from {fuel} to {}",
                        variant.name,
                        s.fuel()
                    );
                }
                let at = format!("{} seed {seed}, action {n} ({a:?})", variant.name);
                assert!(
                    s.monster_at(s.player()).is_none(),
                    "{at}: a creature on the player's cell"
                );
                assert!(s.turn() >= turn, "{at}: the turn went back");
                assert!(
                    s.hp() <= s.max_hp(),
                    "{at}: {} of {} hit points",
                    s.hp(),
                    s.max_hp()
                );
                if s.outcome() == Outcome::Playing {
                    let tile = s.world().tile(s.player());
                    assert!(tile.is_open(), "{at}: the player on {tile:?}");
                }
                let creatures = s.monsters();
                for (i, m) in creatures.iter().enumerate() {
                    let tile = s.world().tile(m.pos);
                    assert!(tile.is_open(), "{at}: a {:?} on {tile:?}", m.kind);
                    assert!(
                        creatures[i + 1..].iter().all(|o| o.pos != m.pos),
                        "{at}: two creatures on {:?}",
                        m.pos
                    );
                }
            }
        }
    }
    // The checks ran where they bite: many climbs, oil poured, fires set.
    assert!(
        ascents > 100 && oil > 10 && fires > 10,
        "{ascents} climbs, {oil} flasks, {fires} fires"
    );
}
