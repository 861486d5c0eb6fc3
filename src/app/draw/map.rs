//! The map view: tiles and items as the torch and memory show them, creatures in the light, the player
//! and the look cursor.

use crate::app::App;
use crate::rules::geom::Point;
use crate::rules::kinds::player;
use crate::rules::sight::Light;
use crate::rules::Place;
use crate::rules::State;
use crate::view::colour::{Rgb, BLACK, TITLE};
use crate::view::frame::{Cell, Frame};

/// The background of the cells on a previewed path.
const PATH: Rgb = crate::view::colour::hex("#3B4A63");

/// `c` scaled by `num` / 256: the torch's dim edge and remembered places.
fn shade(c: Rgb, num: u16) -> Rgb {
    c.map(|v| (u16::from(v) * num / 256) as u8)
}

/// `c` pushed towards the fungus glow's green: kept dim, so the glow reads as faint light
/// rather than a lit patch of lawn.
fn tint(c: Rgb) -> Rgb {
    let keep = |v: u8| (u16::from(v) * 3 / 5) as u8;
    [
        keep(c[0]),
        keep(c[1]).saturating_add(44),
        keep(c[2]).saturating_add(12),
    ]
}

fn lit_cell(cell: Cell, light: Light) -> Cell {
    match light {
        Light::Bright => cell,
        Light::Dim => Cell {
            fg: shade(cell.fg, 176),
            bg: shade(cell.bg, 176),
            ..cell
        },
        // Glowing fungus lights its cells in its own sickly green.
        Light::Glow => Cell {
            fg: tint(shade(cell.fg, 200)),
            bg: tint(shade(cell.bg, 160)),
            ..cell
        },
        Light::Remembered => Cell {
            fg: shade(cell.fg, 96),
            bg: shade(cell.bg, 96),
            ..cell
        },
        Light::Unknown => Cell {
            glyph: b' ',
            fg: BLACK,
            bg: BLACK,
        },
    }
}

/// Draws the map view: tiles by their light, creatures in the light, the player, the cursor.
pub(super) fn draw(f: &mut Frame, app: &App, state: &State) {
    let layout = app.layout();
    let world = state.world();
    let sight = state.sight();
    let p = state.player();
    let (sx, sy) = layout.scroll(p, world.width(), world.height());
    let (ox, oy) = (layout.sidebar, layout.top);
    let pal = app.palette();
    let put = |f: &mut Frame, at: Point, cell: Cell| f.put(ox + at.x - sx, oy + at.y - sy, cell);
    let (vw, vh) = (layout.view_width(), layout.view_height());
    // The item shown on each cell of the view, found in one pass over the items: the last
    // one listed on a cell lies on top (as `State::item_at` answers).
    let mut items = vec![None; (vw.max(0) * vh.max(0)) as usize];
    for t in state.items() {
        if let Place::Floor(at) = t.place {
            let (vx, vy) = (at.x - sx, at.y - sy);
            if at.z == p.z && (0..vw).contains(&vx) && (0..vh).contains(&vy) {
                items[(vy * vw + vx) as usize] = Some(t.kind);
            }
        }
    }
    for vy in 0..vh {
        for vx in 0..vw {
            let at = Point::new(sx + vx, sy + vy, p.z);
            let info = world.tile(at).info();
            let mut cell = Cell {
                glyph: info.glyph,
                fg: pal.map(info.fg),
                bg: pal.map(info.bg),
            };
            if let Some(item) = items[(vy * vw + vx) as usize] {
                let e = state.seen_as(item);
                cell = Cell {
                    glyph: e.glyph,
                    fg: pal.map(e.fg),
                    ..cell
                };
            }
            put(f, at, lit_cell(cell, sight.light(at)));
        }
    }
    for m in state
        .monsters()
        .iter()
        .filter(|m| m.pos.z == p.z && sight.lit(m.pos))
    {
        if let Some(under) = f.get(ox + m.pos.x - sx, oy + m.pos.y - sy) {
            let e = m.kind.info();
            let lit = lit_cell(
                Cell {
                    glyph: e.glyph,
                    fg: pal.map(e.fg),
                    bg: under.bg,
                },
                sight.light(m.pos),
            );
            put(
                f,
                m.pos,
                Cell {
                    bg: under.bg,
                    ..lit
                },
            );
        }
    }
    // The way a click would travel, under the mouse.
    if let Some(to) = app.hover().filter(|_| app.look_cursor().is_none()) {
        for at in crate::app::travel::path_cells(state, to) {
            if let Some(cell) = f.get(ox + at.x - sx, oy + at.y - sy) {
                put(f, at, Cell { bg: PATH, ..cell });
            }
        }
    }
    let hero = player::entry();
    put(
        f,
        p,
        Cell {
            glyph: hero.glyph,
            fg: hero.fg,
            bg: world.tile(p).info().bg,
        },
    );
    // A throw being aimed: its flight, and the target.
    if let Some(aim) = app.aim() {
        let (path, _) = state.flight(aim.at);
        for at in path {
            if let Some(cell) = f.get(ox + at.x - sx, oy + at.y - sy) {
                put(f, at, Cell { bg: PATH, ..cell });
            }
        }
        if let Some(cell) = f.get(ox + aim.at.x - sx, oy + aim.at.y - sy) {
            let bg = crate::view::colour::WARN;
            put(
                f,
                aim.at,
                Cell {
                    fg: BLACK,
                    bg,
                    ..cell
                },
            );
        }
    }
    // The last action's moment: things in flight, blows, misses, a creature noticing you.
    for m in app.flash().map(|f| f.marks()).unwrap_or_default() {
        if let Some(cell) = f.get(ox + m.at.x - sx, oy + m.at.y - sy) {
            let glyph = m.glyph.unwrap_or(cell.glyph);
            let bg = m.bg.unwrap_or(cell.bg);
            put(
                f,
                m.at,
                Cell {
                    glyph,
                    fg: m.fg,
                    bg,
                },
            );
        }
    }
    if let Some(c) = app.look_cursor() {
        if let Some(cell) = f.get(ox + c.x - sx, oy + c.y - sy) {
            put(
                f,
                c,
                Cell {
                    glyph: cell.glyph,
                    fg: BLACK,
                    bg: TITLE,
                },
            );
        }
    }
}
