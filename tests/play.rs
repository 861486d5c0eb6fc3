//! Scripted games on hand-drawn worlds, played through keys and checked through the composed
//! frame as text.
#![cfg(not(target_arch = "wasm32"))]

use caves::app::draw::compose;
use caves::app::{App, Screen};
use caves::rules::items::looks::Seen;
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::item::Item;
use caves::rules::space::geom::Point;
use caves::rules::space::world::World;
use caves::rules::{Action, Outcome, State};
use caves::save::SharedStore;
use caves::view::layout::Layout;

const SIDEBAR: usize = Layout::DESKTOP.sidebar as usize;

/// Two levels: the way out '<' top left, stairs down at the right; below, one floor tile
/// (where the idol must lie) beside the stairs up.
fn fixture() -> App {
    let level1 = "
        ######
        #<..>#
        #....#
        ######
    ";
    let level2 = "
        ######
        ####<#
        ###.##
        ######
    ";
    let world = World::from_text(&[level1, level2]).expect("valid fixture");
    App::scene(State::in_world(world, 7).expect("the fixture has floor"))
}

fn state(app: &App) -> &State {
    app.state().expect("a run")
}

fn press(app: &mut App, keys: &[&str]) {
    for k in keys {
        app.key(k);
    }
}

/// The top-left `w` x `h` cells of the map view.
fn map(app: &App, w: usize, h: usize) -> String {
    compose(app)
        .to_string()
        .lines()
        .take(h)
        .map(|l| l.chars().skip(SIDEBAR).take(w).collect::<String>() + "\n")
        .collect()
}

/// The non-empty lines of the log box, without its border.
fn log_lines(app: &App) -> Vec<String> {
    compose(app)
        .to_string()
        .lines()
        .skip(43)
        .take(6)
        .map(|l| l.chars().skip(SIDEBAR + 1).collect::<String>())
        .map(|l| l.trim_matches(|c| c == '│' || c == ' ').to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

fn last_log(app: &App) -> String {
    log_lines(app).last().cloned().unwrap_or_default()
}

#[test]
fn start_screen_explains_the_goal_and_any_key_starts() {
    let mut app = App::new(
        Box::new(SharedStore::default()),
        caves::app::Options::default(),
    );
    let text = compose(&app).to_string();
    assert!(text.contains("C A V E S") && text.contains("Press any key"));
    assert!(text.contains("golden idol") && text.contains("New run: seed 0"));
    assert!(!app.key("Shift"), "a modifier alone does not start");
    assert!(app.key("x"));
    assert_eq!(app.screen(), Screen::Play);
}

#[test]
fn the_scene_shows_the_cave_around_the_player() {
    let app = fixture();
    assert_eq!(map(&app, 6, 4), "▒▒▒▒▒▒\n▒@··>▒\n▒····▒\n▒▒▒▒▒▒\n");
}

#[test]
fn walls_block_and_repeated_bumps_fold() {
    let mut app = fixture();
    press(&mut app, &["k", "k", "ArrowUp"]);
    assert_eq!(state(&app).turn(), 0, "bumping takes no turn");
    assert_eq!(last_log(&app), "You bump into the cave wall. (x3)");
}

#[test]
fn unbound_keys_change_nothing() {
    let mut app = fixture();
    let before = compose(&app);
    for k in ["Q", "F5", "Tab", "ArrowLeftt", "Ü"] {
        assert!(!app.key(k), "{k}");
    }
    assert_eq!(compose(&app), before);
}

#[test]
fn help_opens_and_closes_back_to_the_same_frame() {
    let mut app = fixture();
    press(&mut app, &["l"]);
    let before = compose(&app);
    app.key("?");
    let help = compose(&app).to_string();
    assert!(help.contains("Help") && help.contains("move west, south, north, east"));
    app.key("Escape");
    assert_eq!(compose(&app), before);
}

#[test]
fn down_for_the_idol_and_out_to_win() {
    let mut app = fixture();
    press(&mut app, &[">"]);
    assert_eq!(last_log(&app), "You are not on stairs down.");
    press(&mut app, &["l", "6", "ArrowRight"]);
    assert_eq!(map(&app, 6, 2), "▒▒▒▒▒▒\n▒<··@▒\n");
    app.key(">");
    assert_eq!(last_log(&app), "You walk down the stairs to level 2.");
    // Only what the torch reaches in line of sight shows; the rest of level 2 is dark.
    assert_eq!(map(&app, 6, 3), "   ▒▒▒\n   ▒@▒\n  ▒$▒▒\n");
    assert!(compose(&app).to_string().contains("Level 2 of 2"));
    app.key("b");
    assert!(state(&app).carrying_idol());
    assert_eq!(map(&app, 6, 3), "   ▒▒▒\n  ▒▒<▒\n  ▒@▒▒\n");
    press(&mut app, &["u", "<"]);
    assert_eq!(last_log(&app), "You walk up the stairs to level 1.");
    press(&mut app, &["Home", "b", "h", "y"]);
    assert_eq!(state(&app).player(), Point::new(1, 1, 0));
    app.key("<");
    assert_eq!(app.screen(), Screen::Ended);
    assert_eq!(state(&app).outcome(), Outcome::Won);
    let text = compose(&app).to_string();
    assert!(text.contains("YOU WIN") && text.contains("golden idol"));
    app.key("Enter");
    assert_eq!(app.screen(), Screen::Play);
    assert_eq!(state(&app).seed(), 8, "a new game takes the next seed");
}

#[test]
fn the_way_out_asks_before_leaving_without_the_idol() {
    let mut app = fixture();
    let start = state(&app).player();
    app.take_announcements();
    app.key("<");
    assert_eq!(app.screen(), Screen::Play, "the first '<' only asks");
    assert_eq!(state(&app).turn(), 0);
    let question = app.hint().unwrap_or_default().to_string();
    assert!(
        question.contains("Leave without the idol") && question.contains("Press < again or y"),
        "{question}"
    );
    assert!(
        compose(&app).to_string().contains("Leave without the idol"),
        "shown"
    );
    assert_eq!(app.take_announcements(), [question], "and said aloud");
    // Any other key stays, and does nothing else: 'l' does not step east.
    app.key("l");
    assert_eq!(app.hint(), Some("You stay in the caves."));
    assert_eq!((state(&app).player(), state(&app).turn()), (start, 0));
    assert_eq!(app.take_announcements(), ["You stay in the caves."]);
    // Asked again, 'y' leaves.
    press(&mut app, &["<", "y"]);
    assert_eq!(app.screen(), Screen::Ended);
    assert_eq!(state(&app).outcome(), Outcome::Lost);
}

#[test]
fn leaving_without_the_idol_loses() {
    let mut app = fixture();
    press(&mut app, &["<", "<"]);
    assert_eq!(app.screen(), Screen::Ended);
    assert_eq!(state(&app).outcome(), Outcome::Lost);
    assert!(compose(&app)
        .to_string()
        .contains("You leave the caves empty-handed."));
}

#[test]
fn a_default_game_scrolls_with_the_player() {
    let mut app = App::new(
        Box::new(SharedStore::default()),
        caves::app::Options {
            seed: 43,
            ..Default::default()
        },
    );
    app.key("Enter");
    let start = state(&app).player();
    let moves = ["l", "j", "h", "k", "y", "u", "b", "n"];
    for i in 0..120 {
        app.key(moves[(i / 7) % moves.len()]);
    }
    assert_eq!(app.screen(), Screen::Play, "still alive");
    let p = state(&app).player();
    assert_ne!(p, start);
    let w = state(&app).world();
    let (sx, sy) = Layout::DESKTOP.scroll(p, w.width(), w.height());
    let at = compose(&app)
        .get(SIDEBAR as i32 + p.x - sx, p.y - sy)
        .expect("player in view");
    assert_eq!(at.glyph, b'@');
}

#[test]
fn a_world_without_floor_is_a_clear_error() {
    let world = World::from_text(&["###\n###\n###"]).expect("valid");
    let err = State::in_world(world, 1).expect_err("no floor");
    assert_eq!(err.to_string(), "level 1 has no floor to stand on");
}

/// A long dead-end corridor with a creature placed at its end by hand.
fn corridor_with(creature: Creature) -> App {
    corridor_seeded(creature, 3)
}

/// The corridor of `corridor_with` on the game seed `seed`.
fn corridor_seeded(creature: Creature, seed: u64) -> App {
    let level = "
        ##############################
        #<..........................##
        ##############################
    ";
    let world = World::from_text(&[level]).expect("valid fixture");
    let mut state = State::in_world(world, seed).expect("floor");
    state.clear_monsters();
    state.put_monster(creature, Point::new(4, 1, 0));
    App::scene(state)
}

/// A fight, played by pressing `l` until one dies, ends on the screen that fits its
/// outcome: the end screen naming the creature, or play with the creature gone. A lone orc
/// loses to a fresh player and a bugbear mostly wins, so over both and many seeds the test
/// sees both outcomes, and checks each.
#[test]
fn fighting_until_one_dies_ends_on_the_right_screen() {
    let (mut lost, mut won) = (0, 0);
    for (creature, name) in [(Creature::Orc, "orc"), (Creature::Bugbear, "bugbear")] {
        for seed in 0..20 {
            let mut app = corridor_seeded(creature, seed);
            for _ in 0..200 {
                if app.screen() != Screen::Play || state(&app).monsters().is_empty() {
                    break;
                }
                app.key("l");
            }
            let text = compose(&app).to_string();
            let log = state(&app).log().entries().to_vec();
            if state(&app).outcome() == Outcome::Lost {
                lost += 1;
                assert!(
                    text.contains(&format!("You were killed by a {name} on level 1")),
                    "seed {seed}: {text}"
                );
            } else {
                won += 1;
                assert!(state(&app).monsters().is_empty(), "seed {seed}");
                assert!(log
                    .iter()
                    .any(|e| e.text == format!("You kill the {name}.")));
            }
            let hit = format!("The {name} hits you for");
            assert!(log.iter().any(|e| e.text.starts_with(&hit)), "seed {seed}");
        }
    }
    assert!(
        lost > 0 && won > 0,
        "both outcomes met: lost {lost}, won {won}"
    );
}

#[test]
fn a_bugbear_kills_a_player_who_only_waits() {
    let mut app = corridor_with(Creature::Bugbear);
    for _ in 0..300 {
        if app.screen() != Screen::Play {
            break;
        }
        app.key(".");
    }
    assert_eq!(app.screen(), Screen::Ended);
    let text = compose(&app).to_string();
    assert!(
        text.contains("GAME OVER") && text.contains("killed by a bugbear on level 1"),
        "{text}"
    );
}

#[test]
fn look_mode_names_what_the_cursor_is_on() {
    let mut app = fixture();
    press(&mut app, &["x"]);
    assert!(compose(&app).to_string().contains("Looking at"));
    let cursor = app.look_cursor().expect("cursor");
    assert_eq!(state(&app).describe(cursor), Some(Seen::Player));
    press(&mut app, &["l", "l"]);
    let text = compose(&app).to_string();
    assert!(
        text.contains("cave floor") && text.contains("Bare rock"),
        "{text}"
    );
    let before = state(&app).player();
    press(&mut app, &["Escape", "l"]);
    assert_eq!(app.look_cursor(), None);
    assert_ne!(
        state(&app).player(),
        before,
        "movement keys move the player again"
    );
}

#[test]
fn stairs_down_on_the_last_level_lead_nowhere() {
    let world = World::from_text(&["#####\n#<.>#\n#####"]).expect("fixture");
    let mut app = App::scene(State::in_world(world, 1).expect("floor"));
    press(&mut app, &["l", "l", ">"]);
    assert_eq!(state(&app).player(), Point::new(3, 1, 0));
    assert_eq!(last_log(&app), "These stairs lead no further down.");
}

/// Ticks `app` by 50 ms while it animates (a journey, a moment of the view).
fn settle(app: &mut App) {
    for _ in 0..5000 {
        if !app.animating() {
            return;
        }
        app.tick(50.0);
    }
}

/// A scene on one hand-drawn level with nothing in it but what a test puts there.
fn bare(level: &str) -> App {
    let world = World::from_text(&[level]).expect("valid fixture");
    let mut app = App::scene(State::in_world(world, 3).expect("floor"));
    let s = app.scene_state().expect("scene");
    s.clear_monsters();
    s.clear_items();
    app
}

#[test]
fn explore_picks_up_what_lies_on_its_way() {
    let mut app = bare(
        "
        ##############################
        #<...........................#
        ##############################
    ",
    );
    let s = app.scene_state().expect("scene");
    let start = s.player();
    let dagger = Point::new(10, 1, 0);
    s.put_item(Item::Dagger, dagger);
    // What the player set down stays where it lies: a dart picked up and dropped again.
    s.put_item(Item::Dart, start);
    assert!(s.act(Action::PickUp) && s.act(Action::Drop(0)));
    app.key("o");
    settle(&mut app);
    let s = state(&app);
    let carried: Vec<Item> = s.carried().iter().map(|t| t.kind).collect();
    assert_eq!(carried, [Item::Dagger], "{:?}", log_lines(&app));
    assert_eq!(s.item_at(start), Some(Item::Dart));
    assert!(s.player().x > dagger.x + 5, "explored on past it");
    let record = app.record().expect("record");
    assert!(
        record.actions.contains(&Action::PickUp),
        "a PickUp in the record"
    );
}

#[test]
fn a_stone_from_the_dark_says_where_it_came_from() {
    let mut app = bare(
        "
        ##########
        #........#
        #........#
        #........#
        #<.......#
        ##########
    ",
    );
    // In the dark the player sees only the next cells; a kobold slinger three cells
    // north-east sees the player.
    app.key("T");
    let kobold = Point::new(4, 1, 0);
    app.scene_state()
        .expect("scene")
        .put_monster(Creature::Kobold, kobold);
    let stoned = |app: &App| {
        state(app)
            .log()
            .entries()
            .last()
            .is_some_and(|e| e.text.contains("stone hits you"))
    };
    for _ in 0..40 {
        app.key(".");
        if stoned(&app) {
            break;
        }
    }
    assert!(stoned(&app), "{:?}", log_lines(&app));
    let me = state(&app).player();
    assert!(state(&app)
        .monsters()
        .iter()
        .all(|m| !state(&app).sight().lit(m.pos)));
    assert_eq!(
        last_log(&app),
        "A stone hits you from the north-east.",
        "{:?}",
        log_lines(&app)
    );
    // Once the stone has flown, a mark beside the player shows the side it came from.
    app.tick(120.0);
    let rows: Vec<Vec<char>> = map(&app, 10, 6)
        .lines()
        .map(|l| l.chars().collect())
        .collect();
    let mark = rows[(me.y - 1) as usize][(me.x + 1) as usize];
    assert_eq!(mark, '/', "{}", map(&app, 10, 6));
}
