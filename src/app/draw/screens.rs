//! Full-screen pages: start, help, and the end of a run.

use crate::app::{App, Saving};
use crate::rules::log::wrap;
use crate::rules::{Outcome, State};
use crate::view::colour::{Rgb, ACCENT, BLACK, DIM, TEXT, TITLE, WARN};
use crate::view::frame::{Area, Frame};
use crate::view::layout::Layout;

/// The left edge of a page's text: narrower margins on narrow screens.
fn left(layout: Layout) -> i32 {
    if layout.cols < 60 {
        2
    } else {
        10
    }
}

/// Writes `text` wrapped to the page's width from row `y`; returns the row after a blank line.
fn paragraph(f: &mut Frame, layout: Layout, y: i32, text: &str, colour: Rgb) -> i32 {
    let mut y = y;
    let x = left(layout);
    for line in wrap(text, (layout.cols - 2 * x).max(10) as usize) {
        f.text(x, y, &line, colour, BLACK);
        y += 1;
    }
    y + 1
}

/// Every key, as shown on the help screen.
pub const KEYS: [(&str, &str); 28] = [
    ("arrows, h j k l", "move west, south, north, east"),
    ("y u b n", "move diagonally"),
    ("numeric keypad", "move in 8 directions (NumLock on or off)"),
    (". or keypad 5", "wait a turn"),
    ("R", "rest until healed or something comes"),
    ("g or ,", "pick up what lies here"),
    ("i", "inventory: a letter uses or equips"),
    ("q r a, w, d", "quaff/read, wield/wear, drop an item"),
    ("t", "throw an item: pick it, aim, Enter throws"),
    ("T", "douse or relight your torch"),
    ("5 to 9", "start screen: watch a best run"),
    ("> and <", "walk down or up stairs you stand on"),
    ("walk into", "attack a creature"),
    ("click or tap", "walk to a place you have seen"),
    ("Shift+direction", "run until something happens"),
    ("o", "explore: walk to the nearest unknown place"),
    ("] and [", "travel to the nearest stairs down, up"),
    ("x, or mouse", "look: name what is under the cursor"),
    ("v", "describe the surroundings (screen readers)"),
    ("s / e", "share a link / export a file of this run"),
    ("c", "colour-blind-safe colours on or off"),
    ("Z", "larger glyphs on or off"),
    ("?", "show or close this help"),
    ("Escape", "close a screen"),
    ("Enter", "new game on the win and lose screens"),
    ("B, P", "today's board; post a finished daily run"),
    (
        "gamepad",
        "stick moves, A wait, B back, X look, Y items, L3 torch, R3 throw",
    ),
    ("any key", "stops a journey"),
];

fn key_table(f: &mut Frame, layout: Layout, y: i32) -> i32 {
    let x = left(layout);
    let mut y = y;
    for (key, what) in KEYS.iter() {
        f.text(x, y, key, TITLE, BLACK);
        if layout.cols < 60 {
            y += 1;
            f.text(x + 2, y, what, TEXT, BLACK);
        } else {
            f.text(x + 18, y, what, TEXT, BLACK);
        }
        y += 1;
    }
    y + 1
}

/// The frame around the start and help pages.
pub(in crate::app) fn page(layout: Layout) -> Area {
    let m = if layout.cols < 60 { 0 } else { 6 };
    Area {
        x: m,
        y: if m == 0 { 0 } else { 2 },
        w: layout.cols - 2 * m,
        h: layout.rows - if m == 0 { 0 } else { 4 },
    }
}

/// The start screen: title, goal, recent runs, notices, and the menu at the bottom.
pub(super) fn start(f: &mut Frame, app: &App) {
    let layout = app.layout();
    let x = left(layout);
    f.boxed(page(layout), "", DIM, BLACK);
    f.text(
        (layout.cols - 9) / 2,
        page(layout).y + 2,
        "C A V E S",
        TITLE,
        BLACK,
    );
    let intro = if layout.cols < 60 {
        "A golden idol lies on the deepest level. Go down the stairs ('>'), take the idol, \
         and climb back out by the '<' where you came in. Your torch burns down as you go: \
         find oil, douse it to hide, and strike what sleeps. Every run is saved after each turn."
    } else {
        "A golden idol lies somewhere on the deepest level of these caves. Walk down the stairs \
         ('>') level by level, step on the idol to take it, then climb all the way back and \
         out by the stair up ('<') where you came in. Your torch lights a few steps and burns \
         down as you go: find oil, douse it to hide or to rest, and when it dies the caves come \
         for you. Creatures asleep or unaware take double blows; potions and scrolls are \
         unknown until tried. Walk into a creature to fight it. Every run is saved after each \
         turn."
    };
    let mut y = paragraph(f, layout, page(layout).y + 4, intro, TEXT);
    if !app.touch() {
        y = paragraph(
            f,
            layout,
            y,
            "Keys: arrows or h j k l and y u b n move, > and < take stairs, g picks up, i shows \
             what you carry, t throws, T douses the torch, R rests, x looks, s shares, ? shows \
             every key.",
            DIM,
        );
    }
    let found = app.found();
    let best = crate::save::Saves::high_scores(&found.history);
    if !best.is_empty() {
        f.text(x, y, "Best runs", DIM, BLACK);
        y += 1;
        for (i, h) in best.iter().enumerate() {
            let mode = if h.explorer() { " Explorer" } else { "" };
            let line = if layout.cols < 60 {
                format!(
                    "{:>6} {} depth {}{mode}",
                    h.score.unwrap_or(0),
                    h.outcome,
                    h.depth
                )
            } else {
                format!(
                    "{:>6}  {}  {}  depth {}  {} turns  seed {}{mode}",
                    h.score.unwrap_or(0),
                    h.date,
                    h.outcome,
                    h.depth,
                    h.turns,
                    h.seed
                )
            };
            f.text(x, y, &(5 + i).to_string(), TITLE, BLACK);
            f.text(x + 3, y, &line, TEXT, BLACK);
            y += 1;
        }
        if !app.touch() {
            f.text(
                x,
                y,
                "5 to 9 watch one again (then S shares, E exports it)",
                DIM,
                BLACK,
            );
            y += 1;
        }
        y += 1;
    }
    if !found.history.is_empty() {
        f.text(x, y, "Recent runs", DIM, BLACK);
        y += 1;
        for h in found.history.iter().take(3) {
            let line = if layout.cols < 60 {
                format!("{} {} {} turns", h.date, h.outcome, h.turns)
            } else {
                format!(
                    "{}  seed {}  {}  {} turns  depth {}",
                    h.date, h.seed, h.outcome, h.turns, h.depth
                )
            };
            f.text(x, y, &line, TEXT, BLACK);
            y += 1;
        }
        y += 1;
    }
    if !found.kept.is_empty() {
        let text = format!(
            "{} saved run(s) could not be read ({}). They are kept: press D to download.",
            found.kept.len(),
            found.kept[0].reason
        );
        y = paragraph(f, layout, y, &text, WARN);
    }
    if let Some(n) = app.notice() {
        y = paragraph(f, layout, y, n, WARN);
    }
    if let Saving::Off(why) = app.saving() {
        y = paragraph(
            f,
            layout,
            y,
            &format!("Saving is off: {why}. You can play, and export a run with E."),
            WARN,
        );
    }
    menu(f, app, y);
}

/// The start menu at the bottom of the page: keys and labels, or bars to tap.
fn menu(f: &mut Frame, app: &App, below: i32) {
    let layout = app.layout();
    let x = left(layout);
    let items = app.start_menu();
    let (top, pitch) = (app.menu_top(items.len()), app.menu_pitch());
    let prompt = if app.touch() {
        "Tap a line to choose".to_string()
    } else if app.free_runs().is_empty() {
        "Press any key to start".to_string()
    } else {
        "Press Enter to continue, any other key for a new run".to_string()
    };
    let py = (top - 2).max(below);
    f.text(
        (layout.cols - prompt.len() as i32) / 2,
        py,
        &prompt,
        ACCENT,
        BLACK,
    );
    for (i, item) in items.iter().enumerate() {
        let y = top + i as i32 * pitch;
        let colour = if i == 0 { ACCENT } else { TEXT };
        if app.touch() {
            let bar = crate::view::frame::Cell {
                glyph: b' ',
                fg: TEXT,
                bg: crate::view::colour::PANEL,
            };
            f.fill(x, y, layout.cols - 2 * x, 2, bar);
            // The label as far as the bar reaches (`text` clips at the grid's edge only).
            let room = (layout.cols - 2 * x - 2) as usize;
            let end = item
                .label
                .char_indices()
                .nth(room)
                .map_or(item.label.len(), |(i, _)| i);
            f.text(
                x + 1,
                y,
                &item.label[..end],
                colour,
                crate::view::colour::PANEL,
            );
        } else {
            f.text(x, y, &item.key, TITLE, BLACK);
            f.text(x + 10, y, &item.label, colour, BLACK);
        }
    }
}

/// The help screen: every key, and how to play by touch.
pub(super) fn help(f: &mut Frame, app: &App) {
    let layout = app.layout();
    f.boxed(page(layout), "Help", DIM, BLACK);
    let y = paragraph(
        f,
        layout,
        page(layout).y + 2,
        "Take the golden idol from the deepest level and climb out by the stair up on level 1.",
        TEXT,
    );
    let y = if app.touch() {
        paragraph(
            f,
            layout,
            y,
            "Tap a cell you have seen to walk there. Tap a creature next to you to attack it, \
             yourself to wait a turn, and the stairs you stand on to take them. Hold a finger \
             on a cell to hear what is there. The pad below the map has every move, Torch \
             douses or relights your torch, and Throw picks an item, then a tap on a cell \
             throws it there.",
            TEXT,
        )
    } else {
        key_table(f, layout, y)
    };
    let y = paragraph(
        f,
        layout,
        y,
        "Watching a replay: Space plays or pauses, the right arrow steps, + and - change the \
         speed (1x to 64x), End jumps to the end, Enter plays on from there as a new run, \
         Escape leaves.",
        TEXT,
    );
    let back = if app.touch() {
        "Tap to go back"
    } else {
        "Press Escape or ? to go back"
    };
    f.text(left(layout), y + 1, back, ACCENT, BLACK);
}

/// The plural of a creature's name: "giant rats", "ochre jellies", "bats" ("y" after a
/// consonant becomes "ies"; "s", "x", "z", "ch" and "sh" take "es").
pub(crate) fn plural(name: &str) -> String {
    let consonant_y =
        name.ends_with('y') && !name[..name.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']);
    if consonant_y {
        format!("{}ies", &name[..name.len() - 1])
    } else if name.ends_with(['s', 'x', 'z']) || name.ends_with("ch") || name.ends_with("sh") {
        format!("{name}es")
    } else {
        format!("{name}s")
    }
}

/// "3 giant rats, 1 orc", or "none".
fn kills_text(state: &State) -> String {
    let kills: Vec<String> = state
        .kills()
        .into_iter()
        .map(|(c, n)| match n {
            1 => format!("1 {}", c.name()),
            _ => format!("{n} {}", plural(c.name())),
        })
        .collect();
    if kills.is_empty() {
        "none".into()
    } else {
        kills.join(", ")
    }
}

/// The win or lose screen: how the run ended and its summary, with the score.
pub(super) fn end(f: &mut Frame, app: &App, state: &State) {
    let layout = app.layout();
    let x = left(layout);
    f.boxed(
        Area {
            x: (x - 4).max(0),
            y: 8,
            w: layout.cols - 2 * (x - 4).max(0),
            h: 30,
        },
        "",
        DIM,
        BLACK,
    );
    let (title, colour) = if state.outcome() == Outcome::Won {
        ("YOU WIN", ACCENT)
    } else {
        ("GAME OVER", WARN)
    };
    f.text(
        (layout.cols - title.len() as i32) / 2,
        11,
        title,
        colour,
        BLACK,
    );
    let mut y = paragraph(f, layout, 14, state.ending(), TEXT);
    let rows = [
        ("Score", state.score().to_string()),
        ("Depth", format!("level {} reached", state.depth_reached())),
        ("Turns", state.turn().to_string()),
        (
            "Experience",
            format!("level {}, {} xp", state.level(), state.xp()),
        ),
        ("Kills", kills_text(state)),
        ("Items used", state.items_used().to_string()),
        ("Seed", state.seed().to_string()),
    ];
    let vx = x + if layout.cols < 60 { 11 } else { 14 };
    for (label, value) in rows {
        f.text(x, y, label, DIM, BLACK);
        for line in wrap(&value, (layout.cols - vx - x).max(10) as usize) {
            let colour = if label == "Score" { TITLE } else { TEXT };
            f.text(vx, y, &line, colour, BLACK);
            y += 1;
        }
    }
    if !app.touch() {
        f.text(
            x,
            y + 1,
            "R watch the replay   S share   E export",
            TEXT,
            BLACK,
        );
        if app.daily_ended() {
            f.text(
                x,
                y + 2,
                "P post to today's board   B the board",
                TITLE,
                BLACK,
            );
        }
    } else if app.daily_ended() {
        f.text(
            x,
            y + 1,
            "Board (under the map): post this run",
            TITLE,
            BLACK,
        );
    }
    let again = if app.touch() {
        "Tap for a new game"
    } else {
        "Press Enter for a new game"
    };
    f.text(x, y + 4, again, ACCENT, BLACK);
}

#[cfg(test)]
mod tests {
    use super::plural;
    use crate::rules::kinds::creature::Creature;

    #[test]
    fn creatures_are_counted_in_english_plurals() {
        assert_eq!(plural("ochre jelly"), "ochre jellies");
        assert_eq!(plural("giant rat"), "giant rats");
        assert_eq!(plural("monkey"), "monkeys");
        assert_eq!(plural("lynx"), "lynxes");
        for c in Creature::ALL {
            let many = plural(c.name());
            assert!(many.starts_with(&c.name()[..c.name().len() - 1]), "{many}");
            assert!(!many.ends_with("ys") || many.ends_with("eys"), "{many}");
        }
    }
}
