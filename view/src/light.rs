//! How light shows on a cell of the map: the torch's dim edge and remembered places
//! darkened, the glow of fungus tinted green and of flames orange, places never seen blank.
//! A creature keeps its own colour in any light it is seen in, and every creature's colour
//! reads on every floor in every light as text does (a contrast test below).

use crate::colour::{Palette, Rgb};
use crate::frame::{Cell, BLANK};
use crate::kinds::Look;
use caves_rules::space::sight::Light;

/// `c` scaled by `num` / 256: the torch's dim edge and remembered places.
pub fn shade(c: Rgb, num: u16) -> Rgb {
    let part = |v: u8| (u16::from(v) * num / 256) as u8;
    [part(c[0]), part(c[1]), part(c[2])]
}

/// `c` pushed towards the fungus glow's green (or, `warm`, the flames' orange): kept dim, so
/// the glow reads as faint light rather than a lit patch of lawn.
pub fn tint(c: Rgb, warm: bool) -> Rgb {
    let keep = |v: u8| (u16::from(v) * 3 / 5) as u8;
    let (r, g, b) = if warm { (56, 20, 0) } else { (0, 44, 12) };
    [
        keep(c[0]).saturating_add(r),
        keep(c[1]).saturating_add(g),
        keep(c[2]).saturating_add(b),
    ]
}

/// A cell lit only by flames near by: the glow's dimness in the fire's orange.
pub fn firelit(cell: Cell) -> Cell {
    Cell {
        fg: tint(shade(cell.fg, 200), true),
        bg: tint(shade(cell.bg, 160), true),
        ..cell
    }
}

pub fn lit_cell(cell: Cell, light: Light) -> Cell {
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

/// A creature that looks like `e` on a cell whose (lit) background is `bg`. In dim light, in
/// the fungus glow and by flames it keeps its own colour (only the floor is darkened or
/// tinted), so it stands out from the floor it is on
/// (`creatures_read_as_text_on_every_floor_in_every_light`).
pub fn creature_cell(e: &Look, bg: Rgb, light: Light, pal: Palette) -> Cell {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::contrast;
    use crate::kinds::Shown;
    use caves_rules::kinds::creature::Creature;
    use caves_rules::kinds::tile::Tile;

    /// The contrast a creature's letter needs with the cell behind it: WCAG 2's 4.5 to 1 for
    /// text (success criterion 1.4.3, level AA). A creature is one letter 8 to 24 pixels
    /// tall, which WCAG counts as text of normal size (large text starts at 24 pixels, or
    /// 18.7 bold), so the 3 to 1 allowed for large text and for shapes does not apply; and
    /// a letter must be read, not only seen, to tell a kobold from a goblin.
    const TEXT_CONTRAST: f64 = 4.5;

    /// Every way a creature can be lit (the torch's bright and dim circle, the fungus glow),
    /// each as the cell behind it is drawn, and the flames' glow (`firelit`).
    fn backgrounds(pal: Palette) -> Vec<(String, Rgb)> {
        let mut out = Vec::new();
        for tile in Tile::ALL.into_iter().filter(|t| t.is_open()) {
            let floor = tile.look();
            let cell = Cell {
                glyph: floor.glyph,
                fg: pal.map(floor.fg),
                bg: pal.map(floor.bg),
            };
            for light in [Light::Bright, Light::Dim, Light::Glow] {
                let bg = lit_cell(cell, light).bg;
                out.push((format!("{} ({light:?})", tile.name()), bg));
            }
            out.push((format!("{} (by flames)", tile.name()), firelit(cell).bg));
        }
        out
    }

    /// The creatures whose letter, lit by `light`, reads poorly on `bg` (named `on`), with
    /// the contrast of each.
    fn poorly_read(bg: Rgb, light: Light, pal: Palette, on: &str) -> Vec<String> {
        let mut poor = Vec::new();
        for c in Creature::ALL {
            let cell = creature_cell(c.look(), bg, light, pal);
            let ratio = contrast(cell.fg, cell.bg);
            if ratio < TEXT_CONTRAST {
                poor.push(format!("{} on {on}, {pal:?}: {ratio:.2}", c.name()));
            }
        }
        poor
    }

    #[test]
    fn every_creature_reads_as_text_on_the_fungus_glow_in_both_palettes() {
        let mut poor = Vec::new();
        for pal in [Palette::Standard, Palette::ColourSafe] {
            let glow = lit_cell(
                Cell {
                    glyph: b'.',
                    fg: pal.map(Tile::Floor.look().fg),
                    bg: pal.map(Tile::Floor.look().bg),
                },
                Light::Glow,
            );
            poor.extend(poorly_read(glow.bg, Light::Glow, pal, "the glow"));
        }
        assert!(poor.is_empty(), "{poor:#?}");
    }

    #[test]
    fn creatures_read_as_text_on_every_floor_in_every_light() {
        let mut poor = Vec::new();
        for pal in [Palette::Standard, Palette::ColourSafe] {
            for (floor, bg) in backgrounds(pal) {
                poor.extend(poorly_read(bg, Light::Bright, pal, &floor));
            }
        }
        assert!(poor.is_empty(), "{poor:#?}");
    }

    #[test]
    fn the_glow_tints_the_floor_green_and_flames_orange_and_memory_dims() {
        let floor = Cell {
            glyph: b'.',
            fg: [120, 120, 120],
            bg: [30, 35, 32],
        };
        let glow = lit_cell(floor, Light::Glow).bg;
        assert!(glow[1] > glow[0] && glow[1] > glow[2], "green: {glow:?}");
        let fire = firelit(floor).bg;
        assert!(fire[0] > fire[1] && fire[1] > fire[2], "orange: {fire:?}");
        let kept = lit_cell(floor, Light::Remembered);
        assert!(kept.fg[0] < floor.fg[0] && kept.bg[0] < floor.bg[0]);
        assert_eq!(lit_cell(floor, Light::Unknown), BLANK);
    }
}
