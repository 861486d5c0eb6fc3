//! The map view: tiles and items as the torch and memory show them, creatures in the light, the player
//! and the look cursor.

use crate::app::ctx::Ctx;
use crate::app::draw::scene::Scene;
use crate::rules::kinds::tile::Tile;
use crate::rules::space::geom::Point;
use crate::rules::space::grid::Grid;
use crate::rules::space::sight::Light;
use crate::rules::Place;
use crate::view::colour::{Rgb, BLACK, TEXT, TITLE};
use crate::view::frame::{Cell, Frame};
use crate::view::kinds::{player, Shown};
use crate::view::light::{creature_cell, firelit, lit_cell};

/// The background of the cells on a previewed path.
const PATH: Rgb = crate::view::colour::hex("#3B4A63");

/// Draws the map view onto a blank frame (the first thing a frame of play or a replay
/// gets): tiles by their light, creatures in the light, the player, the cursor.
pub(crate) fn draw(f: &mut Frame, ctx: &Ctx, scene: &Scene) {
    let (layout, state) = (ctx.layout, scene.state);
    let world = state.world();
    let sight = state.sight();
    let p = state.player();
    let (sx, sy) = layout.scroll(scene.focus, world.width(), world.height());
    let (ox, oy) = (layout.sidebar, layout.top);
    let pal = ctx.prefs.palette;
    let put = |f: &mut Frame, at: Point, cell: Cell| f.put(ox + at.x - sx, oy + at.y - sy, cell);
    let (vw, vh) = (layout.view_width(), layout.view_height());
    // Today's fallen, as graves over the map (never part of the rules), in their own caves.
    let graves: &[Point] = if ctx.graves.seed == state.seed() {
        &ctx.graves.cells
    } else {
        &[]
    };
    // The item shown on each cell of the view, found in one pass over the items: the last
    // one listed on a cell lies on top (as `State::item_at` answers).
    let mut items = Grid::new(vw, vh, None);
    // Flames on this level: only then is a glowing cell looked at for fire near it.
    let burning = state.fire_burns();
    for t in state.items() {
        if let Place::Floor(at) = t.place {
            if at.z == p.z {
                items.set(at.offset(-sx, -sy), Some(t.kind));
            }
        }
    }
    for vy in 0..vh {
        for vx in 0..vw {
            let at = Point::new(sx + vx, sy + vy, p.z);
            let light = sight.light(at);
            // Never seen: left blank (the frame starts blank), and nothing of it looked up.
            if light == Light::Unknown {
                continue;
            }
            let look = world.tile(at).look();
            let mut cell = Cell {
                glyph: look.glyph,
                fg: pal.map(look.fg),
                bg: pal.map(look.bg),
            };
            if let Some(&Some(item)) = items.get(Point::new(vx, vy, p.z)) {
                let e = state.seen_as(item).look();
                cell = Cell {
                    glyph: e.glyph,
                    fg: pal.map(e.fg),
                    ..cell
                };
            }
            if graves.contains(&at) {
                cell.glyph = 0xC5;
                cell.fg = TEXT;
            }
            // The glow of flames (within 2 cells) is orange, not the fungus' green.
            let fire = |dx, dy| world.tile(at.offset(dx, dy)) == Tile::Fire;
            let warm = burning
                && light == Light::Glow
                && (-2..=2).any(|dy| (-2..=2).any(|dx| fire(dx, dy)));
            put(
                f,
                at,
                if warm {
                    firelit(cell)
                } else {
                    lit_cell(cell, light)
                },
            );
        }
    }
    for m in state
        .monsters()
        .iter()
        .filter(|m| m.pos.z == p.z && sight.lit(m.pos))
    {
        if let Some(under) = f.get(ox + m.pos.x - sx, oy + m.pos.y - sy) {
            let cell = creature_cell(m.kind.look(), under.bg, sight.light(m.pos), pal);
            put(f, m.pos, cell);
        }
    }
    // The way a click would travel, under the mouse.
    if let Some(to) = ctx.hover.filter(|_| scene.look.is_none()) {
        for at in crate::rules::autopilot::travel::path_cells(state, to) {
            if let Some(cell) = f.get(ox + at.x - sx, oy + at.y - sy) {
                put(f, at, Cell { bg: PATH, ..cell });
            }
        }
    }
    let hero = player::LOOK;
    put(
        f,
        p,
        Cell {
            glyph: hero.glyph,
            fg: hero.fg,
            bg: world.tile(p).look().bg,
        },
    );
    // A throw being aimed: its flight, and the target.
    if let Some(aim) = scene.aim {
        let (path, _) = state.flight(aim);
        for at in path {
            if let Some(cell) = f.get(ox + at.x - sx, oy + at.y - sy) {
                put(f, at, Cell { bg: PATH, ..cell });
            }
        }
        if let Some(cell) = f.get(ox + aim.x - sx, oy + aim.y - sy) {
            let bg = crate::view::colour::WARN;
            put(
                f,
                aim,
                Cell {
                    fg: BLACK,
                    bg,
                    ..cell
                },
            );
        }
    }
    // The last action's moment: things in flight, blows, misses, a creature noticing you.
    for m in ctx.flash.as_ref().map(|f| f.marks()).unwrap_or_default() {
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
    if let Some(c) = scene.look {
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
