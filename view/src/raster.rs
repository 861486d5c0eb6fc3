//! Turns frames into RGBA pixels through the glyph atlas, repainting only the cells that
//! changed since the last frame and reporting the rectangles (in pixels) that changed.

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
    /// The rectangles the last `paint` changed.
    changed: Vec<Rect>,
}

/// With more rectangles than this, the whole raster is handed over in one.
const MAX_RECTS: usize = 12;

impl Raster {
    pub fn new(cols: usize, rows: usize) -> Self {
        Raster {
            cols,
            rows,
            pixels: vec![0; cols * rows * GLYPH_SIZE * GLYPH_SIZE * 4],
            shown: None,
            changed: Vec::new(),
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

    /// Paints the cells of `frame` that differ from the last frame painted, and keeps the
    /// pixel rectangles that changed (`changed`; none when nothing did): each row's changed
    /// cells from the first to the last, joined to a rectangle of the row above that shares
    /// columns with them, so a few small changes are handed over as a few small rectangles,
    /// not as the box around them all, and a scrolled view as one. The frame must have the
    /// raster's size; extra cells are ignored.
    pub fn paint(&mut self, frame: &Frame) {
        self.changed.clear();
        for row in 0..self.rows.min(frame.height()) {
            // The changed columns of this row, from the first to the last.
            let (mut from, mut to) = (usize::MAX, 0);
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
                (from, to) = (from.min(col), col + 1);
            }
            if from < to {
                self.add((from, to), row);
            }
        }
        if self.changed.len() > MAX_RECTS {
            self.changed.clear();
            self.changed.push(Rect {
                x: 0,
                y: 0,
                w: self.width(),
                h: self.height(),
            });
        }
        match &mut self.shown {
            Some(shown) if shown.width() == frame.width() => shown.clone_from(frame),
            _ => self.shown = Some(frame.clone()),
        }
    }

    /// The rectangles the last `paint` changed.
    pub fn changed(&self) -> &[Rect] {
        &self.changed
    }

    /// Adds the changed cells of `row` from column `from` up to `to`: to a rectangle ending on
    /// the row above that shares columns with them (widened to hold them), or as a rectangle of
    /// their own.
    fn add(&mut self, (from, to): (usize, usize), row: usize) {
        let (x0, x1, y) = (from * GLYPH_SIZE, to * GLYPH_SIZE, row * GLYPH_SIZE);
        let above = |r: &&mut Rect| r.y + r.h == y && r.x < x1 && x0 < r.x + r.w;
        match self.changed.iter_mut().find(above) {
            Some(r) => {
                let right = (r.x + r.w).max(x1);
                r.x = r.x.min(x0);
                r.w = right - r.x;
                r.h += GLYPH_SIZE;
            }
            None => self.changed.push(Rect {
                x: x0,
                y,
                w: x1 - x0,
                h: GLYPH_SIZE,
            }),
        }
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

    const AT: Cell = Cell {
        glyph: b'@',
        fg: [255, 255, 255],
        ..BLANK
    };

    /// The frame `map` draws: one character a cell, an `@` glyph where it has `@`.
    fn frame_of(map: &str) -> Frame {
        let lines: Vec<&str> = map
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let mut f = Frame::new(lines[0].len(), lines.len());
        for (y, line) in lines.iter().enumerate() {
            for (x, c) in line.chars().enumerate() {
                if c == '@' {
                    f.put(x as i32, y as i32, AT);
                }
            }
        }
        f
    }

    /// A rectangle of whole cells: columns x0..x1, rows y0..y1.
    fn cells(x0: usize, y0: usize, x1: usize, y1: usize) -> Rect {
        Rect {
            x: x0 * GLYPH_SIZE,
            y: y0 * GLYPH_SIZE,
            w: (x1 - x0) * GLYPH_SIZE,
            h: (y1 - y0) * GLYPH_SIZE,
        }
    }

    #[test]
    fn only_changed_cells_are_repainted() {
        let mut r = Raster::new(4, 3);
        let mut f = Frame::new(4, 3);
        r.paint(&f);
        assert_eq!(r.changed(), [cells(0, 0, 4, 3)]);
        r.paint(&f);
        assert_eq!(r.changed(), []);
        f.put(2, 1, AT);
        r.paint(&f);
        assert_eq!(r.changed(), [cells(2, 1, 3, 2)]);
    }

    /// Changes far apart are handed over as rectangles of their own, not as the box around
    /// them all; a row's changes from its first to its last, and the changes of the row below
    /// that share columns with them, as one (widened to hold both).
    #[test]
    fn changes_far_apart_are_rectangles_of_their_own() {
        let mut r = Raster::new(30, 8);
        r.paint(&Frame::new(30, 8));
        let changed = frame_of(
            "
            .@............................
            ..............................
            ..........@...@...............
            ..........@...@...............
            ............@@@@@.............
            ..............................
            ..............................
            ...........................@@@
            ",
        );
        r.paint(&changed);
        assert_eq!(
            r.changed(),
            [cells(1, 0, 2, 1), cells(10, 2, 17, 5), cells(27, 7, 30, 8)]
        );
        // Every cell of the frame stands painted as a fresh raster paints it.
        let mut fresh = Raster::new(30, 8);
        fresh.paint(&changed);
        assert!(r.pixels() == fresh.pixels());
    }

    /// Past `MAX_RECTS` rectangles, the whole raster goes over in one.
    #[test]
    fn many_scattered_changes_go_over_as_the_whole() {
        let blank = Frame::new(40, 30);
        let mut f = blank.clone();
        for k in 0..=MAX_RECTS {
            f.put((3 + (k * 7) % 33) as i32, (2 + k * 2) as i32, AT);
        }
        let mut r = Raster::new(40, 30);
        r.paint(&blank);
        r.paint(&f);
        assert_eq!(r.changed(), [cells(0, 0, 40, 30)]);
        // One fewer: a rectangle each.
        f.put(3, 2, BLANK);
        r.paint(&blank);
        r.paint(&f);
        assert_eq!(r.changed().len(), MAX_RECTS);
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
