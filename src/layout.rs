//! The screen's layout in glyph cells: the grid size, the sidebar on the left, the log box at
//! the bottom right and the map view in the rest. One value, passed to whatever needs it.

use crate::geom::Point;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub cols: i32,
    pub rows: i32,
    pub sidebar: i32,
    pub log: i32,
}

impl Layout {
    /// The desktop layout: 80 x 50 cells, an 18-wide sidebar and an 8-high log.
    pub const DESKTOP: Layout = Layout {
        cols: 80,
        rows: 50,
        sidebar: 18,
        log: 8,
    };

    /// Size of the map view in cells.
    pub const fn view_width(&self) -> i32 {
        self.cols - self.sidebar
    }
    pub const fn view_height(&self) -> i32 {
        self.rows - self.log
    }

    /// The world cell at the view's top-left: the view centres on `focus` but stops at the
    /// world's edges; a world smaller than the view sits at 0.
    pub fn scroll(&self, focus: Point, world_w: i32, world_h: i32) -> (i32, i32) {
        let (vw, vh) = (self.view_width(), self.view_height());
        let sx = (focus.x - vw / 2).min(world_w - vw).max(0);
        let sy = (focus.y - vh / 2).min(world_h - vh).max(0);
        (sx, sy)
    }

    /// The world point shown at screen cell (`col`, `row`) when the view follows `focus`, if
    /// that cell is in the map view and inside a world of the given size.
    pub fn world_at(&self, focus: Point, world: (i32, i32), col: i32, row: i32) -> Option<Point> {
        let (sx, sy) = self.scroll(focus, world.0, world.1);
        let (vx, vy) = (col - self.sidebar, row);
        let inside = (0..self.view_width()).contains(&vx) && (0..self.view_height()).contains(&vy);
        let at = Point::new(sx + vx, sy + vy, focus.z);
        (inside && (0..world.0).contains(&at.x) && (0..world.1).contains(&at.y)).then_some(at)
    }

    /// The screen cell under a CSS pixel position on a canvas shown at `css_w` x `css_h`.
    pub fn cell_at(&self, css_x: f64, css_y: f64, css_w: f64, css_h: f64) -> Option<(i32, i32)> {
        if !(css_w > 0.0 && css_h > 0.0 && css_x >= 0.0 && css_y >= 0.0) {
            return None;
        }
        let col = (css_x * f64::from(self.cols) / css_w).floor() as i32;
        let row = (css_y * f64::from(self.rows) / css_h).floor() as i32;
        (col < self.cols && row < self.rows).then_some((col, row))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_follows_the_player_and_stops_at_edges() {
        let l = Layout::DESKTOP;
        assert_eq!(l.scroll(Point::new(0, 0, 0), 100, 60), (0, 0));
        assert_eq!(l.scroll(Point::new(50, 30, 0), 100, 60), (19, 9));
        assert_eq!(l.scroll(Point::new(99, 59, 0), 100, 60), (38, 18));
        assert_eq!(l.scroll(Point::new(5, 5, 0), 10, 10), (0, 0));
    }

    #[test]
    fn screen_cells_map_to_world_cells_only_inside_the_view() {
        let l = Layout::DESKTOP;
        let focus = Point::new(50, 30, 2);
        assert_eq!(
            l.world_at(focus, (100, 60), 18, 0),
            Some(Point::new(19, 9, 2))
        );
        assert_eq!(l.world_at(focus, (100, 60), 17, 0), None, "sidebar");
        assert_eq!(l.world_at(focus, (100, 60), 20, 42), None, "log");
        assert_eq!(l.cell_at(1279.0, 799.0, 1280.0, 800.0), Some((79, 49)));
        assert_eq!(l.cell_at(-1.0, 5.0, 1280.0, 800.0), None);
    }
}
