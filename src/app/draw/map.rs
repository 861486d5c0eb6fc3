//! The map view: tiles and items as the torch and memory show them, creatures in the light, the player
//! and the look cursor.

use crate::app::ctx::Ctx;
use crate::app::draw::scene::Scene;
use crate::rules::kinds::tile::Tile;
use crate::rules::space::geom::Point;
use crate::rules::space::grid::Grid;
use crate::rules::space::sight::Light;
use crate::rules::Place;
use crate::view::colour::{Palette, Rgb, BLACK, TEXT, TITLE};
use crate::view::frame::{Cell, Frame, BLANK};
use crate::view::kinds::{player, Look, Shown};

/// The background of the cells on a previewed path.
const PATH: Rgb = crate::view::colour::hex("#3B4A63");

/// `c` scaled by `num` / 256: the torch's dim edge and remembered places.
fn shade(c: Rgb, num: u16) -> Rgb {
    let part = |v: u8| (u16::from(v) * num / 256) as u8;
    [part(c[0]), part(c[1]), part(c[2])]
}

/// `c` pushed towards the fungus glow's green (or, `warm`, the flames' orange): kept dim, so
/// the glow reads as faint light rather than a lit patch of lawn.
fn tint(c: Rgb, warm: bool) -> Rgb {
    let keep = |v: u8| (u16::from(v) * 3 / 5) as u8;
    let (r, g, b) = if warm { (56, 20, 0) } else { (0, 44, 12) };
    [
        keep(c[0]).saturating_add(r),
        keep(c[1]).saturating_add(g),
        keep(c[2]).saturating_add(b),
    ]
}

/// A cell lit only by flames near by: the glow's dimness in the fire's orange.
fn firelit(cell: Cell) -> Cell {
    Cell {
        fg: tint(shade(cell.fg, 200), true),
        bg: tint(shade(cell.bg, 160), true),
        ..cell
    }
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
            fg: tint(shade(cell.fg, 200), false),
            bg: tint(shade(cell.bg, 160), false),
            ..cell
        },
        Light::Remembered => Cell {
            fg: shade(cell.fg, 96),
            bg: shade(cell.bg, 96),
            ..cell
        },
        Light::Unknown => BLANK,
    }
}

/// A creature that looks like `e` on a cell whose (lit) background is `bg`. In dim light and in the
/// fungus glow it keeps its own colour (only the floor is darkened or tinted), so it stands
/// out from the floor it is on (`creatures_stand_out_on_every_floor_in_every_light`).
fn creature_cell(e: &Look, bg: Rgb, light: Light, pal: Palette) -> Cell {
    let fg = pal.map(e.fg);
    let fg = match light {
        Light::Bright | Light::Dim | Light::Glow => fg,
        _ => {
            lit_cell(
                Cell {
                    glyph: e.glyph,
                    fg,
                    bg,
                },
                light,
            )
            .fg
        }
    };
    Cell {
        glyph: e.glyph,
        fg,
        bg,
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kinds::creature::Creature;
    use crate::rules::kinds::tile::Tile;

    /// WCAG 2 relative luminance.
    fn luminance(c: Rgb) -> f64 {
        let ch = |v: u8| {
            let s = f64::from(v) / 255.0;
            if s <= 0.03928 {
                s / 12.92
            } else {
                ((s + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])
    }

    /// WCAG 2 contrast ratio, 1 to 21.
    pub(crate) fn contrast(a: Rgb, b: Rgb) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn contrast_is_the_wcag_ratio() {
        assert!((contrast([0; 3], [255; 3]) - 21.0).abs() < 1e-9);
        assert!((contrast([119; 3], [255; 3]) - 4.48).abs() < 0.01);
    }

    /// Every creature on every floor it can stand on, in every light it can be seen in, in
    /// both palettes: a contrast ratio of at least 3 to 1 with the cell behind it.
    #[test]
    fn creatures_stand_out_on_every_floor_in_every_light() {
        let mut poor = Vec::new();
        for pal in [Palette::Standard, Palette::ColourSafe] {
            for tile in Tile::ALL.into_iter().filter(|t| t.is_open()) {
                for light in [Light::Bright, Light::Dim, Light::Glow] {
                    let floor = tile.look();
                    let under = lit_cell(
                        Cell {
                            glyph: floor.glyph,
                            fg: pal.map(floor.fg),
                            bg: pal.map(floor.bg),
                        },
                        light,
                    );
                    for c in Creature::ALL {
                        let cell = creature_cell(c.look(), under.bg, light, pal);
                        let ratio = contrast(cell.fg, cell.bg);
                        if ratio < 3.0 {
                            poor.push(format!(
                                "{} on {} ({light:?}, {pal:?}): {ratio:.2}",
                                c.name(),
                                tile.name()
                            ));
                        }
                    }
                }
            }
        }
        assert!(poor.is_empty(), "{poor:#?}");
    }
}
