//! Composes what the player sees into a `Frame`: the screen on top draws itself
//! (`app/screens/`), from the parts here (the map view, the sidebar and log panels, page text);
//! then the palette and the focus note. Pure: the same app gives the same frame.

#[cfg(test)]
mod fit;
pub(crate) mod map;
pub(crate) mod page;
pub(crate) mod panels;
pub(crate) mod scene;

use crate::app::App;
use crate::view::colour::{BLACK, TITLE};
use crate::view::frame::Frame;

pub use crate::app::keys::KEYS;

/// The whole screen for the app's current state.
pub fn compose(app: &App) -> Frame {
    let layout = app.layout();
    let mut f = Frame::new(layout.cols as usize, layout.rows as usize);
    app.draw(&mut f);
    let palette = app.palette();
    if palette != crate::view::colour::Palette::Standard {
        f.recolour(|c| palette.map(c));
    }
    if !app.focused() {
        let note = " Keyboard focus lost: click the game to play ";
        let x = (layout.cols - note.len() as i32) / 2;
        f.text(x, 0, note, BLACK, TITLE);
    }
    f
}
