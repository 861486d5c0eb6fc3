//! The cave lab, natively: stepping through the recipe, one more smoothing pass, parameter
//! changes, the shared query, and odd sizes generated in slices.
#![cfg(not(target_arch = "wasm32"))]

use caves::lab::{Lab, Step};
use caves::rules::builder::{Stage, WorldParams};

fn ready(query: &str) -> Lab {
    let mut lab = Lab::new(query, 1);
    lab.finish();
    lab
}

/// The glyph frame and the pixels of what the lab shows.
fn picture(lab: &mut Lab) -> (String, Vec<u8>) {
    let text = lab.frame().to_string();
    let (_, _, px) = lab.picture();
    (text, px.to_vec())
}

fn press(lab: &mut Lab, keys: &[&str]) {
    for k in keys {
        assert!(lab.key(k), "key {k} is used");
        lab.finish();
    }
}

#[test]
fn every_step_shows_the_recipe_world_of_that_step() {
    let mut lab = ready("lab&seed=5&w=40&h=30&d=2&passes=3");
    let p = lab.params();
    press(&mut lab, &["Home"]);
    let steps = lab.step_list().to_vec();
    assert_eq!(steps.len(), 1 + 3 + 1 + 4);
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(lab.shown(), i);
        let stage = match *step {
            Step::Stage(s) => s,
            Step::RegionView => Stage::Smooth(3),
        };
        let want = p.build_until(5, stage);
        assert_eq!(lab.shown_world(), Some(&want), "step {i}");
        press(&mut lab, &["ArrowRight"]);
    }
    assert_eq!(lab.shown_world(), Some(&p.build(5)));
}

#[test]
fn stepping_back_and_forth_returns_the_same_picture() {
    for view in [&[][..], &["v"][..], &["r"][..]] {
        let mut lab = ready("lab&seed=5");
        press(&mut lab, view);
        press(&mut lab, &["ArrowLeft", "ArrowLeft", "ArrowLeft"]);
        let before = picture(&mut lab);
        assert!(before.0.contains("Step 11 of 14"), "{}", before.0);
        press(&mut lab, &["Home", "]", "]"]);
        assert_ne!(picture(&mut lab), before);
        press(
            &mut lab,
            &["End", "[", "ArrowLeft", "ArrowLeft", "ArrowLeft", "]"],
        );
        assert_eq!(picture(&mut lab), before, "view keys {view:?}");
    }
}

#[test]
fn one_s_is_one_more_pass_of_the_builder() {
    for query in [
        "lab&seed=3&w=50&h=40&d=2",
        "lab&seed=4&w=65&h=9&d=1&passes=0&rule=five-of-nine",
        "lab&seed=6&w=1&h=1&d=1&passes=2",
    ] {
        let mut lab = ready(query);
        let p = lab.params();
        assert!(lab.key("s"));
        let next = WorldParams {
            passes: p.passes + 1,
            ..p
        };
        let want = next.build_until(lab.seed(), Stage::Smooth(next.passes));
        // Shown at once, before the later steps are generated again.
        assert_eq!(lab.shown_world(), Some(&want), "{query}");
        assert_eq!(lab.params(), next);
        lab.finish();
        assert_eq!(lab.shown_world(), Some(&want), "{query}");
        press(&mut lab, &["End"]);
        assert_eq!(lab.shown_world(), Some(&next.build(lab.seed())), "{query}");
    }
    // On an earlier pass, `s` shows the next pass.
    let mut lab = ready("lab&seed=3&w=50&h=40&passes=4");
    press(&mut lab, &["Home", "]", "s"]);
    let p = lab.params();
    assert_eq!(p.passes, 4);
    assert_eq!(lab.shown_world(), Some(&p.build_until(3, Stage::Smooth(2))));
}

#[test]
fn changing_a_parameter_regenerates_at_once() {
    let mut lab = ready("lab&seed=8");
    let before = lab.shown_world().cloned();
    // Down to "fill" (the fifth row), then one notch up.
    press(
        &mut lab,
        &["ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "+"],
    );
    let p = lab.params();
    assert_eq!(p.fill, 0.55);
    assert_eq!(lab.shown_world(), Some(&p.build(8)));
    assert_ne!(lab.shown_world().cloned(), before);
    assert!(lab.query().contains("fill=55"), "{}", lab.query());
    // Each parameter changes something, and the world always matches the recipe.
    for row in 0..8 {
        let before = (lab.params(), lab.seed());
        press(&mut lab, &["ArrowDown", "-"]);
        assert_ne!((lab.params(), lab.seed()), before, "row {row}");
        assert_eq!(
            lab.shown_world(),
            Some(&lab.params().build(lab.seed())),
            "row {row}"
        );
    }
    press(&mut lab, &["n"]);
    assert_eq!(lab.shown_world(), Some(&lab.params().build(lab.seed())));
}

#[test]
fn the_query_round_trips_and_play_carries_the_parameters() {
    let mut lab = ready("lab&seed=77&w=200&h=80&d=3&fill=45&passes=5&rule=five-of-nine&min=40");
    assert_eq!(
        lab.query(),
        "lab&seed=77&w=200&h=80&d=3&fill=45&passes=5&rule=five-of-nine&min=40"
    );
    let again = Lab::new(&lab.query(), 1);
    assert_eq!((again.params(), again.seed()), (lab.params(), lab.seed()));
    let play = lab.play_query();
    assert!(play.starts_with("seed=77&"), "{play}");
    assert_eq!(WorldParams::from_query(&play), Ok(lab.params()));
    assert_eq!(lab.take_request(), "");
    press(&mut lab, &["p"]);
    assert_eq!(lab.take_request(), "play");
    assert_eq!(lab.take_request(), "");
    assert!(!lab.key("F5") && !lab.key("Tab"));
}

#[test]
fn bad_or_huge_links_fall_back_and_say_so() {
    let mut lab = ready("lab&seed=1&fill=700");
    assert_eq!(lab.params(), WorldParams::default());
    assert!(lab.frame().to_string().contains("fill"));
    let lab = ready("lab&w=4096&h=4096&d=9");
    assert!((lab.params().width * lab.params().height) < 1 << 21);
}

#[test]
fn odd_sizes_never_panic_and_large_ones_come_in_slices() {
    for query in [
        "lab&w=1&h=1&d=1",
        "lab&w=2&h=50&d=3&passes=0",
        "lab&w=3&h=3&d=2&min=0",
        "lab&w=1024&h=1024&d=1",
    ] {
        let mut lab = Lab::new(query, 9);
        let mut slices = 0;
        while lab.pending() {
            let p = lab.progress();
            assert!((0.0..=1.0).contains(&p));
            lab.work_step();
            slices += 1;
            if slices % 3 == 0 {
                picture(&mut lab);
            }
        }
        assert_eq!(lab.progress(), 1.0);
        assert!(slices > 1, "{query}");
        for keys in [
            &["v", "r", "Home", "s", "End", ">", ">", "h", "j"][..],
            &["v", "l", "k", "<", "ArrowUp", "-"],
        ] {
            for k in keys {
                lab.key(k);
                lab.finish();
                let (w, h, px) = lab.picture();
                assert_eq!(px.len(), w * h * 4);
            }
        }
        lab.set_space(390.0, 844.0);
        let (w, h, _) = lab.picture();
        assert!(h > w, "tall layout on an upright phone");
        assert!(lab.figures().is_some());
    }
}

#[test]
fn the_touch_buttons_press_every_kind_of_key_and_the_panel_fits_above_them() {
    use caves::lab::{action, Action, BUTTONS};
    let actions: Vec<Action> = BUTTONS
        .iter()
        .map(|&(label, key, _)| {
            action(key).unwrap_or_else(|| panic!("{label}: {key} does nothing"))
        })
        .collect();
    for wanted in [
        Action::Step(-1),
        Action::Step(1),
        Action::First,
        Action::Last,
        Action::SmoothOnce,
        Action::ToggleRegions,
        Action::ToggleWhole,
        Action::Level(-1),
        Action::Level(1),
        Action::Pick(-1),
        Action::Pick(1),
        Action::Change(-1),
        Action::Change(1),
        Action::NextSeed,
        Action::Play,
    ] {
        assert!(actions.contains(&wanted), "no button for {wanted:?}");
    }
    for (label, _, spoken) in BUTTONS {
        let word: String = label.chars().filter(char::is_ascii_alphabetic).collect();
        assert!(
            spoken.contains(&word.to_lowercase()),
            "{label} is spoken as {spoken}"
        );
    }

    // An upright phone with the buttons: a shorter screen, no list of keys, and every step's
    // explanation, the parameters and the figures still on it, even under a warning.
    for query in ["lab&seed=5", "lab&seed=1&fill=700"] {
        let mut lab = ready(query);
        lab.set_space(390.0, 844.0);
        lab.set_buttons(true);
        assert_eq!(lab.size(), (48, 80));
        let (w, h, px) = lab.picture();
        assert_eq!((w, h, px.len()), (48 * 8, 80 * 8, 48 * 8 * 80 * 8 * 4));
        press(&mut lab, &["Home"]);
        for step in 0..lab.step_list().len() {
            let text = lab.frame().to_string();
            assert_eq!(text.lines().count(), 80);
            assert!(
                !text.contains("KEYS"),
                "step {step}: the buttons replace the keys"
            );
            for must in ["CAVE LAB", "PARAMETERS", "min region", "FIGURES", "made in"] {
                assert!(
                    text.contains(must),
                    "step {step} of {query}: {must} is cut off"
                );
            }
            if lab.step_list()[step] == Step::RegionView {
                assert!(
                    text.contains("about to be removed"),
                    "{query}: legend cut off"
                );
            }
            let bottom = text.lines().last().unwrap_or("");
            assert!(
                bottom.trim().is_empty(),
                "step {step}: the panel reaches the edge"
            );
            press(&mut lab, &["]"]);
        }
        lab.set_buttons(false);
        assert_eq!(lab.size(), (48, 100));
        assert!(lab.frame().to_string().contains("KEYS"));
    }
}
