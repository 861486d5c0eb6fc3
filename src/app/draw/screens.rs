//! Full-screen pages: start, help, and the end of a run.

use crate::app::{App, Saving};
use crate::rules::{Outcome, State};
use crate::view::colour::{Rgb, ACCENT, BLACK, DIM, TEXT, TITLE, WARN};
use crate::view::frame::{Area, Frame};
use crate::view::kinds::{player, Shown};
use crate::view::layout::Layout;
use crate::view::wrap::wrap;

/// The left edge of a page's text: narrower margins on narrow screens.
fn left(layout: Layout) -> i32 {
    if layout.cols < 60 {
        2
    } else {
        10
    }
}

/// The first column right of a page's text: one blank column before the page's right border.
fn right(layout: Layout) -> i32 {
    let p = page(layout);
    p.x + p.w - 2
}

/// `text` cut to `room` characters (a cut ends in "»").
pub(in crate::app) fn clip(text: &str, room: i32) -> String {
    let room = room.max(1) as usize;
    if text.chars().count() <= room {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(room - 1).collect();
        cut.push('»');
        cut
    }
}

/// Writes `text` from column `x` of row `y`, cut at the page's right edge.
fn line(f: &mut Frame, layout: Layout, x: i32, y: i32, text: &str, colour: Rgb) {
    f.text(x, y, &clip(text, right(layout) - x), colour, BLACK);
}

/// Writes `text` wrapped to the page's width from row `y`; returns the row after a blank line.
fn paragraph(f: &mut Frame, layout: Layout, y: i32, text: &str, colour: Rgb) -> i32 {
    let mut y = y;
    let x = left(layout);
    for line in wrap(text, (right(layout) - x).max(10) as usize) {
        f.text(x, y, &line, colour, BLACK);
        y += 1;
    }
    y + 1
}

/// The rows `paragraph` would take for `text`, its blank line included.
fn paragraph_rows(layout: Layout, text: &str) -> i32 {
    wrap(text, (right(layout) - left(layout)).max(10) as usize).len() as i32 + 1
}

/// A run's name in the lists: its daily's date, or its seed.
pub(in crate::app) fn run_name(seed: u64, daily: Option<&str>) -> String {
    match daily {
        Some(d) => format!("daily {d}"),
        None => format!("seed {seed}"),
    }
}

/// Every key, as shown on the help screen.
pub const KEYS: [(&str, &str); 29] = [
    ("arrows, h j k l", "move west, south, north, east"),
    ("y u b n", "move diagonally"),
    ("numeric keypad", "move in 8 directions (NumLock on or off)"),
    (". or keypad 5", "wait a turn"),
    ("R", "rest by torchlight until healed"),
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
    ("] and [", "stairs to the unexplored, to the way out"),
    ("m", "map of every level seen: choose, travel"),
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

/// The key table from row `y`, each description wrapped beside its key (under it on narrow
/// pages), as far as row `limit`. Returns the next row and how many keys did not fit.
fn key_table(f: &mut Frame, layout: Layout, y: i32, limit: i32) -> (i32, usize) {
    let x = left(layout);
    let narrow = layout.cols < 60;
    let mut y = y;
    for (shown, (key, what)) in KEYS.iter().enumerate() {
        let dx = if narrow { 2 } else { 18 };
        let lines = wrap(what, (right(layout) - x - dx).max(8) as usize);
        let rows = lines.len() as i32 + i32::from(narrow);
        if y + rows > limit {
            return (y + 1, KEYS.len() - shown);
        }
        f.text(x, y, key, TITLE, BLACK);
        y += i32::from(narrow);
        for l in lines {
            f.text(x + dx, y, &l, TEXT, BLACK);
            y += 1;
        }
    }
    (y + 1, 0)
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
    // Prose with a blank row between its lines when everything still fits that way (the 8 x 8
    // glyphs have no spacing of their own); packed lines when it would not.
    let mut spaced = f.clone();
    let (y, whole) = start_page(&mut spaced, app, 2);
    let y = if whole {
        *f = spaced;
        y
    } else {
        start_page(f, app, 1).0
    };
    caves_view(f, app, y);
    menu(f, app, y);
}

/// Writes `text` wrapped to the page's width from row `y`, a line every `pitch` rows;
/// returns the row after a blank line.
/// Lines that would reach row `limit` are left out (the menu is below it).
fn prose(
    f: &mut Frame,
    layout: Layout,
    at: (i32, i32),
    text: &str,
    colour: Rgb,
    pitch: i32,
) -> i32 {
    let (y, limit) = at;
    let x = left(layout);
    let lines = wrap(text, (right(layout) - x).max(10) as usize);
    for (i, line) in lines.iter().enumerate() {
        let row = y + i as i32 * pitch;
        if row < limit {
            f.text(x, row, line, colour, BLACK);
        }
    }
    y + lines.len() as i32 * pitch + 2 - pitch
}

/// A window on the first level of the next new run, between the start page's text (ending
/// at row `below`) and its menu, when there are at least 5 free rows: its tiles, its
/// creatures and you on the stair up where the run starts, in full light.
fn caves_view(f: &mut Frame, app: &App, below: i32) {
    let layout = app.layout();
    let top = below;
    let bottom = app.menu_top(app.start_menu().len()) - 3;
    let h = (bottom - top).min(11);
    if h < 5 {
        return;
    }
    let opts = app.options();
    let header =
        crate::record::Header::new(opts.seed, opts.params, opts.daily.clone()).in_mode(opts.mode);
    let Ok(state) = header.start() else {
        return;
    };
    let w = (right(layout) - left(layout)).min(44);
    let (x0, y0) = ((layout.cols - w) / 2, top);
    let me = state.player();
    let world = state.world();
    let sx = (me.x - w / 2).clamp(0, (world.width() - w).max(0));
    let sy = (me.y - h / 2).clamp(0, (world.height() - h).max(0));
    let palette = app.palette();
    for vy in 0..h {
        for vx in 0..w {
            let at = crate::rules::geom::Point::new(sx + vx, sy + vy, me.z);
            let tile = world.tile(at).look();
            let e = if at == me {
                &player::LOOK
            } else {
                state.monster_at(at).map_or(tile, |m| m.kind.look())
            };
            let bg = tile.bg;
            f.put(
                x0 + vx,
                y0 + vy,
                crate::view::frame::Cell {
                    glyph: e.glyph,
                    fg: palette.map(e.fg),
                    bg: palette.map(bg),
                },
            );
        }
    }
}

/// The start page's text above its menu, prose lines `pitch` rows apart. Returns the row
/// after it, and whether everything fitted above the menu.
fn start_page(f: &mut Frame, app: &App, pitch: i32) -> (i32, bool) {
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
         down as you go: find oil, douse it to hide (wounds close only in its light), and when \
         it dies the caves come for you. Creatures asleep or unaware take double blows; potions \
         and scrolls are unknown until tried. Walk into a creature to fight it. Every run is \
         saved after each turn."
    };
    // What is listed stops two rows above the menu's prompt.
    let limit = app.menu_top(app.start_menu().len()) - 3;
    let mut y = prose(f, layout, (page(layout).y + 4, limit), intro, TEXT, pitch);
    if !app.touch() {
        y = prose(
            f,
            layout,
            (y, limit),
            "Keys: arrows or h j k l and y u b n move, > and < take stairs, g picks up, i shows \
             what you carry, t throws, T douses the torch, R rests, x looks, s shares, ? shows \
             every key.",
            DIM,
            pitch,
        );
    }
    let mut whole = y <= limit + 1;
    let found = app.found();
    let best = crate::save::Saves::high_scores(&found.history);
    let narrow = layout.cols < 60;
    whole &= best.is_empty() || y + 2 < limit;
    if !best.is_empty() && y + 2 < limit {
        f.text(x, y, "Best runs", DIM, BLACK);
        y += 1;
        for (i, h) in best.iter().enumerate() {
            if y >= limit {
                whole = false;
                break;
            }
            let record = h.decode();
            let daily = record.as_ref().and_then(|r| r.header.daily.as_deref());
            let explorer = record
                .as_ref()
                .is_some_and(|r| r.header.mode == crate::rules::Mode::Explorer);
            let mode = if explorer { " Explorer" } else { "" };
            let name = run_name(h.seed, daily);
            let line_text = if narrow {
                format!("{:>6} {} {name}{mode}", h.score.unwrap_or(0), h.outcome)
            } else {
                let rest = format!(
                    "{}  depth {}  {} turns  {name}{mode}",
                    h.outcome, h.depth, h.turns
                );
                // The day it ended, when the line has room for it and it is not the name.
                let room = right(layout) - x - 3;
                let dated = format!("{:>6}  {}  {rest}", h.score.unwrap_or(0), h.date);
                if daily.is_none() && dated.chars().count() as i32 <= room {
                    dated
                } else {
                    format!("{:>6}  {rest}", h.score.unwrap_or(0))
                }
            };
            f.text(x, y, &(5 + i).to_string(), TITLE, BLACK);
            line(f, layout, x + 3, y, &line_text, TEXT);
            y += 1;
        }
        let watch = "5 to 9 watch one again (then S shares, E exports it)";
        if !app.touch() && y + paragraph_rows(layout, watch) <= limit {
            y = paragraph(f, layout, y, watch, DIM) - 1;
        } else if !app.touch() {
            whole = false;
        }
        y += 1;
    }
    whole &= found.history.is_empty() || y + 2 < limit;
    if !found.history.is_empty() && y + 2 < limit {
        f.text(x, y, "Recent runs", DIM, BLACK);
        y += 1;
        for h in found.history.iter().take(3) {
            if y >= limit {
                whole = false;
                break;
            }
            let record = h.decode();
            let name = run_name(
                h.seed,
                record.as_ref().and_then(|r| r.header.daily.as_deref()),
            );
            let line_text = if narrow {
                format!("{} {} turns {name}", h.outcome, h.turns)
            } else {
                format!(
                    "{}  {name}  {}  {} turns  depth {}",
                    h.date, h.outcome, h.turns, h.depth
                )
            };
            line(f, layout, x, y, &line_text, TEXT);
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
    (y, whole && y <= limit + 1)
}

/// The start menu at the bottom of the page: keys and labels, or bars to tap.
fn menu(f: &mut Frame, app: &App, below: i32) {
    let layout = app.layout();
    let x = left(layout);
    let items = app.start_menu();
    let (top, pitch) = (app.menu_top(items.len()), app.menu_pitch());
    let narrow = layout.cols < 60;
    let prompt = if app.touch() {
        "Tap a line to choose"
    } else if app.free_runs().is_empty() {
        "Press any key to start"
    } else {
        // The longest wording that fits the page.
        let fits = |p: &&str| (p.len() as i32) < right(layout);
        [
            "Press Enter to continue, any other key for a new run",
            "Enter continues, N: a new run",
            "Enter: continue",
        ]
        .into_iter()
        .find(|p| fits(p))
        .unwrap_or("Enter: continue")
    };
    let py = (top - 2).max(below);
    f.text(
        (layout.cols - prompt.len() as i32) / 2,
        py,
        prompt,
        ACCENT,
        BLACK,
    );
    let (bar_rows, label_row) = app.menu_bar();
    for (i, item) in items.iter().enumerate() {
        let y = top + i as i32 * pitch;
        let colour = if i == 0 { ACCENT } else { TEXT };
        if app.touch() {
            let bar = crate::view::frame::Cell {
                glyph: b' ',
                fg: TEXT,
                bg: crate::view::colour::PANEL,
            };
            let w = layout.cols - 2 * x;
            f.fill(x, y, w, bar_rows, bar);
            // The label in the bar's middle row, as far as the bar reaches.
            let label = clip(&item.label, w - 2);
            let lx = x + (w - label.chars().count() as i32) / 2;
            f.text(
                lx,
                y + label_row,
                &label,
                colour,
                crate::view::colour::PANEL,
            );
        } else {
            let dx = if narrow { 8 } else { 10 };
            f.text(x, y, &item.key, TITLE, BLACK);
            line(f, layout, x + dx, y, &item.label, colour);
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
    let replay = "Watching a replay: Space plays or pauses, the right arrow steps, + and - change \
         the speed (1x to 64x), End jumps to the end, Enter plays on from there as a new run, \
         Escape leaves.";
    // The last row for text: the back line sits a blank row above the bottom border.
    let last = page(layout).y + page(layout).h - 3;
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
        // The keys first; the replay's keys only when they fit below them.
        let (y, left_out) = key_table(f, layout, y, last - 1);
        if left_out > 0 {
            line(
                f,
                layout,
                left(layout),
                y - 1,
                &format!("({left_out} more: Z for smaller glyphs)"),
                DIM,
            );
        }
        y
    };
    let y = if y + paragraph_rows(layout, replay) < last {
        paragraph(f, layout, y, replay, TEXT)
    } else {
        y
    };
    let back = if app.touch() {
        "Tap to go back"
    } else {
        "Press Escape or ? to go back"
    };
    line(f, layout, left(layout), (y + 1).min(last), back, ACCENT);
}

/// The plural of a creature's name: "giant rats", "ochre jellies", "bats" ("y" after a
/// consonant becomes "ies"; "s", "x", "z", "ch" and "sh" take "es").
pub(crate) fn plural(name: &str) -> String {
    match name.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'i', 'o', 'u']) => format!("{stem}ies"),
        _ if name.ends_with(['s', 'x', 'z']) || name.ends_with("ch") || name.ends_with("sh") => {
            format!("{name}es")
        }
        _ => format!("{name}s"),
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
    let frame = Area {
        x: (x - 4).max(0),
        y: 8,
        w: layout.cols - 2 * (x - 4).max(0),
        h: 30.min(layout.rows - 9),
    };
    f.boxed(frame, "", DIM, BLACK);
    // Lines of text end a blank column before the box's right border.
    let room = (frame.x + frame.w - 2 - x) as usize;
    let lines = |f: &mut Frame, y: i32, text: &str, colour: Rgb| -> i32 {
        let mut y = y;
        for l in wrap(text, room) {
            f.text(x, y, &l, colour, BLACK);
            y += 1;
        }
        y
    };
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
    let mut y = y + 1;
    if app.end_unsaved().is_some() {
        // Why is in the sidebar and on the start screen; here the few words fit every layout.
        y = lines(
            f,
            y,
            "Its end could not be saved yet: keep this page open.",
            WARN,
        ) + 1;
    }
    if !app.touch() {
        y = lines(f, y, "R watch the replay   S share   E export", TEXT);
        if app.daily_ended() {
            y = lines(f, y, "P post to today's board   B the board", TITLE);
        }
    } else if app.daily_ended() {
        y = lines(f, y, "Board (under the map): post this run", TITLE);
    }
    let again = if app.touch() {
        "Tap for a new game"
    } else {
        "Press Enter for a new game"
    };
    lines(f, y + 1, again, ACCENT);
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
