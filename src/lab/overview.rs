//! The whole level drawn straight into RGBA pixels, scaled to fit the map area: whole pixels
//! per cell when it fits, otherwise nearest-cell sampling (a 1024 x 1024 level fits in 400 x
//! 400 pixels). Each tile is drawn in its glyph's average colour (floor and wall) or in its
//! glyph colour (stairs and features, so they stand out).

use super::draw::{region_colour, REMOVED};
use crate::builder::RegionMap;
use crate::colour::Rgb;
use crate::font::{lit, GLYPH_SIZE};
use crate::tile::Tile;
use crate::world::World;

/// The colour a tile is drawn in at one pixel or less per cell.
pub fn tile_colour(t: Tile) -> Rgb {
    let info = t.info();
    if !matches!(t, Tile::Floor | Tile::Wall) {
        return info.fg;
    }
    let n = GLYPH_SIZE * GLYPH_SIZE;
    let on = (0..n)
        .filter(|&i| lit(info.glyph, i % GLYPH_SIZE, i / GLYPH_SIZE))
        .count();
    std::array::from_fn(|c| ((info.fg[c] as usize * on + info.bg[c] as usize * (n - on)) / n) as u8)
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
    for py in 0..out_h {
        let cy = (py * num / den).min(lh - 1);
        let row = &level[cy * lw..(cy + 1) * lw];
        let start = ((oy + py) * stride + ox) * 4;
        let Some(line) = px.get_mut(start..start + out_w * 4) else {
            return;
        };
        for (x, out) in line.chunks_exact_mut(4).enumerate() {
            let cx = (x * num / den).min(lw - 1);
            let mut c = colours[row[cx] as usize];
            if let Some(m) = regions {
                let id = m.labels[cy * lw + cx] as usize;
                if id > 0 {
                    c = if m.removed[id] {
                        REMOVED
                    } else {
                        region_colour(id)
                    };
                }
            }
            out.copy_from_slice(&[c[0], c[1], c[2], 255]);
        }
    }
}
