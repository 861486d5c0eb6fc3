//! A frame: a grid of glyph cells (CP437 code, foreground, background) that the game view
//! writes and a painter turns into pixels. Writes outside the grid are clipped.

use crate::colour::{Rgb, BLACK, PANEL, TEXT};
use crate::cp437;
use caves_rules::space::geom::Point;
use caves_rules::space::grid::Grid;
use std::fmt;

/// One character cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub glyph: u8,
    pub fg: Rgb,
    pub bg: Rgb,
}

/// The CP437 codes of a single-line box's edges, `─ │ ┌ ┐ └ ┘`: known here, not looked up in
/// the code page for every cell of every box of every frame.
const BOX: [u8; 6] = [196, 179, 218, 191, 192, 217];

pub const BLANK: Cell = Cell {
    glyph: b' ',
    fg: BLACK,
    bg: BLACK,
};

/// An empty cell of a panel (the sidebar, the phone's status bar and look panel, a tap bar).
pub const PANEL_BLANK: Cell = Cell {
    glyph: b' ',
    fg: TEXT,
    bg: PANEL,
};

/// A rectangle of cells: left, top, width, height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

/// A `width` x `height` grid of cells (sizes in cells).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    cells: Grid<Cell>,
    /// In tests (and with the `boxes` feature, for the game's tests): every box drawn, with
    /// its border's cells as drawn, so a test can tell when later text crossed a border; and
    /// every text that ran off the frame's edge (`Frame::crossed`).
    #[cfg(any(test, feature = "boxes"))]
    boxes: Vec<(Area, Vec<Cell>)>,
    #[cfg(any(test, feature = "boxes"))]
    cut: Vec<String>,
}

impl Frame {
    pub fn new(width: usize, height: usize) -> Self {
        let side = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        Frame {
            cells: Grid::new(side(width), side(height), BLANK),
            #[cfg(any(test, feature = "boxes"))]
            boxes: Vec::new(),
            #[cfg(any(test, feature = "boxes"))]
            cut: Vec::new(),
        }
    }

    pub fn width(&self) -> usize {
        self.cells.width() as usize
    }
    pub fn height(&self) -> usize {
        self.cells.height() as usize
    }
    /// Every cell, row by row.
    pub fn cells(&self) -> &[Cell] {
        self.cells.cells()
    }

    /// The cell at (`x`, `y`), or `None` outside the frame.
    pub fn get(&self, x: i32, y: i32) -> Option<Cell> {
        self.cells.get(Point::new(x, y, 0)).copied()
    }

    /// Writes a cell; outside the frame nothing happens.
    pub fn put(&mut self, x: i32, y: i32, cell: Cell) {
        self.cells.set(Point::new(x, y, 0), cell);
    }

    /// Writes `text` from (`x`, `y`) rightwards, mapping each character to CP437.
    pub fn text(&mut self, x: i32, y: i32, text: &str, fg: Rgb, bg: Rgb) {
        #[cfg(any(test, feature = "boxes"))]
        {
            let off = text
                .chars()
                .enumerate()
                .any(|(i, c)| c != ' ' && self.get(x + i as i32, y).is_none());
            if off {
                self.cut.push(format!(
                    "({x}, {y}) {text:?} runs off the {} x {} frame",
                    self.width(),
                    self.height()
                ));
            }
        }
        for (i, c) in text.chars().enumerate() {
            self.put(
                x + i as i32,
                y,
                Cell {
                    glyph: cp437::encode(c),
                    fg,
                    bg,
                },
            );
        }
    }

    /// Fills a rectangle with one cell.
    pub fn fill(&mut self, x: i32, y: i32, w: i32, h: i32, cell: Cell) {
        for yy in y..y + h {
            for xx in x..x + w {
                self.put(xx, yy, cell);
            }
        }
    }

    /// Draws a single-line box around `area`, with an optional title on the top edge.
    pub fn boxed(&mut self, area: Area, title: &str, fg: Rgb, bg: Rgb) {
        let Area { x, y, w, h } = area;
        let (r, b) = (x + w - 1, y + h - 1);
        let edge = |i: usize| Cell {
            glyph: BOX[i],
            fg,
            bg,
        };
        for xx in x + 1..r {
            self.put(xx, y, edge(0));
            self.put(xx, b, edge(0));
        }
        for yy in y + 1..b {
            self.put(x, yy, edge(1));
            self.put(r, yy, edge(1));
        }
        self.put(x, y, edge(2));
        self.put(r, y, edge(3));
        self.put(x, b, edge(4));
        self.put(r, b, edge(5));
        if !title.is_empty() {
            self.text(x + 2, y, &format!(" {title} "), fg, bg);
        }
        #[cfg(any(test, feature = "boxes"))]
        {
            let border = self.border(area);
            self.boxes.push((area, border));
        }
    }

    /// The cells of `area`'s edge, clockwise from its top-left corner.
    #[cfg(any(test, feature = "boxes"))]
    fn border(&self, area: Area) -> Vec<Cell> {
        border_points(area)
            .into_iter()
            .map(|(x, y)| self.get(x, y).unwrap_or(BLANK))
            .collect()
    }

    /// The border cells of boxes that something drawn later wrote over, as "(x, y) 'c'":
    /// text that ran past its box (a box drawn later over an earlier one, a menu over the
    /// map, may cover it); and text that ran off the frame's edge, cut short.
    #[cfg(any(test, feature = "boxes"))]
    pub fn crossed(&self) -> Vec<String> {
        let mut out = self.cut.clone();
        for (i, (area, drawn)) in self.boxes.iter().enumerate() {
            let later = &self.boxes[i + 1..];
            for ((x, y), cell) in border_points(*area).into_iter().zip(drawn) {
                let covered = later
                    .iter()
                    .any(|(b, _)| (b.x..b.x + b.w).contains(&x) && (b.y..b.y + b.h).contains(&y));
                let now = self.get(x, y).unwrap_or(BLANK);
                if !covered && now.glyph != cell.glyph {
                    out.push(format!(
                        "({x}, {y}) '{}' over the edge of {area:?}: {:?}",
                        cp437::UNICODE[now.glyph as usize],
                        self.row_text(y as usize).trim_end()
                    ));
                }
            }
        }
        out
    }

    /// Passes every cell's colours through `map`.
    pub fn recolour(&mut self, map: impl Fn(Rgb) -> Rgb) {
        for c in self.cells.cells_mut() {
            c.fg = map(c.fg);
            c.bg = map(c.bg);
        }
    }

    /// Row `y` as Unicode text.
    pub fn row_text(&self, y: usize) -> String {
        self.cells
            .rows()
            .nth(y)
            .unwrap_or_default()
            .iter()
            .map(|c| match c.glyph {
                0 | 255 => ' ',
                g => cp437::UNICODE[g as usize],
            })
            .collect()
    }
}

/// The cells of `area`'s edge inside a frame, clockwise from the top-left corner.
#[cfg(any(test, feature = "boxes"))]
fn border_points(area: Area) -> Vec<(i32, i32)> {
    let Area { x, y, w, h } = area;
    let (r, b) = (x + w - 1, y + h - 1);
    let mut p: Vec<(i32, i32)> = (x..=r).map(|xx| (xx, y)).collect();
    p.extend((y + 1..=b).map(|yy| (r, yy)));
    p.extend((x..r).rev().map(|xx| (xx, b)));
    p.extend((y + 1..b).rev().map(|yy| (x, yy)));
    p.into_iter()
        .filter(|&(px, py)| px >= 0 && py >= 0)
        .collect()
}

/// The frame as text, one line per row: a snapshot for tests and debugging.
impl fmt::Display for Frame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height() {
            writeln!(f, "{}", self.row_text(y))?;
        }
        Ok(())
    }
}

impl Frame {
    /// The frame's words: box borders as spaces and whitespace collapsed, so a sentence
    /// wrapped over rows reads whole (what tests read of a screen).
    pub fn words(&self) -> String {
        let text = self
            .to_string()
            .replace(|c: char| ('\u{2500}'..='\u{257f}').contains(&c), " ");
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_is_drawn_in_the_code_pages_single_lines() {
        assert_eq!(
            BOX.map(|c| cp437::UNICODE[usize::from(c)]),
            ['─', '│', '┌', '┐', '└', '┘']
        );
    }

    #[test]
    fn writes_clip_at_the_edges() {
        let mut f = Frame::new(4, 2);
        f.text(2, 0, "abc", [255; 3], BLACK);
        f.put(
            -1,
            0,
            Cell {
                glyph: b'x',
                ..BLANK
            },
        );
        f.put(
            0,
            5,
            Cell {
                glyph: b'x',
                ..BLANK
            },
        );
        assert_eq!(f.to_string(), "  ab\n    \n");
        assert_eq!(f.get(4, 0), None);
    }

    #[test]
    fn text_cut_at_the_frames_edge_is_told() {
        let mut f = Frame::new(4, 2);
        f.text(0, 0, "ab  ", [255; 3], BLACK);
        f.text(1, 1, "abc   ", [255; 3], BLACK);
        assert!(f.crossed().is_empty(), "{:?}", f.crossed());
        f.text(2, 1, "abc", [255; 3], BLACK);
        assert_eq!(f.crossed(), ["(2, 1) \"abc\" runs off the 4 x 2 frame"]);
    }

    #[test]
    fn boxes_use_box_drawing_glyphs() {
        let mut f = Frame::new(8, 3);
        f.boxed(
            Area {
                x: 0,
                y: 0,
                w: 8,
                h: 3,
            },
            "Log",
            [255; 3],
            BLACK,
        );
        assert_eq!(f.to_string(), "┌─ Log ┐\n│      │\n└──────┘\n");
    }
}
