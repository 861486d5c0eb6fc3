//! The inventory screen: the carried items by letter, in a box over the map (only those the
//! menu's action can use, what is wielded and worn, how many a stack holds, and what a
//! letter does here). Opened to
//! look (`i`) or to choose an item to drop, use or equip; a letter or a tap on its row then
//! becomes that item action of the rules, and a tap elsewhere closes it.

use crate::app::ctx::Ctx;
use crate::app::draw::page::clip;
use crate::app::goto::Goto;
use crate::app::input::{command, ignorable, Command};
use crate::app::next::{Chosen, Layer, Next, Region, Screen};
pub use crate::app::pick::Pick;
use crate::rules::game::log::counted;
use crate::rules::kinds::item::Item;
use crate::rules::{Place, State, Thing, PACK_LIMIT};
use crate::view::colour::{ACCENT, BLACK, DIM, TEXT, TITLE};
use crate::view::frame::{Area, Cell, Frame, BLANK};
use crate::view::kinds::Shown;

/// The keys of the letters, for the rows a tap chooses by.
const LETTERS: &str = "abcdefghijklmnopqrstuvwxyz";

/// The letter a key names, if it is one: "a" is 'a'.
pub fn letter_of(key: &str) -> Option<char> {
    match key.as_bytes() {
        [c @ b'a'..=b'z'] => Some(char::from(*c)),
        _ => None,
    }
}

/// One line of an item menu: the thing's letter, its pack slot (what actions name) and the
/// thing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub letter: char,
    pub slot: u8,
    pub thing: Thing,
}

/// The inventory's state: what choosing an item does here, and a wielded weapon chosen once
/// to throw (chosen again, it is thrown).
pub struct Inventory {
    pub pick: Pick,
    throw_asked: Option<u8>,
}

/// The screen row of the inventory's first item.
pub fn top(ctx: &Ctx) -> i32 {
    ctx.layout.top + 5
}

/// What the menu for `pick` lists, by letter: the carried things it can be used on.
pub fn menu(state: &State, pick: Pick) -> Vec<Line> {
    // Each thing in its letter's place, then the letters in order: one pass over the pack.
    let mut by_letter: [Option<Line>; 26] = [None; 26];
    for (slot, thing) in state.carried().into_iter().enumerate() {
        let letter = state.letter(slot);
        let (Some(at), Ok(slot)) = (
            (letter as usize).checked_sub('a' as usize),
            u8::try_from(slot),
        ) else {
            continue;
        };
        if let Some(place) = by_letter.get_mut(at) {
            *place = Some(Line {
                letter,
                slot,
                thing,
            });
        }
    }
    let mut lines = Vec::new();
    for place in by_letter {
        if let Some(line) = place.filter(|l| pick.lists(l.thing)) {
            lines.push(line);
        }
    }
    lines
}

impl Inventory {
    pub fn new(pick: Pick) -> Inventory {
        Inventory {
            pick,
            throw_asked: None,
        }
    }
}

impl Layer for Inventory {
    fn screen(&self) -> Screen {
        Screen::Inventory(self.pick)
    }

    /// A tap on a thing's row picks it, as its letter does; anywhere else closes the
    /// inventory.
    fn regions(&self, ctx: &Ctx) -> Vec<Region> {
        let lines = ctx.state().map_or_else(Vec::new, |s| menu(s, self.pick));
        let (top, cols) = (top(ctx), ctx.layout.cols);
        let mut regions = Vec::new();
        for (row, line) in (top..).zip(lines) {
            let at = (line.letter as usize).wrapping_sub('a' as usize);
            if let Some(letter) = LETTERS.get(at..=at) {
                regions.push(Region::new(0, row, cols, 1, letter));
            }
        }
        regions.push(Region::whole(ctx.layout, "Escape"));
        regions
    }

    fn key(&mut self, ctx: &mut Ctx, key: &str) -> Option<Next> {
        if ignorable(key) {
            return None;
        }
        let slot = letter_of(key).and_then(|c| ctx.state()?.slot_of(c));
        if let Some(next) = slot.and_then(|slot| self.pick_slot(ctx, slot)) {
            return Some(next);
        }
        let closes = matches!(
            command(key),
            Some(Command::Back | Command::Confirm | Command::Inventory(Pick::Browse))
        );
        Some(if closes { Next::Pop } else { Next::Stay })
    }

    fn draw(&self, f: &mut Frame, ctx: &Ctx) {
        if let Some(state) = ctx.state() {
            self.draw_over(f, ctx, state);
        }
    }
}

impl Inventory {
    /// Does what the pick asks with the thing carried in `slot`, closing the inventory;
    /// `None` (and nothing done) when no thing is carried there. A thing the menu does not
    /// list is refused with a word, and a wielded weapon is thrown only when chosen a second
    /// time.
    fn pick_slot(&mut self, ctx: &mut Ctx, slot: u8) -> Option<Next> {
        let pick = self.pick;
        let state = ctx.state()?;
        let &thing = state.carried().get(usize::from(slot))?;
        let name = state.item_name(thing.kind);
        let asked = self.throw_asked.take() == Some(slot);
        let said = if !pick.lists(thing) {
            Some(pick.refusal(thing, name))
        } else if pick == Pick::Throw && thing.place == Place::Wielded && !asked {
            self.throw_asked = Some(slot);
            let again = if ctx.touch() { "tap" } else { "choose" };
            Some(format!(
                "You wield the {name}: {again} it again to throw it."
            ))
        } else {
            None
        };
        if let Some(said) = said {
            ctx.tell(&said);
            return Some(Next::Stay);
        }
        if pick == Pick::Throw {
            return Some(Next::Back(Chosen::Aim(slot)));
        }
        Some(match pick.action(slot, thing).map(|a| ctx.act(a)) {
            Some(Goto::Stay) | None => Next::Pop,
            Some(goto) => goto.into(),
        })
    }

    /// Draws the inventory box in the middle of the map view: its first item on the row
    /// `top` names.
    fn draw_over(&self, f: &mut Frame, ctx: &Ctx, state: &State) {
        let pick = self.pick;
        let layout = ctx.layout;
        let carried = state.carried();
        let menu = menu(state, pick);
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
        let y = top(ctx) - 2;
        f.fill(x, y, w, h, BLANK);
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
            let name = if t.count > 1 {
                counted(seen.name(), t.count)
            } else {
                seen.name().to_string()
            };
            let name = clip(&format!("{name}{note}"), w - 8);
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
        let hint = match (pick, ctx.touch()) {
            (_, true) => "tap an item",
            (Pick::Browse, false) if room < 26 => "a letter uses it",
            (Pick::Browse, false) => "a letter uses or equips it",
            _ => "press its letter",
        };
        // The idol is carried even in a full pack: it does not count against the limit. A
        // stack of potions or scrolls takes one slot.
        let items = carried.iter().filter(|t| t.kind != Item::Idol).count();
        let idol = if state.carrying_idol() {
            ", and the idol"
        } else {
            ""
        };
        f.text(
            x + 2,
            y + h - 4,
            // The limit is a u8, shown as the count is: the page formats no u8.
            &clip(
                &format!("{items} of {} slots{idol}", usize::from(PACK_LIMIT)),
                room,
            ),
            DIM,
            BLACK,
        );
        f.text(x + 2, y + h - 3, hint, ACCENT, BLACK);
        let close = if ctx.touch() && room < 22 {
            "tap outside: close"
        } else if ctx.touch() {
            "tap elsewhere to close"
        } else {
            "Escape closes"
        };
        f.text(x + 2, y + h - 2, close, DIM, BLACK);
    }
}

/// "murky potion: healing" for every potion and scroll kind identified this run.
fn identified(state: &State) -> Vec<String> {
    let mut lines = Vec::new();
    for kinds in [&Item::POTIONS[..], &Item::SCROLLS[..]] {
        for &k in kinds {
            let Some(look) = state.looks().of_kind(k).filter(|_| state.knows(k)) else {
                continue;
            };
            // "potion of healing" and "scroll of light" without their first ten letters.
            let kind = k.name().get(10..).unwrap_or(k.name());
            lines.push(format!("{}: {kind}", look.name()));
        }
    }
    lines
}
