//! The screen's layout in glyph cells: the grid size, the sidebar on the left (desktop) or a
//! status bar on top (portrait phones), the log box at the bottom and the map view in the
//! rest. Chosen from the window once, then passed to whatever needs it.

use caves_rules::space::geom::Point;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub cols: i32,
    pub rows: i32,
    /// Width of the sidebar on the left (0 when there is none).
    pub sidebar: i32,
    /// Height of the log box at the bottom.
    pub log: i32,
    /// Height of the status bar on top (0 when there is none).
    pub top: i32,
}

/// Pixels of a glyph cell in the font.
pub const CELL_PX: i32 = 8;

/// The narrowest a glyph cell may be shown on a phone, in CSS pixels.
pub const MIN_PHONE_CELL_CSS: f64 = 9.0;

/// The widest or tallest window a layout is chosen for, in CSS pixels (larger ones are taken
/// as this).
const MAX_WINDOW_CSS: f64 = 100_000.0;
/// The device pixel ratios a layout is chosen for.
const MIN_DPR: f64 = 0.1;
const MAX_DPR: f64 = 16.0;

impl Layout {
    /// The desktop layout: 80 x 50 cells, an 18-wide sidebar and an 8-high log.
    pub const DESKTOP: Layout = Layout {
        cols: 80,
        rows: 50,
        sidebar: 18,
        log: 8,
        top: 0,
    };

    /// A portrait layout of `cols` x `rows`: a 3-row status bar on top, the map across the
    /// whole width, and a 5-row log at the bottom.
    pub fn portrait(cols: i32, rows: i32) -> Layout {
        Layout {
            cols: cols.clamp(24, 80),
            rows: rows.clamp(24, 120),
            sidebar: 0,
            log: 5,
            top: 3,
        }
    }

    /// True for the phone layout (status on top, no sidebar).
    pub const fn is_portrait(&self) -> bool {
        self.sidebar == 0
    }

    /// The layout for a window of `w` x `h` CSS pixels at `dpr` device pixels per CSS pixel
    /// (`css_size` then scales it). Landscape windows keep the desktop layout (`larger`
    /// trades cells for a bigger scale); narrow portrait windows get the portrait layout with
    /// cells at least 9 CSS pixels wide.
    /// Sizes and ratios that are not numbers, not positive or absurd are brought into range
    /// first (a missing size counts as 640 x 400), so any input gives a usable layout.
    pub fn for_window(w: f64, h: f64, dpr: f64, larger: bool) -> Layout {
        let dpr = clean_dpr(dpr);
        let size = |v: f64, missing: f64| {
            if v.is_finite() && v > 0.0 {
                v.clamp(1.0, MAX_WINDOW_CSS)
            } else {
                missing
            }
        };
        let (w, h) = (size(w, 640.0), size(h, 400.0));
        let (dw, dh) = (w * dpr, h * dpr);
        let cell = f64::from(CELL_PX);
        let fit = |l: &Layout| {
            ((dw / (f64::from(l.cols) * cell)).min(dh / (f64::from(l.rows) * cell))).floor() as i32
        };
        if h > w && w < 700.0 {
            let min = MIN_PHONE_CELL_CSS * if larger { 1.5 } else { 1.0 };
            let k = ((min * dpr / cell).ceil() as i32).max(1);
            let px = f64::from(k) * cell;
            return Layout::portrait((dw / px) as i32, (dh / px) as i32);
        }
        let natural = fit(&Layout::DESKTOP).max(1);
        if !larger {
            return Layout::DESKTOP;
        }
        let k = natural.saturating_add(1);
        let px = f64::from(k) * cell;
        Layout {
            cols: ((dw / px) as i32).clamp(40, 80),
            rows: ((dh / px) as i32).clamp(25, 50),
            ..Layout::DESKTOP
        }
    }

    /// Size of the map view in cells.
    pub const fn view_width(&self) -> i32 {
        self.cols - self.sidebar
    }
    pub const fn view_height(&self) -> i32 {
        self.rows - self.log - self.top
    }

    /// The world cell at the view's top-left: the view centres on `focus` but stops at the
    /// world's edges; a world smaller than the view sits at 0, except that the tall portrait
    /// view centres a world shorter than itself.
    pub fn scroll(&self, focus: Point, world_w: i32, world_h: i32) -> (i32, i32) {
        let (vw, vh) = (self.view_width(), self.view_height());
        let sx = (focus.x - vw / 2).min(world_w - vw).max(0);
        let sy = if self.is_portrait() && world_h < vh {
            (world_h - vh) / 2
        } else {
            (focus.y - vh / 2).min(world_h - vh).max(0)
        };
        (sx, sy)
    }

    /// The world point shown at screen cell (`col`, `row`) when the view follows `focus`, if
    /// that cell is in the map view and inside a world of the given size.
    pub fn world_at(&self, focus: Point, world: (i32, i32), col: i32, row: i32) -> Option<Point> {
        let (sx, sy) = self.scroll(focus, world.0, world.1);
        let (vx, vy) = (col - self.sidebar, row - self.top);
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

/// `dpr` as a usable number of device pixels per CSS pixel (1 when it is not one, and within
/// `MIN_DPR` to `MAX_DPR`).
fn clean_dpr(dpr: f64) -> f64 {
    if dpr.is_finite() && dpr > 0.0 {
        dpr.clamp(MIN_DPR, MAX_DPR)
    } else {
        1.0
    }
}

/// The CSS size (width, height) at which a canvas of `px_w` x `px_h` pixels shows crisply in
/// `avail_w` x `avail_h` CSS pixels: each canvas pixel becomes a whole number (at least 1) of
/// device pixels, the largest that fits.
pub fn css_size(avail_w: f64, avail_h: f64, dpr: f64, px_w: f64, px_h: f64) -> (f64, f64) {
    let dpr = clean_dpr(dpr);
    // Room that is not a number counts as none: the canvas then shows at its smallest.
    let room = |v: f64| {
        if v.is_nan() {
            0.0
        } else {
            v.clamp(0.0, MAX_WINDOW_CSS)
        }
    };
    let (avail_w, avail_h) = (room(avail_w), room(avail_h));
    let k = ((avail_w * dpr / px_w).min(avail_h * dpr / px_h)).floor();
    let k = if k.is_finite() { k.max(1.0) } else { 1.0 };
    (px_w * k / dpr, px_h * k / dpr)
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

    /// The CSS size of a glyph cell when `l` is shown in a `w` x `h` window at `dpr`.
    fn css_cell(l: Layout, w: f64, h: f64, dpr: f64) -> f64 {
        let px = f64::from(CELL_PX);
        let (cw, _) = css_size(w, h, dpr, f64::from(l.cols) * px, f64::from(l.rows) * px);
        cw / f64::from(l.cols)
    }

    #[test]
    fn a_portrait_phone_gets_cells_of_at_least_9_css_pixels_at_a_whole_scale() {
        let l = Layout::for_window(390.0, 844.0, 3.0, false);
        assert!(l.is_portrait());
        let cell = css_cell(l, 390.0, 844.0, 3.0);
        assert!(cell >= 9.0, "{cell}");
        assert_eq!((cell * 3.0).fract(), 0.0, "whole device pixels: {cell}");
        assert!(f64::from(l.cols) * cell <= 390.0);
        assert!(f64::from(l.rows) * cell <= 844.0);
        assert!(l.view_width() >= 30 && l.view_height() >= 40, "{l:?}");
        let big = Layout::for_window(390.0, 844.0, 3.0, true);
        assert!(css_cell(big, 390.0, 844.0, 3.0) > cell && big.cols < l.cols);
    }

    #[test]
    fn desktops_and_landscape_phones_keep_the_desktop_layout() {
        let l = Layout::for_window(1280.0, 800.0, 1.0, false);
        assert_eq!(l, Layout::DESKTOP);
        assert_eq!(css_cell(l, 1280.0, 800.0, 1.0), 16.0);
        assert_eq!(
            Layout::for_window(844.0, 390.0, 3.0, false),
            Layout::DESKTOP
        );
        let big = Layout::for_window(1280.0, 800.0, 1.0, true);
        assert_eq!(css_cell(big, 1280.0, 800.0, 1.0), 24.0);
        assert!(big.cols < 80 && big.sidebar == 18);
    }

    #[test]
    fn any_window_size_and_pixel_ratio_gives_a_usable_layout() {
        let odd = [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            -1.0,
            -0.0,
            0.0,
            1e-9,
            0.5,
            1.0,
            3.0,
            390.0,
            699.0,
            844.0,
            1280.0,
            1e5,
            1e9,
            1e300,
        ];
        for &w in &odd {
            for &h in &odd {
                for &dpr in &odd {
                    for larger in [false, true] {
                        let l = Layout::for_window(w, h, dpr, larger);
                        let what = format!("{w} x {h} at {dpr}, larger {larger}: {l:?}");
                        assert!((24..=80).contains(&l.cols), "{what}");
                        assert!((24..=120).contains(&l.rows), "{what}");
                        assert!(l.view_width() >= 22 && l.view_height() >= 16, "{what}");
                        let px = f64::from(CELL_PX);
                        let (cw, ch) =
                            css_size(w, h, dpr, f64::from(l.cols) * px, f64::from(l.rows) * px);
                        assert!(cw.is_finite() && ch.is_finite() && cw > 0.0, "{what}");
                        assert!(ch > 0.0, "{what}");
                    }
                }
            }
        }
    }

    #[test]
    fn canvas_scales_by_whole_device_pixels() {
        assert_eq!(css_size(800.0, 600.0, 1.0, 640.0, 400.0), (640.0, 400.0));
        assert_eq!(
            css_size(2560.0, 1440.0, 1.0, 640.0, 400.0),
            (1920.0, 1200.0)
        );
        assert_eq!(css_size(1280.0, 800.0, 2.0, 640.0, 400.0), (1280.0, 800.0));
        assert_eq!(
            css_size(1000.0, 700.0, 1.5, 640.0, 400.0),
            (853.3333333333334, 533.3333333333334)
        );
        assert_eq!(
            css_size(100.0, 100.0, f64::NAN, 640.0, 400.0),
            (640.0, 400.0)
        );
    }

    #[test]
    fn the_portrait_view_centres_a_short_world() {
        let l = Layout::portrait(36, 74);
        let (_, sy) = l.scroll(Point::new(50, 0, 0), 100, 60);
        assert_eq!(sy, (60 - l.view_height()) / 2);
        let focus = Point::new(50, 30, 0);
        let row = l.top + 30 - sy;
        assert_eq!(l.world_at(focus, (100, 60), 18, row).map(|p| p.y), Some(30));
        assert_eq!(
            l.world_at(focus, (100, 60), 18, l.top),
            None,
            "above the world"
        );
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
