//! The map view: tiles as the torch and memory show them, creatures in the light, the player
//! and the look cursor.

use super::{scroll, SIDEBAR_WIDTH, TITLE, VIEW_HEIGHT, VIEW_WIDTH};
use crate::cyclopedia::{by_id, named, IDOL, PLAYER};
use crate::frame::{Cell, Frame, BLACK};
use crate::game::Game;
use crate::geom::Point;
use crate::sight::Light;
use crate::tile::Rgb;

/// `c` scaled by `num` / 256: the torch's dim edge and remembered places.
fn shade(c: Rgb, num: u16) -> Rgb {
    c.map(|v| (u16::from(v) * num / 256) as u8)
}

fn lit_cell(cell: Cell, light: Light) -> Cell {
    match light {
        Light::Bright => cell,
        Light::Dim => Cell {
            fg: shade(cell.fg, 176),
            bg: shade(cell.bg, 176),
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
pub(super) fn draw(f: &mut Frame, game: &Game) {
    let world = game.world();
    let sight = game.sight();
    let p = game.player();
    let (sx, sy) = scroll(p, world.width(), world.height());
    let put =
        |f: &mut Frame, at: Point, cell: Cell| f.put(SIDEBAR_WIDTH + at.x - sx, at.y - sy, cell);
    for vy in 0..VIEW_HEIGHT {
        for vx in 0..VIEW_WIDTH {
            let at = Point::new(sx + vx, sy + vy, p.z);
            let info = world.tile(at).info();
            let mut cell = Cell {
                glyph: info.glyph,
                fg: info.fg,
                bg: info.bg,
            };
            if game.treasure() == Some(at) {
                let idol = named(IDOL);
                cell = Cell {
                    glyph: idol.glyph,
                    fg: idol.fg,
                    ..cell
                };
            }
            put(f, at, lit_cell(cell, sight.light(at)));
        }
    }
    for m in game
        .monsters()
        .iter()
        .filter(|m| m.pos.z == p.z && sight.lit(m.pos))
    {
        if let (Some(e), Some(under)) = (
            by_id(m.kind),
            f.get(SIDEBAR_WIDTH + m.pos.x - sx, m.pos.y - sy),
        ) {
            put(
                f,
                m.pos,
                Cell {
                    glyph: e.glyph,
                    fg: e.fg,
                    ..under
                },
            );
        }
    }
    let hero = named(PLAYER);
    put(
        f,
        p,
        Cell {
            glyph: hero.glyph,
            fg: hero.fg,
            bg: world.tile(p).info().bg,
        },
    );
    if let Some(c) = game.look_cursor() {
        if let Some(cell) = f.get(SIDEBAR_WIDTH + c.x - sx, c.y - sy) {
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
