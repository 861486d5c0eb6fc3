//! The inventory box over the map: a letter per carried item (only those the menu's action
//! can use), what is wielded and worn, and what a letter does here.

use super::screens::clip;
use crate::app::inventory::Pick;
use crate::app::App;
use crate::rules::kinds::item::Item;
use crate::rules::{Place, State, PACK_LIMIT};
use crate::view::colour::{ACCENT, BLACK, DIM, TEXT, TITLE};
use crate::view::frame::{Area, Cell, Frame};
use crate::view::kinds::Shown;

/// "murky potion: healing" for every potion and scroll kind identified this run.
fn identified(state: &State) -> Vec<String> {
    Item::POTIONS
        .into_iter()
        .chain(Item::SCROLLS)
        .filter(|&k| state.knows(k))
        .filter_map(|k| {
            let look = state.looks().of_kind(k)?.name();
            // "potion of healing" and "scroll of light" without their first ten letters.
            let kind = k.name().get(10..).unwrap_or(k.name());
            Some(format!("{look}: {kind}"))
        })
        .collect()
}

/// Draws the inventory box in the middle of the map view: its first item on the row
/// `App::inventory_top` names.
pub(super) fn draw(f: &mut Frame, app: &App, state: &State, pick: Pick) {
    let layout = app.layout();
    let carried = state.carried();
    let menu = app.menu(pick);
    let known = identified(state);
    let extra = if known.is_empty() {
        0
    } else {
        known.len() as i32 + 2
    };
    let (w, h) = (
        44.min(layout.view_width()),
        8 + menu.len().max(1) as i32 + extra,
    );
    let x = layout.sidebar + (layout.view_width() - w).max(0) / 2;
    let y = app.inventory_top() - 2;
    let blank = Cell {
        glyph: b' ',
        fg: TEXT,
        bg: BLACK,
    };
    f.fill(x, y, w, h, blank);
    f.boxed(Area { x, y, w, h }, pick.title(), DIM, BLACK);
    // Text keeps a blank column before the right border.
    let room = w - 4;
    let none = match pick {
        _ if carried.is_empty() => "You carry nothing.",
        Pick::Use => "Nothing here can be quaffed or read.",
        Pick::Equip => "Nothing here can be wielded or worn.",
        Pick::Throw => "Nothing here can be thrown.",
        Pick::Browse | Pick::Drop => "",
    };
    if menu.is_empty() {
        f.text(x + 2, y + 2, &clip(none, room), TEXT, BLACK);
    }
    for (i, line) in menu.iter().enumerate() {
        let (t, letter) = (line.thing, line.letter);
        let row = y + 2 + i as i32;
        let note = match t.place {
            Place::Wielded => " (wielded)",
            Place::Worn => " (worn)",
            _ => "",
        };
        let seen = state.seen_as(t.kind);
        let e = seen.look();
        f.text(x + 2, row, &format!("{letter})"), TITLE, BLACK);
        f.put(
            x + 5,
            row,
            Cell {
                glyph: e.glyph,
                fg: e.fg,
                bg: BLACK,
            },
        );
        let name = clip(&format!("{}{note}", seen.name()), w - 8);
        f.text(x + 7, row, &name, TEXT, BLACK);
    }
    // What using has taught: each identified look and its kind.
    if !known.is_empty() {
        let top = y + 3 + menu.len().max(1) as i32;
        f.text(x + 2, top, "Identified", DIM, BLACK);
        for (i, line) in known.iter().enumerate() {
            f.text(x + 2, top + 1 + i as i32, &clip(line, room), TEXT, BLACK);
        }
    }
    let hint = match (pick, app.touch()) {
        (_, true) => "tap an item",
        (Pick::Browse, false) if room < 26 => "a letter uses it",
        (Pick::Browse, false) => "a letter uses or equips it",
        _ => "press its letter",
    };
    // The idol is carried even in a full pack: it does not count against the limit.
    let items = carried.iter().filter(|t| t.kind != Item::Idol).count();
    let idol = if state.carrying_idol() {
        ", and the idol"
    } else {
        ""
    };
    f.text(
        x + 2,
        y + h - 4,
        &clip(&format!("{items} of {PACK_LIMIT} carried{idol}"), room),
        DIM,
        BLACK,
    );
    f.text(x + 2, y + h - 3, hint, ACCENT, BLACK);
    let close = if app.touch() && room < 22 {
        "tap outside: close"
    } else if app.touch() {
        "tap elsewhere to close"
    } else {
        "Escape closes"
    };
    f.text(x + 2, y + h - 2, close, DIM, BLACK);
}
