//! Composes what the player sees into a `Frame` (seed 003's layout): an 18-wide sidebar on the
//! left, an 8-high "Log" box at the bottom right, and the map view in the rest. Pure: the
//! same game gives the same frame.

use crate::cyclopedia::{by_id, named, IDOL, PLAYER};
use crate::frame::{Area, Cell, Frame, BLACK};
use crate::game::{Game, Screen};
use crate::geom::Point;
use crate::log::wrap;
use crate::sight::Light;
use crate::tile::{hex, Rgb};

/// Screen size in cells.
pub const COLS: i32 = 80;
pub const ROWS: i32 = 50;
pub const SIDEBAR_WIDTH: i32 = 18;
pub const LOG_HEIGHT: i32 = 8;
/// Size of the map view in cells.
pub const VIEW_WIDTH: i32 = COLS - SIDEBAR_WIDTH;
pub const VIEW_HEIGHT: i32 = ROWS - LOG_HEIGHT;

const TEXT: Rgb = hex("#F8F8F2");
const DIM: Rgb = hex("#75715E");
const TITLE: Rgb = hex("#E6DB74");
const ACCENT: Rgb = hex("#A6E22E");
const WARN: Rgb = hex("#F92672");
const PANEL: Rgb = hex("#272822");

/// The world cell at the view's top-left: the view centres on `focus` but stops at the
/// world's edges (seed 000's scroll clamping); a world smaller than the view sits at 0.
pub fn scroll(focus: Point, world_w: i32, world_h: i32) -> (i32, i32) {
    let sx = (focus.x - VIEW_WIDTH / 2).min(world_w - VIEW_WIDTH).max(0);
    let sy = (focus.y - VIEW_HEIGHT / 2)
        .min(world_h - VIEW_HEIGHT)
        .max(0);
    (sx, sy)
}

/// The CSS size (width, height) at which a canvas of `px_w` x `px_h` pixels shows crisply in
/// `avail_w` x `avail_h` CSS pixels: each canvas pixel becomes a whole number (at least 1) of
/// device pixels, the largest that fits.
pub fn css_size(avail_w: f64, avail_h: f64, dpr: f64, px_w: f64, px_h: f64) -> (f64, f64) {
    let dpr = if dpr.is_finite() && dpr > 0.0 {
        dpr
    } else {
        1.0
    };
    let k = ((avail_w * dpr / px_w).min(avail_h * dpr / px_h)).floor();
    let k = if k.is_finite() { k.max(1.0) } else { 1.0 };
    (px_w * k / dpr, px_h * k / dpr)
}

/// The whole screen for the game's current state.
pub fn compose(game: &Game) -> Frame {
    let mut f = Frame::new(COLS as usize, ROWS as usize);
    match game.screen() {
        Screen::Start => start_screen(&mut f, game),
        Screen::Help => help_screen(&mut f),
        Screen::Won => end_screen(&mut f, game, "YOU WIN", ACCENT),
        Screen::Lost => end_screen(&mut f, game, "GAME OVER", WARN),
        Screen::Play => {
            map(&mut f, game);
            sidebar(&mut f, game);
            log(&mut f, game);
        }
    }
    if !game.focused() {
        let note = " Keyboard focus lost: click the game to play ";
        let x = (COLS - note.len() as i32) / 2;
        f.text(x, 0, note, BLACK, TITLE);
    }
    f
}

/// `c` scaled by `num` / 256: the torch's dim edge and remembered places.
fn shade(c: Rgb, num: u16) -> Rgb {
    c.map(|v| (u16::from(v) * num / 256) as u8)
}

fn lit_cell(cell: Cell, light: Light) -> Cell {
    match light {
        Light::Bright => cell,
        Light::Dim => Cell {
            fg: shade(cell.fg, 176),
            bg: shade(cell.bg, 176),
            ..cell
        },
        Light::Remembered => Cell {
            fg: shade(cell.fg, 96),
            bg: shade(cell.bg, 96),
            ..cell
        },
        Light::Unknown => Cell {
            glyph: b' ',
            fg: BLACK,
            bg: BLACK,
        },
    }
}

/// The world point shown at screen cell (`col`, `row`), if that cell is in the map view.
pub fn world_at(game: &Game, col: i32, row: i32) -> Option<Point> {
    let p = game.player();
    let world = game.world();
    let (sx, sy) = scroll(p, world.width(), world.height());
    let (vx, vy) = (col - SIDEBAR_WIDTH, row);
    let inside = (0..VIEW_WIDTH).contains(&vx) && (0..VIEW_HEIGHT).contains(&vy);
    let at = Point::new(sx + vx, sy + vy, p.z);
    (inside && world.contains(at)).then_some(at)
}

/// The screen cell under a CSS pixel position on a canvas shown at `css_w` x `css_h`.
pub fn cell_at(css_x: f64, css_y: f64, css_w: f64, css_h: f64) -> Option<(i32, i32)> {
    if !(css_w > 0.0 && css_h > 0.0 && css_x >= 0.0 && css_y >= 0.0) {
        return None;
    }
    let col = (css_x * f64::from(COLS) / css_w).floor() as i32;
    let row = (css_y * f64::from(ROWS) / css_h).floor() as i32;
    (col < COLS && row < ROWS).then_some((col, row))
}

fn map(f: &mut Frame, game: &Game) {
    let world = game.world();
    let sight = game.sight();
    let p = game.player();
    let (sx, sy) = scroll(p, world.width(), world.height());
    let put =
        |f: &mut Frame, at: Point, cell: Cell| f.put(SIDEBAR_WIDTH + at.x - sx, at.y - sy, cell);
    for vy in 0..VIEW_HEIGHT {
        for vx in 0..VIEW_WIDTH {
            let at = Point::new(sx + vx, sy + vy, p.z);
            let info = world.tile(at).info();
            let mut cell = Cell {
                glyph: info.glyph,
                fg: info.fg,
                bg: info.bg,
            };
            if game.treasure() == Some(at) {
                let idol = named(IDOL);
                cell = Cell {
                    glyph: idol.glyph,
                    fg: idol.fg,
                    ..cell
                };
            }
            put(f, at, lit_cell(cell, sight.light(at)));
        }
    }
    for m in game
        .monsters()
        .iter()
        .filter(|m| m.pos.z == p.z && sight.lit(m.pos))
    {
        if let (Some(e), Some(under)) = (
            by_id(m.kind),
            f.get(SIDEBAR_WIDTH + m.pos.x - sx, m.pos.y - sy),
        ) {
            put(
                f,
                m.pos,
                Cell {
                    glyph: e.glyph,
                    fg: e.fg,
                    ..under
                },
            );
        }
    }
    let hero = named(PLAYER);
    put(
        f,
        p,
        Cell {
            glyph: hero.glyph,
            fg: hero.fg,
            bg: world.tile(p).info().bg,
        },
    );
    if let Some(c) = game.look_cursor() {
        if let Some(cell) = f.get(SIDEBAR_WIDTH + c.x - sx, c.y - sy) {
            put(
                f,
                c,
                Cell {
                    glyph: cell.glyph,
                    fg: BLACK,
                    bg: TITLE,
                },
            );
        }
    }
}

fn sidebar(f: &mut Frame, game: &Game) {
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

fn log(f: &mut Frame, game: &Game) {
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

fn start_screen(f: &mut Frame, game: &Game) {
    f.boxed(
        Area {
            x: 6,
            y: 4,
            w: COLS - 12,
            h: ROWS - 8,
        },
        "",
        DIM,
        BLACK,
    );
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

fn help_screen(f: &mut Frame) {
    f.boxed(
        Area {
            x: 6,
            y: 4,
            w: COLS - 12,
            h: ROWS - 8,
        },
        "Help",
        DIM,
        BLACK,
    );
    let y = paragraph(
        f,
        7,
        "Take the golden idol from the deepest level and climb out by the stair up on level 1.",
        TEXT,
    );
    let y = key_table(f, y);
    f.text(10, y + 1, "Press Escape or ? to go back", ACCENT, BLACK);
}

fn end_screen(f: &mut Frame, game: &Game, title: &str, colour: Rgb) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_follows_the_player_and_stops_at_edges() {
        assert_eq!(scroll(Point::new(0, 0, 0), 100, 60), (0, 0));
        assert_eq!(scroll(Point::new(50, 30, 0), 100, 60), (19, 9));
        assert_eq!(scroll(Point::new(99, 59, 0), 100, 60), (38, 18));
        assert_eq!(scroll(Point::new(5, 5, 0), 10, 10), (0, 0));
    }

    #[test]
    fn canvas_scales_by_whole_device_pixels() {
        assert_eq!(css_size(800.0, 600.0, 1.0, 640.0, 400.0), (640.0, 400.0));
        assert_eq!(
            css_size(2560.0, 1440.0, 1.0, 640.0, 400.0),
            (1920.0, 1200.0)
        );
        assert_eq!(css_size(1280.0, 800.0, 2.0, 640.0, 400.0), (1280.0, 800.0));
        assert_eq!(
            css_size(1000.0, 700.0, 1.5, 640.0, 400.0),
            (853.3333333333334, 533.3333333333334)
        );
        assert_eq!(
            css_size(100.0, 100.0, f64::NAN, 640.0, 400.0),
            (640.0, 400.0)
        );
    }
}
