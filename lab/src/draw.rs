//! The lab's screen as glyphs: the explanation, parameters, figures and keys in a text panel,
//! and the shown level in the map area (as glyphs; the whole-level view paints pixels there).
//! It draws from a `View` the lab makes of its state, so drawing reads and never changes it.

use crate::keys::KEYS;
use crate::knobs;
use crate::palette::{region_colour, REMOVED};
use crate::parts::{Shape, Showing};
use crate::steps::{explain, title, Step};
use caves_rules::builder::{Figures, RegionMap, WorldParams};
use caves_rules::space::geom::Point;
use caves_rules::space::world::World;
use caves_view::colour::{Rgb, ACCENT, BLACK, DIM, TEXT, TITLE, WARN};
use caves_view::frame::{Cell, Frame};
use caves_view::kinds::Shown;
use caves_view::wrap::wrap;

fn dark(c: Rgb) -> Rgb {
    c.map(|v| v / 4)
}

/// What the lab's screen shows, worked out by the lab.
pub struct View<'a> {
    pub params: WorldParams,
    pub seed: u64,
    pub steps: &'a [Step],
    pub show: Showing,
    /// The world after the shown step, or the latest one generated while it is pending.
    pub world: Option<&'a World>,
    /// The shown level's regions, when they are coloured.
    pub regions: Option<&'a RegionMap>,
    /// True when the shown step colours the regions.
    pub regions_on: bool,
    pub figures: Option<Figures>,
    /// Generation under way, and how much of it is done (0 to 1).
    pub pending: bool,
    pub progress: f64,
    pub gen_ms: Option<f64>,
    pub note: Option<&'a str>,
    /// True when the page shows the lab's buttons instead of the list of keys.
    pub buttons: bool,
    /// (columns, rows) of the frame.
    pub size: (usize, usize),
    /// The map area in cells: (x, y, columns, rows).
    pub map_area: (i32, i32, i32, i32),
}

/// The whole screen.
pub fn frame(lab: &View) -> Frame {
    let (cols, rows) = lab.size;
    let mut f = Frame::new(cols, rows);
    if !lab.show.whole {
        map(&mut f, lab, lab.regions);
    }
    let (x, y, w) = match lab.show.shape {
        Shape::Wide => (1, 1, 28),
        Shape::Tall => (1, 49, 46),
    };
    panel(&mut f, lab, x, y, w);
    f
}

/// The shown level as the game's glyphs and colours, from the pan position.
fn map(f: &mut Frame, lab: &View, regions: Option<&RegionMap>) {
    let (ax, ay, aw, ah) = lab.map_area;
    let Some(world) = lab.world else {
        return;
    };
    let (w, h) = (world.width(), world.height());
    for vy in 0..ah.min(h - lab.show.pan.1) {
        for vx in 0..aw.min(w - lab.show.pan.0) {
            let (x, y) = (lab.show.pan.0 + vx, lab.show.pan.1 + vy);
            let look = world.tile(Point::new(x, y, lab.show.z)).look();
            let mut cell = Cell {
                glyph: look.glyph,
                fg: look.fg,
                bg: look.bg,
            };
            if let Some(m) = regions {
                let id = m.labels[(y * w + x) as usize] as usize;
                if id > 0 {
                    let c = if m.removed[id] {
                        REMOVED
                    } else {
                        region_colour(id)
                    };
                    cell.fg = c;
                    cell.bg = dark(c);
                }
            }
            f.put(ax + vx, ay + vy, cell);
        }
    }
}

/// Writes lines from row `y` at column `x`; returns the next row.
fn lines(f: &mut Frame, x: i32, y: i32, text: &[String], fg: Rgb) -> i32 {
    for (i, line) in text.iter().enumerate() {
        f.text(x, y + i as i32, line, fg, BLACK);
    }
    y + text.len() as i32
}

/// The text panel: step, explanation, parameters, figures and keys.
fn panel(f: &mut Frame, lab: &View, x: i32, y: i32, w: i32) {
    let wu = w as usize;
    let p = lab.params;
    let step = lab.steps[lab.show.shown];
    f.text(x, y, "CAVE LAB", TITLE, BLACK);
    let count = format!("Step {} of {}", lab.show.shown + 1, lab.steps.len());
    f.text(x + 10, y, &count, TEXT, BLACK);
    f.text(x, y + 1, &title(step, p.passes), ACCENT, BLACK);
    let view = if lab.show.whole {
        "whole level".to_string()
    } else {
        format!("at {},{}", lab.show.pan.0, lab.show.pan.1)
    };
    let level = format!("level {} of {}, {view}", lab.show.z + 1, p.depth);
    f.text(x, y + 2, &level, DIM, BLACK);
    if lab.pending {
        let done = (lab.progress * f64::from(w - 12)).round() as i32;
        f.text(x, y + 3, "generating", TITLE, BLACK);
        for i in 0..w - 12 {
            let (g, c) = if i < done {
                ('█', ACCENT)
            } else {
                ('░', DIM)
            };
            f.text(x + 11 + i, y + 3, &g.to_string(), c, BLACK);
        }
    }
    let mut y = y + 5;
    if let Some(note) = lab.note {
        y = lines(f, x, y, &wrap(note, wu), WARN) + 1;
    }
    let text = explain(step, p.min_region);
    y = lines(f, x, y, &wrap(&text, wu), TEXT) + 1;

    f.text(x, y, "PARAMETERS", TITLE, BLACK);
    f.text(x + 11, y, "\u{2191}\u{2193} pick -+ change", DIM, BLACK);
    y += 1;
    for (k, name) in knobs::NAMES.iter().enumerate() {
        let value = knobs::show(k, &p, lab.seed);
        let (fg, bg) = if k == lab.show.pick {
            (BLACK, TITLE)
        } else {
            (TEXT, BLACK)
        };
        let row = format!(" {name:<11}{value:<w$}", w = wu.saturating_sub(12));
        f.text(x, y, &row, fg, bg);
        y += 1;
    }
    y += 1;
    f.text(x, y, "FIGURES", TITLE, BLACK);
    f.text(x + 8, y, "of the level shown", DIM, BLACK);
    y += 1;
    let figures = lab.figures;
    let time = match (lab.pending, lab.gen_ms) {
        (true, _) => "generating".to_string(),
        (false, Some(ms)) => format!("{ms:.1} ms"),
        (false, None) => "-".to_string(),
    };
    let rows = [
        (
            "open",
            figures.map_or("-".into(), |f| format!("{:.1}%", f.open_share * 100.0)),
        ),
        (
            "regions",
            figures.map_or("-".into(), |f| f.regions.to_string()),
        ),
        (
            "largest",
            figures.map_or("-".into(), |f| format!("{} cells", f.largest)),
        ),
        ("made in", time),
    ];
    for (name, value) in rows {
        f.text(x + 1, y, name, DIM, BLACK);
        f.text(x + 12, y, &value, TEXT, BLACK);
        y += 1;
    }
    if !lab.buttons {
        y += 1;
        f.text(x, y, "KEYS", TITLE, BLACK);
        y += 1;
        for (keys, what) in KEYS {
            f.text(x + 1, y, keys, TITLE, BLACK);
            f.text(x + 10, y, what, TEXT, BLACK);
            y += 1;
        }
    }
    if step == Step::RegionView || lab.regions_on {
        f.text(x + 1, y + 1, "\u{25A0}", REMOVED, BLACK);
        f.text(x + 3, y + 1, "about to be removed", TEXT, BLACK);
    }
}
