//! Draws the overview (`app/overview.rs`): the level shown, a block of cells per screen
//! cell, each area's floor in its own colour, stairs tagged with a letter that the legend
//! under the map explains, the idol once known, the player and the cursor.

use crate::app::overview::{leads_text, Sheet, ENTRY, TOP};
use crate::app::App;
use crate::rules::geom::Point;
use crate::rules::kinds::item::Item;
use crate::rules::State;
use crate::view::colour::{hex, Rgb, ACCENT, BLACK, DIM, TEXT, TITLE, WARN};
use crate::view::frame::{Cell, Frame};
use crate::view::kinds::Shown;

/// The floor colours of areas, in turn.
const AREAS: [Rgb; 4] = [
    hex("#8FA08A"),
    hex("#66D9EF"),
    hex("#FD971F"),
    hex("#AE81FF"),
];

pub(super) fn draw(f: &mut Frame, app: &App, state: &State) {
    let Some(sheet) = app.overview_sheet() else {
        return;
    };
    let layout = app.layout();
    let (world, sight) = (state.world(), state.sight());
    let cursor = app.overview().cursor;
    let seen = sheet.levels.len();
    let plural = if seen == 1 { "" } else { "s" };
    let narrow = layout.cols < 50;
    let title = format!(
        "{}: level {} ({seen} level{plural} seen)",
        if narrow { "Map" } else { "Map of the caves" },
        sheet.z + 1,
    );
    f.text(0, 0, &title, TITLE, BLACK);
    let keys = match (app.touch(), narrow) {
        (true, true) => "Tap: go there. Tap here: level.",
        (true, false) => "Tap a place to go there; tap here for another level.",
        (false, _) => "< > level, arrows cursor, Enter go there, Esc close",
    };
    f.text(0, 1, keys, DIM, BLACK);
    let k = sheet.scale;
    let (bw, bh) = ((world.width() + k - 1) / k, (world.height() + k - 1) / k);
    let me = state.player();
    let idol = state
        .idol()
        .filter(|&p| p.z == sheet.z && sight.remembers(p));
    for by in 0..bh {
        for bx in 0..bw {
            let cells: Vec<Point> = sheet
                .block(bx, by)
                .filter(|&p| world.contains(p) && sight.remembers(p))
                .collect();
            let stair = sheet.stairs.iter().find(|s| cells.contains(&s.at));
            let open = cells.iter().find(|&&p| world.tile(p).is_open());
            let mut cell = if cells.contains(&me) {
                Cell {
                    glyph: b'@',
                    fg: TEXT,
                    bg: BLACK,
                }
            } else if idol.is_some_and(|p| cells.contains(&p)) {
                let e = Item::Idol.look();
                Cell {
                    glyph: e.glyph,
                    fg: e.fg,
                    bg: BLACK,
                }
            } else if let Some(s) = stair {
                Cell {
                    glyph: s.glyph as u8,
                    fg: if s.leads.is_some() || s.way_out {
                        TITLE
                    } else {
                        WARN
                    },
                    bg: BLACK,
                }
            } else if let Some(&p) = open {
                let area = sheet.area(p);
                let e = world.tile(p).look();
                Cell {
                    glyph: e.glyph,
                    fg: AREAS[usize::from(area) % AREAS.len()],
                    bg: BLACK,
                }
            } else if let Some(&p) = cells.first() {
                let e = world.tile(p).look();
                Cell {
                    glyph: e.glyph,
                    fg: DIM,
                    bg: BLACK,
                }
            } else {
                Cell {
                    glyph: b' ',
                    fg: BLACK,
                    bg: BLACK,
                }
            };
            if (cursor.x / k, cursor.y / k) == (bx, by) {
                cell.bg = ACCENT;
                cell.fg = BLACK;
            }
            f.put(sheet.ox + bx, TOP + by, cell);
        }
    }
    // Each stair's tag, beside it on the right.
    for s in &sheet.stairs {
        let (x, y) = (sheet.ox + s.at.x / k + 1, TOP + s.at.y / k);
        let taken = sheet
            .stairs
            .iter()
            .any(|t| (t.at.x / k, t.at.y / k) == (s.at.x / k + 1, s.at.y / k));
        let under = (me.z == sheet.z && (me.x / k, me.y / k) == (s.at.x / k + 1, s.at.y / k))
            || (cursor.x / k, cursor.y / k) == (s.at.x / k + 1, s.at.y / k);
        if x < layout.cols && !taken && !under {
            f.put(
                x,
                y,
                Cell {
                    glyph: s.tag as u8,
                    fg: BLACK,
                    bg: TITLE,
                },
            );
        }
    }
    // What is under the cursor, then the legend.
    let y = layout.rows - sheet.legend_rows - 1;
    let said: String = under_cursor(app, state, &sheet)
        .chars()
        .take(layout.cols as usize)
        .collect();
    f.text(0, y - 1, &said, TEXT, BLACK);
    for (i, s) in sheet.stairs.iter().enumerate() {
        let i = i as i32;
        let (col, row) = (i % sheet.legend_cols, i / sheet.legend_cols);
        let text: String = leads_text(s).chars().take(ENTRY as usize - 1).collect();
        f.text(col * ENTRY, y + row, &text, TEXT, BLACK);
    }
}

/// What the overview's cursor is on.
fn under_cursor(app: &App, state: &State, sheet: &Sheet) -> String {
    let c = app.overview().cursor;
    let k = sheet.scale;
    let Some(p) = sheet.place(state, c.x / k, c.y / k) else {
        return "Unknown.".into();
    };
    let go = if app.touch() { "A tap" } else { "Enter" };
    let name = state.world().tile(p).name();
    let mut chars = name.chars();
    let name: String = chars
        .next()
        .map(|c| c.to_ascii_uppercase())
        .into_iter()
        .chain(chars)
        .collect();
    let area = sheet.area(p);
    match sheet.stairs.iter().find(|s| s.at == p) {
        Some(s) => format!("{name}, area {area}: {}. {go} goes there.", leads_text(s)),
        None => format!("{name}, area {area}. {go} goes there."),
    }
}
