//! The sidebar and the log box.

use super::{ACCENT, DIM, LOG_HEIGHT, PANEL, ROWS, SIDEBAR_WIDTH, TEXT, TITLE, VIEW_WIDTH, WARN};
use crate::frame::{Area, Cell, Frame, BLACK};
use crate::game::Game;
use crate::log::wrap;
use crate::tile::Rgb;

/// The sidebar: level, position, hit points, turn, seed, footing, goal, and the look panel.
pub(super) fn sidebar(f: &mut Frame, game: &Game) {
    let p = game.player();
    f.fill(
        0,
        0,
        SIDEBAR_WIDTH,
        ROWS,
        Cell {
            glyph: b' ',
            fg: TEXT,
            bg: PANEL,
        },
    );
    f.boxed(
        Area {
            x: 0,
            y: 0,
            w: SIDEBAR_WIDTH,
            h: ROWS,
        },
        "Caves",
        DIM,
        PANEL,
    );
    let depth = game.world().depth();
    let under = game.world().tile(p).info().name;
    let goal: [&str; 2] = if game.carrying_treasure() {
        ["You carry the idol.", "Climb out by '<'."]
    } else {
        ["Find the idol", "on the last level."]
    };
    let lines: Vec<(String, Rgb)> = vec![
        (format!("Level {} of {}", p.z + 1, depth), TITLE),
        (format!("Position {},{}", p.x, p.y), TEXT),
        (
            format!("HP {} of {}", game.hp(), game.max_hp()),
            if game.hp() * 3 < game.max_hp() {
                WARN
            } else {
                TEXT
            },
        ),
        (format!("Turn {}", game.turn()), TEXT),
        (format!("Seed {}", game.seed()), TEXT),
        (String::new(), TEXT),
        ("Standing on".into(), DIM),
        (under.into(), TEXT),
        (String::new(), TEXT),
        ("Goal".into(), DIM),
        (goal[0].into(), ACCENT),
        (goal[1].into(), ACCENT),
    ];
    let inner = (SIDEBAR_WIDTH - 3) as usize;
    let mut y = 2;
    for (text, colour) in lines {
        for line in wrap(&text, inner) {
            f.text(2, y, &line, colour, PANEL);
            y += 1;
        }
        if text.is_empty() {
            y += 1;
        }
    }
    look_panel(f, game, y + 1, inner);
    f.text(2, ROWS - 3, "? help  x look", DIM, PANEL);
}

/// What is under the look cursor or the mouse, from the cyclopedia.
fn look_panel(f: &mut Frame, game: &Game, top: i32, width: usize) {
    let Some(at) = game.looking_at() else {
        return;
    };
    f.text(2, top, "Looking at", DIM, PANEL);
    let (name, text) = match game.describe(at) {
        Some(e) => (e.name, e.description),
        None => ("unknown", "You have not seen that place."),
    };
    f.text(2, top + 1, name, TITLE, PANEL);
    for (i, line) in wrap(text, width).iter().enumerate() {
        f.text(2, top + 2 + i as i32, line, TEXT, PANEL);
    }
}

/// The "Log" box: newest line at the bottom, wrapped, repeats folded.
pub(super) fn log(f: &mut Frame, game: &Game) {
    let (x, y, w, h) = (SIDEBAR_WIDTH, ROWS - LOG_HEIGHT, VIEW_WIDTH, LOG_HEIGHT);
    f.fill(
        x,
        y,
        w,
        h,
        Cell {
            glyph: b' ',
            fg: TEXT,
            bg: BLACK,
        },
    );
    f.boxed(Area { x, y, w, h }, "Log", DIM, BLACK);
    let inner = (w - 4) as usize;
    let room = (h - 2) as usize;
    let mut lines: Vec<(String, Rgb)> = Vec::new();
    for (age, entry) in game.log().entries().iter().rev().enumerate() {
        let colour = if age == 0 { TEXT } else { DIM };
        let mut wrapped: Vec<(String, Rgb)> = wrap(&entry.shown(), inner)
            .into_iter()
            .map(|l| (l, colour))
            .collect();
        wrapped.append(&mut lines);
        lines = wrapped;
        if lines.len() >= room {
            break;
        }
    }
    let shown = &lines[lines.len().saturating_sub(room)..];
    for (i, (line, colour)) in shown.iter().enumerate() {
        f.text(x + 2, y + 1 + i as i32, line, *colour, BLACK);
    }
}
