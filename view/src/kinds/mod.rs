//! How every kind of thing in the caves shows on screen: its look (a CP437 glyph in a colour
//! on a background) and the cyclopedia's description of it, one file per family (terrain,
//! creatures, items with the looks of unknown potions and scrolls, the player). Each is an
//! exhaustive `match` over the rules' kind enum, so a kind added to the rules does not build
//! until it has a look here. Names stay with the rules, which write them in the log.

pub mod creature;
pub mod cyclopedia;
pub mod item;
pub mod player;
pub mod tile;

use crate::colour::{hex, Rgb};

/// How a thing is drawn in a cell of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// CP437 code of the glyph.
    pub glyph: u8,
    pub fg: Rgb,
    pub bg: Rgb,
}

/// The background of the cave floor, which creatures, items and the player stand on.
pub const FLOOR_BG: Rgb = hex("#1E2320");

impl Look {
    /// Something on the floor (a creature, an item, the player): `glyph` in `fg`.
    pub const fn on_floor(glyph: u8, fg: Rgb) -> Look {
        Look {
            glyph,
            fg,
            bg: FLOOR_BG,
        }
    }
}

/// How one kind shows: its look and the cyclopedia's words on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Showing {
    pub look: Look,
    /// Shown in look mode and read aloud.
    pub description: &'static str,
}

/// Something on the floor in the families' tables (a creature, an item): `glyph` in the
/// colour `fg` (`#RRGGBB`).
const fn on(glyph: u8, fg: &str) -> Look {
    Look::on_floor(glyph, hex(fg))
}

/// A `Showing` of the families' tables.
const fn show(look: Look, description: &'static str) -> Showing {
    Showing { look, description }
}

/// A kind as the screen shows it: its look and its description (its name is the rules').
pub trait Shown: Copy {
    /// Its look and description, made at compile time: each family's exhaustive `match`
    /// answers a reference to a constant, so drawing a cell builds and parses nothing.
    fn showing(self) -> &'static Showing;

    /// How it is drawn.
    fn look(self) -> &'static Look {
        &self.showing().look
    }

    /// The cyclopedia's words on it, shown in look mode.
    fn description(self) -> &'static str {
        self.showing().description
    }
}
