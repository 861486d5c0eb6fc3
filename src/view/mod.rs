//! Composes what the player sees into a `Frame`: a sidebar on the left, a "Log" box at the
//! bottom right, and the map view in the rest (sizes from the `Layout`). Pure: the same app
//! gives the same frame.

mod inventory;
mod map;
mod panels;
mod screens;

use crate::app::{App, Screen};
use crate::colour::{BLACK, TITLE};
use crate::frame::Frame;

pub use screens::KEYS;

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

/// The whole screen for the app's current state.
pub fn compose(app: &App) -> Frame {
    let layout = app.layout();
    let mut f = Frame::new(layout.cols as usize, layout.rows as usize);
    match (app.screen(), app.state()) {
        (Screen::Start, _) => screens::start(&mut f, app),
        (Screen::Help, _) => screens::help(&mut f, app),
        (Screen::Ended, Some(state)) => screens::end(&mut f, app, state),
        (Screen::Play | Screen::Replay | Screen::Inventory(_), Some(state)) => {
            map::draw(&mut f, app, state);
            if layout.is_portrait() {
                panels::status_bar(&mut f, app, state);
            } else {
                panels::sidebar(&mut f, app, state);
            }
            panels::log(&mut f, app, state);
            if let Screen::Inventory(pick) = app.screen() {
                inventory::draw(&mut f, app, state, pick);
            }
        }
        _ => screens::start(&mut f, app),
    }
    let palette = app.palette();
    if palette != crate::colour::Palette::Standard {
        f.recolour(|c| palette.map(c));
    }
    if !app.focused() {
        let note = " Keyboard focus lost: click the game to play ";
        let x = (layout.cols - note.len() as i32) / 2;
        f.text(x, 0, note, BLACK, TITLE);
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

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
