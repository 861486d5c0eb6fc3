//! The help screen's page (`page::Page::HELP`): every key, and a way back.

use crate::app::ctx::Ctx;
use crate::app::draw::page::*;
use crate::app::keys::{gamepad_help, KEYS};
use crate::view::colour::{ACCENT, BLACK, DIM, TEXT, TITLE};
use crate::view::frame::Frame;
use crate::view::layout::Layout;
use crate::view::wrap::wrap;

/// The key table from row `y`, each description wrapped beside its key (under it on narrow
/// pages), as far as row `limit`. Returns the next row and how many keys did not fit.
fn key_table(f: &mut Frame, layout: Layout, y: i32, limit: i32) -> (i32, usize) {
    let x = left(layout);
    let narrow = layout.cols < 60;
    let mut y = y;
    let gamepad = gamepad_help();
    let [rest @ .., last] = &KEYS;
    let keys = rest.iter().copied();
    let keys = keys.chain([("gamepad", gamepad.as_str()), *last]);
    let all = KEYS.len() + 1;
    for (shown, (key, what)) in keys.enumerate() {
        let dx = if narrow { 2 } else { 18 };
        let lines = wrap(what, (right(layout) - x - dx).max(8) as usize);
        let rows = lines.len() as i32 + i32::from(narrow);
        if y + rows > limit {
            return (y + 1, all - shown);
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

/// The help screen: every key, and how to play by touch.
pub(crate) fn draw(f: &mut Frame, ctx: &Ctx) {
    let layout = ctx.layout;
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
         x looks (Enter on a grave watches that run), Escape leaves.";
    // The last row for text: the back line sits a blank row above the bottom border.
    let last = page(layout).y + page(layout).h - 3;
    let y = if ctx.touch() {
        let taps = "Tap a cell you have seen to walk there. Tap a creature next to you to attack \
             it, yourself to wait a turn, and the stairs you stand on to take them. Hold a \
             finger on a cell to hear what is there. The pad below the map has every move, \
             Torch douses or relights your torch, Close shuts the open doors beside you, and \
             Throw picks an item, then a tap on a cell throws it there. Fire, then a tap \
             beside you, sets moss or fungus alight. A tap on the log goes on with a journey \
             that stopped. A ^ is a trap: step round it; waiting by torchlight searches for \
             hidden ones.";
        // A short screen (the pad open, larger glyphs) gets the first taps only.
        let few = "Tap a cell you have seen to walk there, a creature next to you to attack it, \
             yourself to wait, the stairs you stand on to take them. The pad has every move.";
        let text = if y + paragraph_rows(layout, taps) < last {
            taps
        } else {
            few
        };
        paragraph(f, layout, y, text, TEXT)
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
    let back = if ctx.touch() {
        "Tap to go back"
    } else {
        "Press Escape or ? to go back"
    };
    line(f, layout, left(layout), (y + 1).min(last), back, ACCENT);
}
