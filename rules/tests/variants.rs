//! The variant seam: a variant is one table, and the rules read all of it. A table made
//! here, in no list of the game's, plays by its own goal level, torch, creatures and score,
//! and a record of it is refused by the game, which does not have it.

use caves_rules::balance::Score;
use caves_rules::builder::WorldParams;
use caves_rules::record::{DecodeError, Header, Record};
use caves_rules::variants::{self, Creatures, Goal, Variant, NORMAL};
use caves_rules::{Action, Outcome, State};

/// A short game: the idol on level 1, a torch of 40 turns, creatures at half their hit
/// points and two points less attack, and a score that counts only levels, 7 a level.
static SHORT: Variant = Variant {
    id: 200,
    name: "Short",
    start_fuel: 40,
    creatures: Creatures {
        hp_above: 0,
        hp_kept: (1, 2),
        attack_less: 2,
    },
    goal: Goal {
        idol_level: Some(1),
    },
    score: Score {
        per_level: 7,
        per_xp: 0,
        idol: 0,
        par_turns: 0,
    },
    ..NORMAL
};

fn start(seed: u64, variant: &'static Variant) -> State {
    let header = Header::new(seed, WorldParams::default(), None).in_variant(variant);
    header.start().expect("a world")
}

#[test]
fn a_variant_table_alone_makes_another_game() {
    assert!(variants::ALL.iter().all(|v| v.id != SHORT.id));
    for seed in 1..=4 {
        let (mut short, normal) = (start(seed, &SHORT), start(seed, &NORMAL));
        assert_eq!(
            short.world().depth(),
            normal.world().depth(),
            "the same caves"
        );
        assert!(normal.world().depth() > 1);
        assert_eq!(
            normal.idol().expect("an idol").z,
            normal.world().depth() - 1
        );
        assert_eq!(short.idol().expect("an idol").z, 0, "seed {seed}");
        let told = &short.log().entries()[0].text;
        assert!(told.ends_with("Find the idol on level 1."), "{told}");
        assert_eq!(short.fuel(), 40);
        for m in short.monsters() {
            let s = m.kind.stats();
            assert_eq!(m.hp, s.hp / 2, "{:?}", m.kind);
            assert_eq!(m.stats().attack, (s.attack - 2).max(1), "{:?}", m.kind);
        }
        let mut taken = 0;
        while short.outcome() == Outcome::Playing && taken < 50 {
            short.act(Action::Wait);
            taken += 1;
        }
        assert!(short.turn() >= 40, "seed {seed}");
        assert_eq!(short.fuel(), 0, "its torch burns out: seed {seed}");
        assert!(!short.torch_lit());
        assert_eq!(
            short.score(),
            7 * short.depth_reached() as u32,
            "scored by its table"
        );
    }
}

#[test]
fn a_record_of_a_variant_the_game_lacks_is_refused() {
    let state = start(3, &SHORT);
    let header = Header::new(3, WorldParams::default(), None).in_variant(&SHORT);
    let record = Record::start(header, &state);
    assert_eq!(
        Record::decode(&record.encode()),
        Err(DecodeError::Variant(SHORT.id))
    );
}
