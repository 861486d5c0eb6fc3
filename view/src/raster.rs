//! Turns frames into RGBA pixels through the glyph atlas, repainting only the cells that
//! changed since the last frame and reporting the changed rectangle (in pixels).

use crate::font::{lit, GLYPH_SIZE};
use crate::frame::{Cell, Frame};

/// A rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x: usize,
    pub y: usize,
    pub w: usize,
    pub h: usize,
}

/// An RGBA pixel buffer for a frame of `cols` x `rows` cells, 8 x 8 pixels each.
pub struct Raster {
    cols: usize,
    rows: usize,
    pixels: Vec<u8>,
    shown: Option<Frame>,
}

impl Raster {
    pub fn new(cols: usize, rows: usize) -> Self {
        Raster {
            cols,
            rows,
            pixels: vec![0; cols * rows * GLYPH_SIZE * GLYPH_SIZE * 4],
            shown: None,
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.cols * GLYPH_SIZE
    }
    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.rows * GLYPH_SIZE
    }
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// Forgets what was painted, so the next `paint` repaints every cell.
    pub fn invalidate(&mut self) {
        self.shown = None;
    }

    /// Paints the cells of `frame` that differ from the last frame painted. Returns the
    /// pixel rectangle that changed, or `None` when nothing did. The frame must have the
    /// raster's size; extra cells are ignored.
    pub fn paint(&mut self, frame: &Frame) -> Option<Rect> {
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        for row in 0..self.rows.min(frame.height()) {
            for col in 0..self.cols.min(frame.width()) {
                let i = row * frame.width() + col;
                let cell = frame.cells()[i];
                let same = self
                    .shown
                    .as_ref()
                    .is_some_and(|s| s.cells().get(i) == Some(&cell));
                if same {
                    continue;
                }
                self.blit(col, row, cell);
                (x0, y0) = (x0.min(col), y0.min(row));
                (x1, y1) = (x1.max(col + 1), y1.max(row + 1));
            }
        }
        match &mut self.shown {
            Some(shown) if shown.width() == frame.width() => shown.clone_from(frame),
            _ => self.shown = Some(frame.clone()),
        }
        (x0 != usize::MAX).then(|| Rect {
            x: x0 * GLYPH_SIZE,
            y: y0 * GLYPH_SIZE,
            w: (x1 - x0) * GLYPH_SIZE,
            h: (y1 - y0) * GLYPH_SIZE,
        })
    }

    fn blit(&mut self, col: usize, row: usize, cell: Cell) {
        let stride = self.width() * 4;
        for y in 0..GLYPH_SIZE {
            let start = (row * GLYPH_SIZE + y) * stride + col * GLYPH_SIZE * 4;
            let line = &mut self.pixels[start..start + GLYPH_SIZE * 4];
            for (x, px) in line.chunks_exact_mut(4).enumerate() {
                let c = if lit(cell.glyph, x, y) {
                    cell.fg
                } else {
                    cell.bg
                };
                px.copy_from_slice(&[c[0], c[1], c[2], 255]);
            }
        }
    }

    /// The pixels of `rect` as a tightly packed RGBA buffer, written into `out`.
    pub fn copy_rect(&self, rect: Rect, out: &mut Vec<u8>) {
        out.clear();
        let stride = self.width() * 4;
        for y in rect.y..rect.y + rect.h {
            let start = y * stride + rect.x * 4;
            out.extend_from_slice(&self.pixels[start..start + rect.w * 4]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::BLANK;

    #[test]
    fn only_changed_cells_are_repainted() {
        let mut r = Raster::new(4, 3);
        let mut f = Frame::new(4, 3);
        assert_eq!(
            r.paint(&f),
            Some(Rect {
                x: 0,
                y: 0,
                w: 32,
                h: 24
            })
        );
        assert_eq!(r.paint(&f), None);
        f.put(
            2,
            1,
            Cell {
                glyph: b'@',
                fg: [255, 255, 255],
                ..BLANK
            },
        );
        assert_eq!(
            r.paint(&f),
            Some(Rect {
                x: 16,
                y: 8,
                w: 8,
                h: 8
            })
        );
    }

    #[test]
    fn a_glyph_lands_in_its_cell_in_its_colours() {
        let mut r = Raster::new(2, 1);
        let mut f = Frame::new(2, 1);
        f.put(
            1,
            0,
            Cell {
                glyph: 219,
                fg: [10, 20, 30],
                bg: [0, 0, 0],
            },
        );
        r.paint(&f);
        let px = |x: usize, y: usize| &r.pixels()[(y * 16 + x) * 4..(y * 16 + x) * 4 + 4];
        assert_eq!(px(8, 0), [10, 20, 30, 255]);
        assert_eq!(px(15, 7), [10, 20, 30, 255]);
        assert_eq!(px(7, 7), [0, 0, 0, 255]);
    }
}
