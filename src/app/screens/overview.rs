//! The overview: a map of every level the player has seen, one at a time, scaled to fit the
//! screen. It marks the stairs and where each leads (which level, and which area of it: the
//! connected regions of what the player knows), the idol once known, and the player. A
//! cursor (keys, the mouse, a tap) chooses a known place on any level, and travel goes there
//! by the shortest known way, through known stairs (`routes`).
//!
//! Drawn as a block of cells per screen cell, each area's floor in its own colour, stairs
//! tagged with a letter (or digit) that the legend under the map explains.

use crate::app::ctx::Ctx;
use crate::app::draw::page::first_chars;
use crate::app::input::{command, direction, Command};
use crate::app::next::{Chosen, Layer, Next, Region, Screen};
use crate::rules::autopilot::routes::{areas, levels_seen, stair_link};
use crate::rules::autopilot::travel::Goal;
use crate::rules::kinds::item::Item;
use crate::rules::kinds::tile::Tile;
use crate::rules::space::geom::Point;
use crate::rules::space::grid::Grid;
use crate::rules::State;
use crate::view::colour::{hex, Rgb, ACCENT, BLACK, DIM, TEXT, TITLE, WARN};
use crate::view::frame::{Cell, Frame, BLANK};
use crate::view::kinds::Shown;
use crate::view::layout::Layout;
use crate::view::wrap::wrap;

/// The overview's own state: the level shown and the cursor on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overview {
    pub z: i32,
    pub cursor: Point,
}

/// Rows above the map (title, keys, a blank row).
pub const TOP: i32 = 3;

/// One stair of a level, as the overview lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stair {
    pub at: Point,
    pub tag: char,
    pub glyph: char,
    /// Where it leads: the level (numbered from 1) and the area there, or `None` unknown.
    pub leads: Option<(i32, u32)>,
    /// The way out of the caves (the stair up of level 1).
    pub way_out: bool,
}

/// Everything the overview shows of a level, worked out once per frame.
pub struct Sheet {
    pub z: i32,
    pub levels: Vec<i32>,
    pub areas: Grid<u16>,
    pub stairs: Vec<Stair>,
    /// Cells of the world per screen cell, each way.
    pub scale: i32,
    /// Screen rows the legend takes under the map.
    pub legend_rows: i32,
    pub legend_cols: i32,
    /// The screen column of the map's left edge (the map is centred).
    pub ox: i32,
}

/// The stairs' tags, in turn: 62, more than a level holds (the generator gives a level at
/// most 6 stair pairs to each level beside it, and the level above the last one more for
/// each of its areas), so no two stairs of a level share one.
const TAGS: &[u8; 62] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The width of one entry of the legend.
pub const ENTRY: i32 = 26;

/// The rows that say what is under the cursor: two where a row is too short for it.
fn said_rows(layout: Layout) -> i32 {
    if layout.cols < 64 {
        2
    } else {
        1
    }
}

/// The first of `texts` that fits in `cols` columns (else the last, the shortest).
fn fitting<'a>(cols: i32, texts: &[&'a str]) -> &'a str {
    let fits = |t: &&&str| t.chars().count() <= usize::try_from(cols).unwrap_or(0);
    texts
        .iter()
        .find(fits)
        .or(texts.last())
        .copied()
        .unwrap_or("")
}

impl Sheet {
    pub fn of(state: &State, layout: Layout, z: i32) -> Sheet {
        let world = state.world();
        let levels = levels_seen(state);
        let areas = areas(state, z);
        let sight = state.sight();
        let mut stairs = Vec::new();
        for (p, t) in world.points(z) {
            if !t.is_stairs() || !sight.remembers(p) {
                continue;
            }
            let tag = char::from(TAGS[stairs.len() % TAGS.len()]);
            let leads = stair_link(state, p).map(|q| {
                let there = areas_at(state, q);
                (q.z + 1, there)
            });
            stairs.push(Stair {
                at: p,
                tag,
                glyph: if t == Tile::StairsDown { '>' } else { '<' },
                leads,
                way_out: z == 0 && t == Tile::StairsUp,
            });
        }
        let legend_cols = (layout.cols / ENTRY).max(1);
        let legend_rows = (stairs.len() as i32 + legend_cols - 1) / legend_cols;
        // The legend, the rows for the cursor's place, and a blank row.
        let room = (layout.rows - TOP - legend_rows - 1 - said_rows(layout)).max(1);
        let scale = ((world.width() + layout.cols - 1) / layout.cols.max(1))
            .max((world.height() + room - 1) / room)
            .max(1);
        let shown = (world.width() + scale - 1) / scale;
        Sheet {
            ox: ((layout.cols - shown) / 2).max(0),
            z,
            levels,
            areas,
            stairs,
            scale,
            legend_rows,
            legend_cols,
        }
    }

    /// The area of a cell of the level shown (0 for none). Areas are kept as u16s and
    /// shown as u32s, the type the page formats its other counts in.
    pub fn area(&self, p: Point) -> u32 {
        if p.z != self.z {
            return 0;
        }
        self.areas.get(p).map_or(0, |&a| a.into())
    }

    /// The cells of the block shown at block (`bx`, `by`) that the player knows, row by row.
    pub fn known(&self, state: &State, bx: i32, by: i32) -> Vec<Point> {
        let (world, sight) = (state.world(), state.sight());
        let k = self.scale;
        let mut cells = Vec::new();
        for dy in 0..k {
            for dx in 0..k {
                let p = Point::new(bx * k + dx, by * k + dy, self.z);
                if world.contains(p) && sight.remembers(p) {
                    cells.push(p);
                }
            }
        }
        cells
    }

    /// The place a block stands for when chosen: its stairs, else its first known open cell.
    pub fn place(&self, state: &State, bx: i32, by: i32) -> Option<Point> {
        let world = state.world();
        let cells = self.known(state, bx, by);
        let open = |p: &&Point| world.tile(**p).is_open();
        let stairs = cells
            .iter()
            .filter(open)
            .find(|p| world.tile(**p).is_stairs());
        stairs.or_else(|| cells.iter().find(open)).copied()
    }
}

/// The area of a cell on its own level.
fn areas_at(state: &State, p: Point) -> u32 {
    areas(state, p.z).get(p).map_or(0, |&a| a.into())
}

/// What a stair's entry in the legend says.
pub fn leads_text(s: &Stair) -> String {
    match s.leads {
        _ if s.way_out => format!("{} {} the way out", s.tag, s.glyph),
        Some((level, area)) => format!("{} {} to level {level}, area {area}", s.tag, s.glyph),
        None => format!("{} {} leads: not known yet", s.tag, s.glyph),
    }
}

impl Overview {
    /// The overview on the level of `at` (the player), its cursor there; it says the level
    /// and its stairs.
    pub fn open(ctx: &mut Ctx, at: Point) -> Overview {
        let overview = Overview {
            z: at.z,
            cursor: at,
        };
        overview.speak(ctx);
        overview
    }

    /// Says the level shown and its stairs, for screen readers.
    fn speak(&self, ctx: &mut Ctx) {
        if let Some(sheet) = self.sheet(ctx) {
            let mut said = format!("Map of level {}.", sheet.z + 1);
            for s in &sheet.stairs {
                said.push(' ');
                said.push_str(&leads_text(s));
                said.push('.');
            }
            ctx.announcer.say(&said);
        }
    }

    /// The sheet of the level the overview shows.
    pub fn sheet(&self, ctx: &Ctx) -> Option<Sheet> {
        let state = ctx.state()?;
        Some(Sheet::of(state, ctx.layout, self.z))
    }
}

impl Layer for Overview {
    fn screen(&self) -> Screen {
        Screen::Overview
    }

    fn level(&self) -> Option<i32> {
        Some(self.z)
    }

    /// The mouse over the overview's map moves its cursor there; true when it moved.
    fn hover(&mut self, ctx: &Ctx, col: i32, row: i32) -> bool {
        let Some(sheet) = self.sheet(ctx) else {
            return false;
        };
        let k = sheet.scale;
        let c = Point::new((col - sheet.ox) * k, (row - TOP) * k, sheet.z);
        let inside = col >= sheet.ox && row >= TOP;
        let moved =
            inside && self.cursor != c && ctx.state().is_some_and(|s| s.world().contains(c));
        if moved {
            self.cursor = c;
        }
        moved
    }

    fn draw(&self, f: &mut Frame, ctx: &Ctx) {
        if let Some(state) = ctx.state() {
            draw(f, ctx, self, state);
        }
    }

    /// Keys on the overview: movement keys move the cursor a block, `<` and `>` (and Tab)
    /// show the level above or below, Enter (or `.`, a gamepad's A) travels to the cursor,
    /// Escape or `M` closes.
    fn key(&mut self, ctx: &mut Ctx, key: &str) -> Option<Next> {
        if ctx.toggle_prefs(key) {
            return Some(Next::Stay);
        }
        let Some(sheet) = self.sheet(ctx) else {
            return Some(Next::Pop);
        };
        if let Some(d) = direction(key) {
            let (dx, dy) = d.delta();
            let k = sheet.scale;
            let c = self.cursor.offset(dx * k, dy * k);
            if ctx.state().is_some_and(|s| s.world().contains(c)) {
                self.cursor = c;
            }
            return Some(Next::Stay);
        }
        let cmd = command(key);
        Some(match (key, cmd) {
            ("<" | "-", _) => self.level(ctx, &sheet, -1),
            (">" | "+" | "Tab", _) => self.level(ctx, &sheet, 1),
            ("M" | "Map", _) | (_, Some(Command::Back)) => Next::Pop,
            (".", _) | (_, Some(Command::Confirm)) => {
                let c = self.cursor;
                let (bx, by) = (c.x / sheet.scale, c.y / sheet.scale);
                travel(ctx, &sheet, bx, by)
            }
            _ => return cmd.map(|_| Next::Stay),
        })
    }

    /// The title rows show the level above (their left half, as `<` does) or below.
    fn regions(&self, ctx: &Ctx) -> Vec<Region> {
        let half = ctx.layout.cols / 2;
        vec![
            Region::new(0, 0, half, TOP - 1, "<"),
            Region::new(half, 0, ctx.layout.cols - half, TOP - 1, ">"),
        ]
    }

    /// A tap or click on the map travels to its block; anywhere else closes the overview.
    fn tap(&mut self, ctx: &mut Ctx, col: i32, row: i32) -> Option<Next> {
        let Some(sheet) = self.sheet(ctx) else {
            return Some(Next::Pop);
        };
        let (bx, by) = (col - sheet.ox, row - TOP);
        let world = ctx.state().map(|s| (s.world().width(), s.world().height()));
        let inside = world.is_some_and(|(w, h)| {
            bx >= 0 && by >= 0 && bx * sheet.scale < w && by * sheet.scale < h
        });
        Some(if inside {
            self.cursor = Point::new(bx * sheet.scale, by * sheet.scale, sheet.z);
            travel(ctx, &sheet, bx, by)
        } else {
            Next::Pop
        })
    }
}

impl Overview {
    /// Shows the next level seen above (`step` -1) or below (+1).
    fn level(&mut self, ctx: &mut Ctx, sheet: &Sheet, step: i32) -> Next {
        let levels = &sheet.levels;
        let Some(i) = levels.iter().position(|&z| z == sheet.z) else {
            return Next::Stay;
        };
        let j = (i as i32 + step).rem_euclid(levels.len() as i32) as usize;
        if let Some(&z) = levels.get(j) {
            self.z = z;
            self.cursor.z = z;
            self.speak(ctx);
        }
        Next::Stay
    }
}

/// Travels to the place of block (`bx`, `by`) of the level shown, closing the overview.
fn travel(ctx: &mut Ctx, sheet: &Sheet, bx: i32, by: i32) -> Next {
    let Some(state) = ctx.state() else {
        return Next::Stay;
    };
    match sheet.place(state, bx, by) {
        Some(p) => Next::Back(Chosen::Travel(Goal::To(p))),
        None => {
            ctx.hint = Some("You know nothing of that place.".into());
            Next::Stay
        }
    }
}

/// The floor colours of areas, in turn.
const AREAS: [Rgb; 4] = [
    hex("#8FA08A"),
    hex("#66D9EF"),
    hex("#FD971F"),
    hex("#AE81FF"),
];

fn draw(f: &mut Frame, ctx: &Ctx, overview: &Overview, state: &State) {
    let Some(sheet) = overview.sheet(ctx) else {
        return;
    };
    let layout = ctx.layout;
    let (world, sight) = (state.world(), state.sight());
    let cursor = overview.cursor;
    let seen = sheet.levels.len();
    let plural = if seen == 1 { "" } else { "s" };
    let z = sheet.z + 1;
    let titles = [
        format!("Map of the caves: level {z} ({seen} level{plural} seen)"),
        format!("Map: level {z} ({seen} level{plural} seen)"),
        format!("Map: level {z} ({seen} seen)"),
    ];
    let title = fitting(layout.cols, &titles.each_ref().map(String::as_str));
    f.text(0, 0, title, TITLE, BLACK);
    let keys = if ctx.touch() {
        [
            "Tap a place to go there; tap here for another level.",
            "Tap: go there. Tap here: level.",
            "Tap: go. Tap here: level",
        ]
    } else {
        [
            "< > level, arrows cursor, Enter go there, Esc close",
            "< > level, Enter go there, Esc close",
            "< > level, Enter go, Esc",
        ]
    };
    f.text(0, 1, fitting(layout.cols, &keys), DIM, BLACK);
    let k = sheet.scale;
    let (bw, bh) = ((world.width() + k - 1) / k, (world.height() + k - 1) / k);
    let me = state.player();
    let idol = state
        .idol()
        .filter(|&p| p.z == sheet.z && sight.remembers(p));
    for by in 0..bh {
        for bx in 0..bw {
            let cells = sheet.known(state, bx, by);
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
                    fg: AREAS[area as usize % AREAS.len()],
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
                BLANK
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
    // What is under the cursor (wrapped, and cut after its rows), then the legend.
    let y = layout.rows - sheet.legend_rows - 1;
    let rows = said_rows(layout);
    // A narrow screen leaves out how to go there: the keys' row says it.
    let go = (layout.cols >= 50).then_some(if ctx.touch() { "A tap" } else { "Enter" });
    let said = under_cursor(go, cursor, state, &sheet);
    let width = usize::try_from(layout.cols).unwrap_or(0);
    for (i, line) in wrap(&said, width).iter().take(rows as usize).enumerate() {
        f.text(0, y - rows + i as i32, line, TEXT, BLACK);
    }
    let entry = usize::try_from(ENTRY.min(layout.cols + 1) - 1).unwrap_or(0);
    for (i, s) in sheet.stairs.iter().enumerate() {
        let i = i as i32;
        let (col, row) = (i % sheet.legend_cols, i / sheet.legend_cols);
        let text = leads_text(s);
        f.text(col * ENTRY, y + row, first_chars(&text, entry), TEXT, BLACK);
    }
}

/// What the overview's cursor is on, and what (`go`: "Enter") goes there.
fn under_cursor(go: Option<&str>, c: Point, state: &State, sheet: &Sheet) -> String {
    let k = sheet.scale;
    let Some(p) = sheet.place(state, c.x / k, c.y / k) else {
        return "Unknown.".into();
    };
    let go = go.map_or(String::new(), |go| format!(" {go} goes there."));
    let mut name = state.world().tile(p).name().to_string();
    if let Some(first) = name.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    let area = sheet.area(p);
    match sheet.stairs.iter().find(|s| s.at == p) {
        Some(s) => format!("{name}, area {area}: {}.{go}", leads_text(s)),
        None => format!("{name}, area {area}.{go}"),
    }
}
