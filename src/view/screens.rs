//! Full-screen pages: start, help, and the end of a game.

use super::{ACCENT, COLS, DIM, ROWS, TEXT, TITLE};
use crate::frame::{Area, Frame, BLACK};
use crate::game::Game;
use crate::log::wrap;
use crate::tile::Rgb;

fn paragraph(f: &mut Frame, y: i32, text: &str, colour: Rgb) -> i32 {
    let mut y = y;
    for line in wrap(text, 60) {
        f.text(10, y, &line, colour, BLACK);
        y += 1;
    }
    y + 1
}

/// Every key, as shown on the start and help screens.
pub const KEYS: [(&str, &str); 11] = [
    ("arrows, h j k l", "move west, east, north, south"),
    ("y u b n", "move diagonally"),
    ("numeric keypad", "move in 8 directions (NumLock on or off)"),
    (". or keypad 5", "wait a turn"),
    ("> and <", "walk down or up stairs you stand on"),
    ("walk into", "attack a creature"),
    ("x, or mouse", "look: name what is under the cursor"),
    ("?", "show or close this help"),
    ("Escape", "close a screen"),
    ("Enter", "new game on the win and lose screens"),
    ("click", "give the keyboard back to the game"),
];

fn key_table(f: &mut Frame, y: i32) -> i32 {
    for (i, (key, what)) in KEYS.iter().enumerate() {
        f.text(10, y + i as i32, key, TITLE, BLACK);
        f.text(28, y + i as i32, what, TEXT, BLACK);
    }
    y + KEYS.len() as i32 + 1
}

/// The frame around the start and help pages.
const PAGE: Area = Area {
    x: 6,
    y: 4,
    w: COLS - 12,
    h: ROWS - 8,
};

/// The start screen: title, goal, keys, seed.
pub(super) fn start(f: &mut Frame, game: &Game) {
    f.boxed(PAGE, "", DIM, BLACK);
    f.text(34, 7, "C A V E S", TITLE, BLACK);
    let mut y = 10;
    y = paragraph(
        f,
        y,
        "A golden idol lies somewhere on the deepest level of these caves. Walk down the stairs \
         ('>') level by level, step on the idol to take it, then climb all the way back and \
         out by the stair up ('<') where you came in. Climb out without it and the game is lost. \
         Your torch lights only a few steps; goblins, orcs and worse roam the dark, more of them \
         the deeper you go. Walk into a creature to fight it.",
        TEXT,
    );
    f.text(10, y, "Keys", DIM, BLACK);
    y = key_table(f, y + 2);
    f.text(10, y, &format!("Seed {}", game.seed()), DIM, BLACK);
    f.text(29, y + 3, "Press any key to start", ACCENT, BLACK);
}

/// The help screen: every key.
pub(super) fn help(f: &mut Frame) {
    f.boxed(PAGE, "Help", DIM, BLACK);
    let y = paragraph(
        f,
        7,
        "Take the golden idol from the deepest level and climb out by the stair up on level 1.",
        TEXT,
    );
    let y = key_table(f, y);
    f.text(10, y + 1, "Press Escape or ? to go back", ACCENT, BLACK);
}

/// The win or lose screen.
pub(super) fn end(f: &mut Frame, game: &Game, title: &str, colour: Rgb) {
    f.boxed(
        Area {
            x: 6,
            y: 12,
            w: COLS - 12,
            h: 20,
        },
        "",
        DIM,
        BLACK,
    );
    f.text((COLS - title.len() as i32) / 2, 15, title, colour, BLACK);
    let y = paragraph(f, 18, game.ending(), TEXT);
    f.text(
        10,
        y,
        &format!("Turns: {}    Seed: {}", game.turn(), game.seed()),
        DIM,
        BLACK,
    );
    f.text(10, y + 3, "Press Enter for a new game", ACCENT, BLACK);
}
