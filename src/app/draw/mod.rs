//! Composes what the player sees into a `Frame`: a sidebar on the left, a "Log" box at the
//! bottom right, and the map view in the rest (sizes from the `Layout`). Pure: the same app
//! gives the same frame.

#[cfg(test)]
mod fit;
mod inventory;
mod map;
mod overview;
pub(in crate::app) mod panels;
pub(in crate::app) mod screens;

use crate::app::{App, Screen};
use crate::view::colour::{BLACK, TITLE};
use crate::view::frame::Frame;

pub use screens::KEYS;

/// The whole screen for the app's current state.
pub fn compose(app: &App) -> Frame {
    let layout = app.layout();
    let mut f = Frame::new(layout.cols as usize, layout.rows as usize);
    match (app.screen(), app.state()) {
        (Screen::Start, _) => screens::start(&mut f, app),
        (Screen::Help, _) => screens::help(&mut f, app),
        (Screen::Ended, Some(state)) => screens::end(&mut f, app, state),
        (Screen::Overview, Some(state)) => overview::draw(&mut f, app, state),
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
