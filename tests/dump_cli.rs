//! The `dump` example's command-line contract.
#![cfg(not(target_arch = "wasm32"))]

mod dump;

use caves::rules::kinds::item::Item;
use caves::rules::kinds::tile::Tile;
use dump::levels;

fn dump(args: &[&str]) -> std::process::Output {
    dump::run(args)
}

#[test]
fn prints_each_level_in_the_promised_shape() {
    let out = dump(&[
        "--seed", "5", "--width", "33", "--height", "12", "--depth", "3",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3 * (12 + 2));
    // Each cell shows a kind of terrain, or an item lying there.
    let known: String = Tile::ALL
        .iter()
        .map(|t| t.dump())
        .chain(Item::ALL.iter().map(|i| i.dump()))
        .filter(|&c| c != ' ')
        .collect();
    for z in 0..3 {
        let block = &lines[z * 14..(z + 1) * 14];
        assert_eq!(block[0], format!("level {}", z + 1));
        for row in &block[1..13] {
            assert_eq!(row.chars().count(), 33);
            assert!(row.chars().all(|c| known.contains(c)), "{row}");
        }
        assert_eq!(block[13], "");
    }
}

#[test]
fn the_whole_recipe_shows_items_on_floor_and_the_idol_on_the_last_level() {
    let out = dump(&["--seed", "3"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let levels: Vec<&str> = text.split("level ").skip(1).collect();
    assert_eq!(levels.len(), 6);
    let count = |s: &str, c: char| s.chars().filter(|&x| x == c).count();
    assert_eq!(count(levels[5], '*'), 1, "the idol lies on the last level");
    assert_eq!(count(&text, '*'), 1);
    let items: usize = "!)[?%".chars().map(|c| count(&text, c)).sum();
    assert!(items >= 10, "{items} items in six levels");
    let stopped = dump(&["--seed", "3", "--stop", "connect"]);
    let plain = String::from_utf8(stopped.stdout).expect("utf-8");
    assert!(
        !plain.contains('*') && !plain.contains('!'),
        "items only after the whole recipe"
    );
}

#[test]
fn same_seed_same_dump_and_bad_flags_explain_themselves() {
    let a = dump(&[
        "--seed", "9", "--width", "20", "--height", "5", "--depth", "2",
    ]);
    let b = dump(&[
        "--seed", "9", "--width", "20", "--height", "5", "--depth", "2",
    ]);
    assert_eq!(a.stdout, b.stdout);
    let bad = dump(&["--width", "wide"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--width must be a whole number"));
}

/// The levels of a dump, each as its rows.
fn chars(out: &std::process::Output) -> String {
    levels(out).concat().concat()
}

const SMALL: [&str; 8] = [
    "--seed", "4", "--width", "30", "--height", "12", "--depth", "2",
];

fn small(more: &[&str]) -> std::process::Output {
    dump(&[&SMALL[..], more].concat())
}

#[test]
fn fill_sets_the_share_of_floor() {
    let none = chars(&small(&["--fill", "0", "--stop", "fill"]));
    assert!(none.chars().all(|c| c == '#'));
    let all = chars(&small(&["--fill", "1", "--stop", "fill"]));
    assert!(all.chars().all(|c| c == '.'));
    let some = chars(&small(&["--fill", "0.3", "--stop", "fill"]));
    let share = some.chars().filter(|&c| c == '.').count() as f64 / some.len() as f64;
    assert!((0.15..0.45).contains(&share), "{share}");
}

#[test]
fn passes_and_rule_change_the_smoothing() {
    let fill = small(&["--stop", "fill"]);
    let zero = small(&["--passes", "0", "--stop", "smooth"]);
    assert_eq!(levels(&fill), levels(&zero), "no passes: the fill itself");
    let one = small(&["--passes", "1", "--stop", "smooth"]);
    let two = small(&["--passes", "2", "--stop", "smooth"]);
    assert_ne!(levels(&one), levels(&two));
    let majority = small(&["--passes", "2", "--rule", "majority", "--stop", "smooth"]);
    assert_eq!(levels(&majority), levels(&two), "majority is the default");
    let five = small(&[
        "--passes",
        "2",
        "--rule",
        "five-of-nine",
        "--stop",
        "smooth",
    ]);
    assert_ne!(
        levels(&five),
        levels(&two),
        "the rules differ on the border"
    );
}

#[test]
fn min_region_fills_in_small_regions() {
    let kept = chars(&small(&["--min-region", "0", "--stop", "regions"]));
    let smooth = chars(&small(&["--stop", "smooth"]));
    assert_eq!(kept, smooth, "a minimum of 0 removes nothing");
    let gone = chars(&small(&["--min-region", "100000", "--stop", "regions"]));
    assert!(gone.chars().all(|c| c == '#'));
}

#[test]
fn stop_ends_the_recipe_after_each_step() {
    let whole = small(&[]);
    assert_eq!(levels(&small(&["--stop", "features"])), levels(&whole));
    for step in ["fill", "smooth", "regions"] {
        let text = chars(&small(&["--stop", step]));
        assert!(text.chars().all(|c| c == '.' || c == '#'), "{step}");
    }
    let stairs = levels(&small(&["--stop", "stairs"]));
    let all: String = stairs.concat().concat();
    assert!(
        all.contains('>') && all.contains('<'),
        "stairs join the levels"
    );
    assert!(!stairs[0].concat().contains('<'), "the way out comes later");
    let connect = levels(&small(&["--stop", "connect"]));
    assert_eq!(connect[0].concat().matches('<').count(), 1, "the way out");
    assert!(connect
        .concat()
        .concat()
        .chars()
        .all(|c| ".#<>".contains(c)));
}

#[test]
fn bad_values_get_a_message_and_exit_code_2() {
    for (args, message) in [
        (
            &["--fill", "1.5"][..],
            "--fill must be a number from 0 to 1",
        ),
        (&["--fill", "-0.1"], "--fill must be a number from 0 to 1"),
        (&["--fill", "half"], "--fill must be a number from 0 to 1"),
        (&["--fill", "NaN"], "--fill must be a number from 0 to 1"),
        (&["--passes", "many"], "--passes must be a whole number"),
        (
            &["--passes", "65"],
            "--passes must be a whole number from 0 to 64",
        ),
        (&["--passes", "-1"], "--passes must be a whole number"),
        (
            &["--rule", "conway"],
            "--rule must be majority or five-of-nine",
        ),
        (
            &["--min-region", "big"],
            "--min-region must be a whole number",
        ),
        (
            &["--stop", "done"],
            "--stop must be one of fill, smooth, regions",
        ),
        (
            &["--height", "0"],
            "--height must be a whole number from 1 to 4096",
        ),
        (&["--depth", "x"], "--depth must be a whole number"),
        (&["--stop"], "--stop needs a value"),
        (&["--colour", "red"], "unknown option '--colour'"),
    ] {
        let out = dump(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
#[cfg(unix)]
fn arguments_that_are_not_text_get_a_message_and_exit_code_2() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    for args in [
        vec![
            OsString::from("--height"),
            OsString::from_vec(b"\xff1".to_vec()),
        ],
        vec![
            OsString::from_vec(b"--w\xffidth".to_vec()),
            OsString::from("9"),
        ],
    ] {
        let out = dump::run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("arguments must be text (UTF-8)"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn every_item_the_game_places_shows_on_its_cell_over_the_level() {
    use caves::rules::builder::WorldParams;
    let (seed, w, h, d) = (21u64, 120, 50, 4);
    let out = dump(&[
        "--seed", "21", "--width", "120", "--height", "50", "--depth", "4",
    ]);
    let shown = levels(&out);
    let params = WorldParams {
        width: w,
        height: h,
        depth: d,
        ..WorldParams::default()
    };
    let world = params.build(seed);
    // Drawn by hand: each level's text, then each item on its cell in the order placed.
    let mut expected: Vec<Vec<Vec<char>>> = (0..d)
        .map(|z| {
            world
                .level_text(z)
                .lines()
                .map(|l| l.chars().collect())
                .collect()
        })
        .collect();
    let items = caves::rules::items::placing::place(&world, seed, &caves::rules::variants::NORMAL);
    assert!(items.len() > 20, "{} items", items.len());
    for (p, item) in items {
        expected[p.z as usize][p.y as usize][p.x as usize] = item.dump();
    }
    let expected: Vec<Vec<String>> = expected
        .into_iter()
        .map(|rows| rows.into_iter().map(|r| r.into_iter().collect()).collect())
        .collect();
    assert_eq!(shown, expected);
}

#[test]
fn kinds_lists_every_kind_tab_separated_with_its_first_level() {
    let out = dump(&["--kinds", "--depth", "4"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    assert!(rows.iter().all(|r| r.len() == 4), "{text}");
    for family in ["terrain", "creature", "item"] {
        assert!(rows.iter().any(|r| r[0] == family), "no {family} in {text}");
    }
    assert!(rows.contains(&vec!["creature", "orc", "o", "2"]), "{text}");
    // The idol lies on the deepest level of the caves asked for.
    assert!(
        rows.contains(&vec!["item", "golden idol", "*", "4"]),
        "{text}"
    );
    assert!(
        rows.contains(&vec!["terrain", "solid rock", " ", "-"]),
        "{text}"
    );
    // Every character of a world's dump is a listed kind's.
    let world = dump(&["--seed", "3"]);
    let chars: String = String::from_utf8(world.stdout).expect("utf-8");
    for c in chars
        .lines()
        .filter(|l| !l.starts_with("level"))
        .flat_map(str::chars)
    {
        assert!(
            rows.iter().any(|r| r[2] == c.to_string()),
            "{c:?} is no kind's"
        );
    }
}

#[test]
fn the_character_table_of_the_world_page_names_every_character_of_a_dump() {
    let page = include_str!("../docs/world.md");
    let table = page
        .split("| char | tile |")
        .nth(1)
        .expect("the world page has the dump's character table");
    // The first column of each row: its characters, each between backticks.
    let listed: Vec<char> = table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .flat_map(|l| {
            l.split('|')
                .nth(1)
                .unwrap_or("")
                .split('`')
                .skip(1)
                .step_by(2)
        })
        .filter_map(|c| c.chars().next())
        .collect();
    let shown = Tile::ALL
        .iter()
        .filter(|&&t| t != Tile::Bounds)
        .map(|t| (t.dump(), t.name()))
        .chain(Item::ALL.iter().map(|i| (i.dump(), i.name())));
    for (c, name) in shown {
        assert!(listed.contains(&c), "{c:?} ({name}) is not in the table");
    }
}
