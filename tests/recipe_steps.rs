//! The recipe step by step: each step's world as text on a small seeded world, compared with
//! committed fixtures, and one extra smoothing pass against the builder with one more pass.
//! Set `UPDATE_FIXTURES=1` to rewrite the fixture after a deliberate change, then review it.
#![cfg(not(target_arch = "wasm32"))]

use caves::rules::builder::{smooth_once, SmoothRule, Stage, WorldParams};

const FIXTURE: &str = "tests/fixtures/steps_20x10x2_seed7.txt";

fn small() -> WorldParams {
    WorldParams {
        width: 20,
        height: 10,
        depth: 2,
        passes: 2,
        min_region: 12,
        ..WorldParams::default()
    }
}

/// Every step of seed 7's small world as text: `== <step>` then the dump.
fn steps_text() -> String {
    let mut out = String::new();
    small().build_observed(7, |stage, world| {
        out.push_str(&format!("== {stage}\n{}", world.dump()));
    });
    out
}

#[test]
fn each_step_matches_its_fixture() {
    let text = steps_text();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, &text).expect("fixture written");
    }
    let expected = std::fs::read_to_string(&path).expect("fixture exists");
    assert_eq!(text, expected, "see {FIXTURE}");
}

#[test]
fn only_floor_and_wall_before_the_stairs() {
    for seed in 0..20 {
        small().build_observed(seed, |stage, world| {
            let text = world.dump();
            let plain = text
                .lines()
                .all(|l| l.starts_with("level") || l.chars().all(|c| c == '.' || c == '#'));
            assert_eq!(
                plain,
                stage.order() < Stage::Stairs.order(),
                "seed {seed} {stage}"
            );
        });
    }
}

#[test]
fn one_more_pass_is_the_builder_with_one_more_pass() {
    for rule in [SmoothRule::Majority, SmoothRule::FiveOfNine] {
        for (w, h, seed) in [
            (20, 10, 1),
            (64, 9, 2),
            (65, 33, 3),
            (1, 1, 4),
            (2, 50, 5),
            (130, 7, 6),
        ] {
            for passes in [0, 1, 3, 8] {
                let p = WorldParams {
                    width: w,
                    height: h,
                    depth: 2,
                    passes,
                    rule,
                    ..WorldParams::default()
                };
                let next = WorldParams {
                    passes: passes + 1,
                    ..p
                };
                let once = smooth_once(&p.build_until(seed, Stage::Smooth(passes)), rule);
                assert_eq!(
                    once,
                    next.build_until(seed, Stage::Smooth(passes + 1)),
                    "{w}x{h} seed {seed}, {passes} passes, {rule:?}"
                );
            }
        }
    }
}
