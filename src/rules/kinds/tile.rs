//! Terrain kinds. Each has a fixed one-byte code (its saved form) and its look and behaviour
//! in the cyclopedia.

use crate::rules::kinds::cyclopedia::Entry;

/// The kinds of terrain a world is made of. The discriminants are the saved codes: never
/// reuse or renumber one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Tile {
    Floor = 0,
    Wall = 1,
    /// What the world answers for any place outside it.
    Bounds = 2,
    StairsUp = 3,
    StairsDown = 4,
    /// Environment features over the floor.
    Stalagmite = 5,
    Pool = 6,
    Fungus = 7,
    Rubble = 8,
}

impl Tile {
    pub const ALL: [Tile; 9] = [
        Tile::Floor,
        Tile::Wall,
        Tile::Bounds,
        Tile::StairsUp,
        Tile::StairsDown,
        Tile::Stalagmite,
        Tile::Pool,
        Tile::Fungus,
        Tile::Rubble,
    ];

    /// The saved code of this kind.
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The kind with saved code `code`, if any.
    pub fn from_code(code: u8) -> Option<Tile> {
        Tile::ALL.into_iter().find(|t| t.code() == code)
    }

    /// The cyclopedia entry of this tile kind: its look, name and behaviour.
    pub fn info(self) -> &'static Entry {
        crate::rules::kinds::cyclopedia::terrain(self)
    }

    /// Open tiles can be walked on (floor, stairs and the features that do not block).
    pub fn is_open(self) -> bool {
        self.info().walkable
    }

    /// Light and sight pass through.
    pub fn is_transparent(self) -> bool {
        self.info().transparent
    }

    pub const fn is_stairs(self) -> bool {
        matches!(self, Tile::StairsUp | Tile::StairsDown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_follows_the_design() {
        assert_eq!(Tile::Floor.info().glyph, 250);
        assert_eq!(Tile::Wall.info().glyph, 177);
        assert_eq!(Tile::Floor.info().fg, [0x75, 0x71, 0x5E]);
        assert_eq!(Tile::Floor.info().bg, [0x1E, 0x23, 0x20]);
        assert_eq!(Tile::Wall.info().bg, [0x3E, 0x3D, 0x32]);
        assert!(
            Tile::Floor.is_open() && !Tile::Wall.is_open() && !Tile::Stalagmite.is_transparent()
        );
    }

    #[test]
    fn codes_round_trip_and_are_pinned() {
        for t in Tile::ALL {
            assert_eq!(Tile::from_code(t.code()), Some(t));
        }
        // Saved worlds and records depend on these numbers never changing.
        assert_eq!(Tile::Floor.code(), 0);
        assert_eq!(Tile::StairsDown.code(), 4);
        assert_eq!(Tile::Rubble.code(), 8);
        assert_eq!(Tile::from_code(9), None);
    }

    #[test]
    fn dump_characters_are_distinct() {
        let mut chars: Vec<char> = Tile::ALL.iter().map(|t| t.info().dump).collect();
        chars.sort();
        chars.dedup();
        assert_eq!(chars.len(), Tile::ALL.len());
    }
}
