//! The whole level drawn straight into RGBA pixels, scaled to fit the map area: whole pixels
//! per cell when it fits, otherwise each pixel is the average of the block of cells it covers
//! (a box filter; a 1024 x 1024 level fits in 400 x 400 pixels). Floor and wall are drawn in
//! their glyph's average colour, stairs and features in their glyph colour so they stand out.

use super::palette::{region_colour, REMOVED};
use caves_rules::builder::RegionMap;
use caves_rules::kinds::tile::Tile;
use caves_rules::space::world::World;
use caves_view::colour::Rgb;
use caves_view::font::{lit, GLYPH_SIZE};
use caves_view::kinds::Shown;

/// The colour a tile is drawn in at one pixel or less per cell.
pub fn tile_colour(t: Tile) -> Rgb {
    let look = t.look();
    if !matches!(t, Tile::Floor | Tile::Wall) {
        return look.fg;
    }
    let n = GLYPH_SIZE * GLYPH_SIZE;
    let on = (0..n)
        .filter(|&i| lit(look.glyph, i % GLYPH_SIZE, i / GLYPH_SIZE))
        .count();
    std::array::from_fn(|c| ((look.fg[c] as usize * on + look.bg[c] as usize * (n - on)) / n) as u8)
}

/// Draws level `z` of `world` over the map `area` (in cells: x, y, columns, rows) of an RGBA
/// buffer `stride` pixels wide, centred, with region colours when `regions` is given.
pub fn draw(
    px: &mut [u8],
    stride: usize,
    area: (i32, i32, i32, i32),
    world: &World,
    z: i32,
    regions: Option<&RegionMap>,
) {
    let g = GLYPH_SIZE;
    let (ax, ay) = (area.0 as usize * g, area.1 as usize * g);
    let (aw, ah) = (area.2 as usize * g, area.3 as usize * g);
    let Some(level) = world.level(z) else {
        return;
    };
    let (lw, lh) = (world.width() as usize, world.height() as usize);
    // A pixel shows cell (p * num / den): whole pixels per cell, or 256ths of a cell per pixel.
    let (num, den) = if lw <= aw && lh <= ah {
        (1, (aw / lw).min(ah / lh))
    } else {
        ((lw * 256).div_ceil(aw).max((lh * 256).div_ceil(ah)), 256)
    };
    let (out_w, out_h) = ((lw * den / num).min(aw), (lh * den / num).min(ah));
    let (ox, oy) = (ax + (aw - out_w) / 2, ay + (ah - out_h) / 2);
    let colours = Tile::ALL.map(tile_colour);
    let colour = |i: usize| -> Rgb {
        if let Some(m) = regions {
            let id = m.labels[i] as usize;
            if id > 0 {
                return if m.removed[id] {
                    REMOVED
                } else {
                    region_colour(id)
                };
            }
        }
        colours[level[i] as usize]
    };
    // Cells x0..x1 shown by pixel p along a side of `n` cells: one cell when enlarging, the
    // block the pixel covers (averaged) when shrinking.
    let span = |p: usize, n: usize| {
        let a = (p * num / den).min(n - 1);
        (a, ((p + 1) * num / den).clamp(a + 1, n))
    };
    for py in 0..out_h {
        let (y0, y1) = span(py, lh);
        let start = ((oy + py) * stride + ox) * 4;
        let Some(line) = px.get_mut(start..start + out_w * 4) else {
            return;
        };
        for (x, out) in line.chunks_exact_mut(4).enumerate() {
            let (x0, x1) = span(x, lw);
            let mut sum = [0usize; 3];
            for y in y0..y1 {
                for i in y * lw + x0..y * lw + x1 {
                    let c = colour(i);
                    (0..3).for_each(|k| sum[k] += usize::from(c[k]));
                }
            }
            let n = (y1 - y0) * (x1 - x0);
            let c: [u8; 3] = std::array::from_fn(|k| (sum[k] / n) as u8);
            out.copy_from_slice(&[c[0], c[1], c[2], 255]);
        }
    }
}
