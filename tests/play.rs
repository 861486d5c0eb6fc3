//! Scripted games on a hand-drawn world, checked through the composed frame as text.
#![cfg(not(target_arch = "wasm32"))]

use caves::game::{Game, Screen};
use caves::view::{compose, SIDEBAR_WIDTH};
use caves::world::World;

/// Two levels: the way out '<' top left, stairs down at the right; below, one floor tile
/// (where the idol must lie) beside the stairs up.
fn fixture() -> Game {
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
    Game::in_world(world, 7).expect("the fixture has floor")
}

fn press(game: &mut Game, keys: &[&str]) {
    for k in keys {
        game.key(k);
    }
}

/// The top-left `w` x `h` cells of the map view.
fn map(game: &Game, w: usize, h: usize) -> String {
    let frame = compose(game).to_string();
    frame
        .lines()
        .take(h)
        .map(|l| {
            l.chars()
                .skip(SIDEBAR_WIDTH as usize)
                .take(w)
                .collect::<String>()
                + "\n"
        })
        .collect()
}

/// The non-empty lines of the log box, without its border.
fn log_lines(game: &Game) -> Vec<String> {
    compose(game)
        .to_string()
        .lines()
        .skip(43)
        .take(6)
        .map(|l| {
            l.chars()
                .skip(SIDEBAR_WIDTH as usize + 1)
                .collect::<String>()
        })
        .map(|l| l.trim_matches(|c| c == '│' || c == ' ').to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn start_screen_explains_the_goal_and_any_key_starts() {
    let mut game = fixture();
    let text = compose(&game).to_string();
    assert!(text.contains("C A V E S") && text.contains("Press any key"));
    assert!(text.contains("golden idol") && text.contains("Seed 7"));
    assert!(!game.key("Shift"), "a modifier alone does not start");
    assert!(game.key("x"));
    assert_eq!(game.screen(), Screen::Play);
    assert_eq!(map(&game, 6, 4), "▒▒▒▒▒▒\n▒@··>▒\n▒····▒\n▒▒▒▒▒▒\n");
}

#[test]
fn walls_block_and_repeated_bumps_fold() {
    let mut game = fixture();
    press(&mut game, &["Enter", "k", "k", "ArrowUp"]);
    assert_eq!(game.turn(), 0, "bumping takes no turn");
    assert_eq!(
        log_lines(&game).last().map(String::as_str),
        Some("You bump into the cave wall. (x3)")
    );
}

#[test]
fn unbound_keys_change_nothing() {
    let mut game = fixture();
    press(&mut game, &["Enter"]);
    let before = compose(&game);
    for k in ["q", "F5", "Tab", "ArrowLeftt", "Ü"] {
        assert!(!game.key(k), "{k}");
    }
    assert_eq!(compose(&game), before);
}

#[test]
fn help_opens_and_closes_back_to_the_same_frame() {
    let mut game = fixture();
    press(&mut game, &["Enter", "l"]);
    let before = compose(&game);
    game.key("?");
    assert!(compose(&game).to_string().contains("Help"));
    game.key("Escape");
    assert_eq!(compose(&game), before);
}

#[test]
fn down_for_the_idol_and_out_to_win() {
    let mut game = fixture();
    press(&mut game, &["Enter", ">"]);
    assert_eq!(
        log_lines(&game).last().map(String::as_str),
        Some("You try to go down but are stopped by the cave floor.")
    );
    press(&mut game, &["l", "6", "ArrowRight"]);
    assert_eq!(map(&game, 6, 2), "▒▒▒▒▒▒\n▒<··@▒\n");
    game.key(">");
    assert_eq!(
        log_lines(&game).last().map(String::as_str),
        Some("You walk down the stairs to level 2.")
    );
    // Only what the torch reaches in line of sight shows; the rest of level 2 is dark.
    assert_eq!(map(&game, 6, 3), "   ▒▒▒\n   ▒@▒\n  ▒$▒▒\n");
    assert!(compose(&game).to_string().contains("Level 2 of 2"));
    game.key("b");
    assert!(game.carrying_treasure());
    assert_eq!(map(&game, 6, 3), "   ▒▒▒\n  ▒▒<▒\n  ▒@▒▒\n");
    press(&mut game, &["u", "<"]);
    assert_eq!(
        log_lines(&game).last().map(String::as_str),
        Some("You walk up the stairs to level 1.")
    );
    press(&mut game, &["Home", "b", "h", "y"]);
    assert_eq!(game.player().z, 0);
    assert_eq!((game.player().x, game.player().y), (1, 1));
    game.key("<");
    assert_eq!(game.screen(), Screen::Won);
    let text = compose(&game).to_string();
    assert!(text.contains("YOU WIN") && text.contains("golden idol"));
    game.key("Enter");
    assert_eq!(game.screen(), Screen::Play);
    assert_eq!(game.seed(), 8, "a new game takes the next seed");
}

#[test]
fn leaving_without_the_idol_loses() {
    let mut game = fixture();
    press(&mut game, &["Enter", "<"]);
    assert_eq!(game.screen(), Screen::Lost);
    assert!(compose(&game)
        .to_string()
        .contains("You leave the caves empty-handed."));
}

#[test]
fn a_default_game_scrolls_with_the_player() {
    let mut game = Game::new(42).expect("seed 42 builds");
    game.key("Enter");
    let start = game.player();
    let moves = ["l", "j", "h", "k", "y", "u", "b", "n"];
    let mut moved = 0;
    for i in 0..400 {
        if game.key(moves[(i / 7) % moves.len()]) && game.player() != start {
            moved += 1;
        }
    }
    assert!(moved > 0);
    let p = game.player();
    let frame = compose(&game);
    let (sx, sy) = caves::view::scroll(p, game.world().width(), game.world().height());
    let at = frame
        .get(SIDEBAR_WIDTH + p.x - sx, p.y - sy)
        .expect("player in view");
    assert_eq!(at.glyph, b'@');
}

#[test]
fn a_world_without_floor_is_a_clear_error() {
    let world = World::from_text(&["###\n###\n###"]).expect("valid");
    let err = Game::in_world(world, 1).err().expect("no floor");
    assert_eq!(err.to_string(), "level 1 has no floor to stand on");
}

/// A long dead-end corridor with an orc placed at its end by hand.
fn corridor_with(creature: &str) -> Game {
    let level = "
        ##############################
        #<..........................##
        ##############################
    ";
    let world = World::from_text(&[level]).expect("valid fixture");
    let mut game = Game::in_world(world, 3).expect("floor");
    let kind = caves::cyclopedia::id_of(creature).expect("known creature");
    game.put_monster(kind, caves::geom::Point::new(4, 1, 0));
    game.key("Enter");
    game
}

#[test]
fn fighting_an_orc_until_one_dies_ends_on_the_right_screen() {
    let mut game = corridor_with("orc");
    for _ in 0..200 {
        if game.screen() != Screen::Play || game.monsters().is_empty() {
            break;
        }
        game.key("l");
    }
    let text = compose(&game).to_string();
    if game.screen() == Screen::Lost {
        assert!(
            text.contains("You were killed by an orc on level 1"),
            "{text}"
        );
    } else {
        assert!(game.monsters().is_empty());
        assert!(game
            .log()
            .entries()
            .iter()
            .any(|e| e.text == "You kill the orc."));
    }
    assert!(game
        .log()
        .entries()
        .iter()
        .any(|e| e.text.starts_with("The orc hits you for")));
}

#[test]
fn a_bugbear_kills_a_player_who_only_waits() {
    let mut game = corridor_with("bugbear");
    for _ in 0..300 {
        if game.screen() != Screen::Play {
            break;
        }
        game.key(".");
    }
    assert_eq!(game.screen(), Screen::Lost);
    let text = compose(&game).to_string();
    assert!(
        text.contains("GAME OVER") && text.contains("killed by a bugbear on level 1"),
        "{text}"
    );
}

#[test]
fn look_mode_names_what_the_cursor_is_on() {
    let mut game = fixture();
    press(&mut game, &["Enter", "x"]);
    assert!(compose(&game).to_string().contains("Looking at"));
    assert_eq!(
        game.describe(game.look_cursor().expect("cursor"))
            .map(|e| e.name),
        Some("you")
    );
    press(&mut game, &["l", "l"]);
    let text = compose(&game).to_string();
    assert!(
        text.contains("cave floor") && text.contains("Bare rock"),
        "{text}"
    );
    let before = game.player();
    press(&mut game, &["Escape", "l"]);
    assert_eq!(game.look_cursor(), None);
    assert_ne!(game.player(), before, "movement keys move the player again");
}
