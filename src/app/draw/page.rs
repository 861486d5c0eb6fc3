//! Text on the full-screen pages (start, help, the end of a run): their frame, margins,
//! lines cut at the right edge and wrapped paragraphs.

use crate::view::colour::{Rgb, BLACK, PANEL};
use crate::view::frame::{Area, Frame, PANEL_BLANK};
use crate::view::layout::Layout;
use crate::view::wrap::wrap;

/// The left edge of a page's text: narrower margins on narrow screens.
pub(crate) fn left(layout: Layout) -> i32 {
    if layout.cols < 60 {
        2
    } else {
        10
    }
}

/// The first column right of a page's text: one blank column before the page's right border.
pub(crate) fn right(layout: Layout) -> i32 {
    let p = page(layout);
    p.x + p.w - 2
}

/// `text` cut to `room` characters (a cut ends in "»").
pub(crate) fn clip(text: &str, room: i32) -> String {
    let room = room.max(1) as usize;
    if text.chars().count() <= room {
        text.to_string()
    } else {
        format!("{}»", first_chars(text, room - 1))
    }
}

/// The first `n` characters of `text` (all of it when it is shorter), as a slice of it.
pub(crate) fn first_chars(text: &str, n: usize) -> &str {
    let end = text.char_indices().nth(n).map_or(text.len(), |(i, _)| i);
    text.get(..end).unwrap_or(text)
}

/// Writes `text` from column `x` of row `y`, cut at the page's right edge.
pub(crate) fn line(f: &mut Frame, layout: Layout, x: i32, y: i32, text: &str, colour: Rgb) {
    f.text(x, y, &clip(text, right(layout) - x), colour, BLACK);
}

/// Writes `text` wrapped to the page's width from row `y`; returns the row after a blank line.
pub(crate) fn paragraph(f: &mut Frame, layout: Layout, y: i32, text: &str, colour: Rgb) -> i32 {
    let mut y = y;
    let x = left(layout);
    for line in wrap(text, (right(layout) - x).max(10) as usize) {
        f.text(x, y, &line, colour, BLACK);
        y += 1;
    }
    y + 1
}

/// The rows `paragraph` would take for `text`, its blank line included.
pub(crate) fn paragraph_rows(layout: Layout, text: &str) -> i32 {
    wrap(text, (right(layout) - left(layout)).max(10) as usize).len() as i32 + 1
}

/// The rows of a bar to tap (a touch screen's menu line), and the row of its label within
/// the bar: a portrait phone's bars are three rows with the label in the middle.
pub(crate) fn bar(layout: Layout) -> (i32, i32) {
    if layout.is_portrait() {
        (3, 1)
    } else {
        (2, 0)
    }
}

/// Draws a bar to tap from (`x`, `y`), `w` cells wide, of `bar`'s rows with `label` centred
/// on its label row (cut to its width); returns the rows it took.
pub(crate) fn tap_bar(
    f: &mut Frame,
    bar: (i32, i32),
    at: (i32, i32, i32),
    label: &str,
    colour: Rgb,
) -> i32 {
    let ((rows, label_row), (x, y, w)) = (bar, at);
    f.fill(x, y, w, rows, PANEL_BLANK);
    let label = clip(label, w - 2);
    let lx = x + (w - label.chars().count() as i32) / 2;
    f.text(lx, y + label_row, &label, colour, PANEL);
    rows
}

/// A run's name in the lists: its daily's date (and its try, for practice), or its seed.
pub(crate) fn run_name(seed: u64, daily: Option<&str>, attempt: Option<u32>) -> String {
    match (daily, attempt) {
        (Some(d), Some(n)) if n > 1 => format!("daily {d} try {n}"),
        (Some(d), _) => format!("daily {d}"),
        (None, _) => format!("seed {seed}"),
    }
}

/// The frame around the start and help pages.
pub(crate) fn page(layout: Layout) -> Area {
    let m = if layout.cols < 60 { 0 } else { 6 };
    Area {
        x: m,
        y: if m == 0 { 0 } else { 2 },
        w: layout.cols - 2 * m,
        h: layout.rows - if m == 0 { 0 } else { 4 },
    }
}

/// Writes `text` wrapped to the page's width from row `y`, a line every `pitch` rows;
/// returns the row after a blank line.
/// Lines that would reach row `limit` are left out (the menu is below it).
pub(crate) fn prose(
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
