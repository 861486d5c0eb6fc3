//! Full-screen pages: start, help, and the end of a run.

use crate::app::{App, Saving};
use crate::colour::{Rgb, ACCENT, BLACK, DIM, TEXT, TITLE, WARN};
use crate::frame::{Area, Frame};
use crate::layout::Layout;
use crate::log::wrap;
use crate::rules::{Outcome, State};

/// Writes `text` wrapped to the page's width from row `y`; returns the row after a blank line.
fn paragraph(f: &mut Frame, layout: Layout, y: i32, text: &str, colour: Rgb) -> i32 {
    let mut y = y;
    for line in wrap(text, (layout.cols - 20).max(10) as usize) {
        f.text(10, y, &line, colour, BLACK);
        y += 1;
    }
    y + 1
}

/// Every key, as shown on the help screen.
pub const KEYS: [(&str, &str); 18] = [
    ("arrows, h j k l", "move west, south, north, east"),
    ("y u b n", "move diagonally"),
    ("numeric keypad", "move in 8 directions (NumLock on or off)"),
    (". or keypad 5", "wait a turn"),
    ("R", "rest until healed or something comes"),
    ("g or ,", "pick up what lies here"),
    ("i", "inventory: a letter uses or equips"),
    ("q r a, w, d", "quaff/read, wield/wear, drop an item"),
    ("5 to 9", "start screen: watch a best run"),
    ("> and <", "walk down or up stairs you stand on"),
    ("walk into", "attack a creature"),
    ("x, or mouse", "look: name what is under the cursor"),
    ("s", "share: a link that replays this run"),
    ("e", "export this run as a file"),
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
fn page(layout: Layout) -> Area {
    Area {
        x: 6,
        y: 2,
        w: layout.cols - 12,
        h: layout.rows - 4,
    }
}

/// The start screen: title, goal, saved runs to continue, recent runs, and how to start.
pub(super) fn start(f: &mut Frame, app: &App) {
    let layout = app.layout();
    f.boxed(page(layout), "", DIM, BLACK);
    f.text((layout.cols - 9) / 2, 4, "C A V E S", TITLE, BLACK);
    let mut y = paragraph(
        f,
        layout,
        6,
        "A golden idol lies somewhere on the deepest level of these caves. Walk down the stairs \
         ('>') level by level, step on the idol to take it, then climb all the way back and \
         out by the stair up ('<') where you came in. Your torch lights only a few steps; \
         goblins, orcs and worse roam the dark. Walk into a creature to fight it. Every run is \
         saved after each turn.",
        TEXT,
    );
    y = paragraph(
        f,
        layout,
        y,
        "Keys: arrows or h j k l and y u b n move, > and < take stairs, g picks up, i shows \
         what you carry, R rests, x looks, s shares, ? shows every key.",
        DIM,
    );
    let found = app.found();
    if !found.runs.is_empty() {
        f.text(10, y, "Saved runs", DIM, BLACK);
        y += 1;
        let free = app.free_runs();
        for (i, run) in found.runs.iter().take(3).enumerate() {
            let busy = !free.contains(&i);
            let daily = run
                .record
                .header
                .daily
                .as_ref()
                .map_or(String::new(), |d| format!(", daily {d}"));
            let what = format!(
                "seed {}{daily}, level {}, turn {} ({})",
                run.record.header.seed, run.level, run.turn, run.date
            );
            let (key, colour) = match (i, busy) {
                (_, true) => (format!("{}", i + 1), DIM),
                (0, false) => ("Enter".into(), ACCENT),
                _ => (format!("{}", i + 1), TEXT),
            };
            f.text(10, y, &key, colour, BLACK);
            f.text(17, y, &format!("continue {what}"), colour, BLACK);
            y += 1;
            if busy {
                f.text(
                    17,
                    y,
                    "open in another tab: press T to take it over here",
                    WARN,
                    BLACK,
                );
                y += 1;
            }
        }
        y += 1;
    }
    let best = crate::save::Saves::high_scores(&found.history);
    if !best.is_empty() {
        f.text(10, y, "Best runs", DIM, BLACK);
        y += 1;
        for (i, h) in best.iter().enumerate() {
            let line = format!(
                "{:>6}  {}  {}  depth {}  {} turns  seed {}",
                h.score.unwrap_or(0),
                h.date,
                h.outcome,
                h.depth,
                h.turns,
                h.seed
            );
            f.text(10, y, &(5 + i).to_string(), TITLE, BLACK);
            f.text(13, y, &line, TEXT, BLACK);
            y += 1;
        }
        f.text(
            10,
            y,
            "5 to 9 watch one again (then S shares, E exports it)",
            DIM,
            BLACK,
        );
        y += 2;
    }
    if !found.history.is_empty() {
        f.text(10, y, "Recent runs", DIM, BLACK);
        y += 1;
        for h in found.history.iter().take(3) {
            let line = format!(
                "{}  seed {}  {}  {} turns  depth {}",
                h.date, h.seed, h.outcome, h.turns, h.depth
            );
            f.text(10, y, &line, TEXT, BLACK);
            y += 1;
        }
        f.text(10, y, "R watches the last one again", DIM, BLACK);
        y += 2;
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
    let opts = app.options();
    let next = match &opts.daily {
        Some(d) => format!("the daily caves of {d}"),
        None => format!("seed {}", opts.seed),
    };
    f.text(10, y, &format!("New run: {next}"), DIM, BLACK);
    let prompt = if app.free_runs().is_empty() {
        "Press any key to start".to_string()
    } else {
        "Press Enter to continue, any other key for a new run".to_string()
    };
    let py = (y + 2).min(layout.rows - 5);
    f.text(
        (layout.cols - prompt.len() as i32) / 2,
        py,
        &prompt,
        ACCENT,
        BLACK,
    );
    f.text(10, py + 1, "I imports a run file", DIM, BLACK);
}

/// The help screen: every key.
pub(super) fn help(f: &mut Frame, layout: Layout) {
    f.boxed(page(layout), "Help", DIM, BLACK);
    let y = paragraph(
        f,
        layout,
        5,
        "Take the golden idol from the deepest level and climb out by the stair up on level 1.",
        TEXT,
    );
    let y = key_table(f, y);
    let y = paragraph(
        f,
        layout,
        y,
        "Watching a replay: Space plays or pauses, the right arrow steps, + and - change the \
         speed (1x to 64x), End jumps to the end, Enter plays on from there as a new run, \
         Escape leaves.",
        TEXT,
    );
    f.text(10, y + 1, "Press Escape or ? to go back", ACCENT, BLACK);
}

/// "3 giant rats, 1 orc", or "none".
fn kills_text(state: &State) -> String {
    let kills: Vec<String> = state
        .kills()
        .into_iter()
        .map(|(c, n)| format!("{n} {}{}", c.name(), if n == 1 { "" } else { "s" }))
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
    f.boxed(
        Area {
            x: 6,
            y: 8,
            w: layout.cols - 12,
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
    for (label, value) in rows {
        f.text(10, y, label, DIM, BLACK);
        for line in wrap(&value, (layout.cols - 42).max(10) as usize) {
            f.text(
                24,
                y,
                &line,
                if label == "Score" { TITLE } else { TEXT },
                BLACK,
            );
            y += 1;
        }
    }
    f.text(
        10,
        y + 1,
        "R watch the replay   S share   E export",
        TEXT,
        BLACK,
    );
    f.text(10, y + 3, "Press Enter for a new game", ACCENT, BLACK);
}
