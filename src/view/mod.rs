//! Composes what the player sees into a `Frame` (seed 003's layout): an 18-wide sidebar on the
//! left, an 8-high "Log" box at the bottom right, and the map view in the rest. Pure: the
//! same game gives the same frame.

mod map;
mod panels;
mod screens;

use crate::frame::{Frame, BLACK};
use crate::game::{Game, Screen};
use crate::geom::Point;
use crate::tile::{hex, Rgb};

pub use screens::KEYS;

/// Screen size in cells.
pub const COLS: i32 = 80;
pub const ROWS: i32 = 50;
pub const SIDEBAR_WIDTH: i32 = 18;
pub const LOG_HEIGHT: i32 = 8;
/// Size of the map view in cells.
pub const VIEW_WIDTH: i32 = COLS - SIDEBAR_WIDTH;
pub const VIEW_HEIGHT: i32 = ROWS - LOG_HEIGHT;

pub(crate) const TEXT: Rgb = hex("#F8F8F2");
pub(crate) const DIM: Rgb = hex("#75715E");
pub(crate) const TITLE: Rgb = hex("#E6DB74");
pub(crate) const ACCENT: Rgb = hex("#A6E22E");
pub(crate) const WARN: Rgb = hex("#F92672");
pub(crate) const PANEL: Rgb = hex("#272822");

/// The world cell at the view's top-left: the view centres on `focus` but stops at the
/// world's edges (seed 000's scroll clamping); a world smaller than the view sits at 0.
pub fn scroll(focus: Point, world_w: i32, world_h: i32) -> (i32, i32) {
    let sx = (focus.x - VIEW_WIDTH / 2).min(world_w - VIEW_WIDTH).max(0);
    let sy = (focus.y - VIEW_HEIGHT / 2)
        .min(world_h - VIEW_HEIGHT)
        .max(0);
    (sx, sy)
}

/// The CSS size (width, height) at which a canvas of `px_w` x `px_h` pixels shows crisply in
/// `avail_w` x `avail_h` CSS pixels: each canvas pixel becomes a whole number (at least 1) of
/// device pixels, the largest that fits.
pub fn css_size(avail_w: f64, avail_h: f64, dpr: f64, px_w: f64, px_h: f64) -> (f64, f64) {
    let dpr = if dpr.is_finite() && dpr > 0.0 {
        dpr
    } else {
        1.0
    };
    let k = ((avail_w * dpr / px_w).min(avail_h * dpr / px_h)).floor();
    let k = if k.is_finite() { k.max(1.0) } else { 1.0 };
    (px_w * k / dpr, px_h * k / dpr)
}

/// The whole screen for the game's current state.
pub fn compose(game: &Game) -> Frame {
    let mut f = Frame::new(COLS as usize, ROWS as usize);
    match game.screen() {
        Screen::Start => screens::start(&mut f, game),
        Screen::Help => screens::help(&mut f),
        Screen::Won => screens::end(&mut f, game, "YOU WIN", ACCENT),
        Screen::Lost => screens::end(&mut f, game, "GAME OVER", WARN),
        Screen::Play => {
            map::draw(&mut f, game);
            panels::sidebar(&mut f, game);
            panels::log(&mut f, game);
        }
    }
    if !game.focused() {
        let note = " Keyboard focus lost: click the game to play ";
        let x = (COLS - note.len() as i32) / 2;
        f.text(x, 0, note, BLACK, TITLE);
    }
    f
}

/// The world point shown at screen cell (`col`, `row`), if that cell is in the map view.
pub fn world_at(game: &Game, col: i32, row: i32) -> Option<Point> {
    let p = game.player();
    let world = game.world();
    let (sx, sy) = scroll(p, world.width(), world.height());
    let (vx, vy) = (col - SIDEBAR_WIDTH, row);
    let inside = (0..VIEW_WIDTH).contains(&vx) && (0..VIEW_HEIGHT).contains(&vy);
    let at = Point::new(sx + vx, sy + vy, p.z);
    (inside && world.contains(at)).then_some(at)
}

/// The screen cell under a CSS pixel position on a canvas shown at `css_w` x `css_h`.
pub fn cell_at(css_x: f64, css_y: f64, css_w: f64, css_h: f64) -> Option<(i32, i32)> {
    if !(css_w > 0.0 && css_h > 0.0 && css_x >= 0.0 && css_y >= 0.0) {
        return None;
    }
    let col = (css_x * f64::from(COLS) / css_w).floor() as i32;
    let row = (css_y * f64::from(ROWS) / css_h).floor() as i32;
    (col < COLS && row < ROWS).then_some((col, row))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_follows_the_player_and_stops_at_edges() {
        assert_eq!(scroll(Point::new(0, 0, 0), 100, 60), (0, 0));
        assert_eq!(scroll(Point::new(50, 30, 0), 100, 60), (19, 9));
        assert_eq!(scroll(Point::new(99, 59, 0), 100, 60), (38, 18));
        assert_eq!(scroll(Point::new(5, 5, 0), 10, 10), (0, 0));
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
}
