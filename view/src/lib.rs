//! The view: what any screen is drawn with. A `Frame` of glyph cells, the CP437 code page and
//! its 8x8 font, the interface colours, how every kind of thing looks and what the cyclopedia
//! says of it (`kinds`), how light shows on the map (`light`), the `Layout` chosen from the window, text wrapping, and the raster
//! that turns changed cells into pixels. It knows nothing of the game's screens; the app
//! composes those into a frame (`app::draw`).

pub mod colour;
pub mod cp437;
pub mod font;
pub mod frame;
pub mod kinds;
pub mod layout;
pub mod light;
pub mod raster;
pub mod wrap;
