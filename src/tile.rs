//! Tile kinds and how they look and behave, kept as data in one table.

/// An RGB colour.
pub type Rgb = [u8; 3];

/// Parses `#RRGGBB` at compile time.
pub const fn hex(s: &str) -> Rgb {
    let b = s.as_bytes();
    const fn nib(c: u8) -> u8 {
        match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => panic!("bad hex digit"),
        }
    }
    [
        nib(b[1]) * 16 + nib(b[2]),
        nib(b[3]) * 16 + nib(b[4]),
        nib(b[5]) * 16 + nib(b[6]),
    ]
}

use crate::cyclopedia::{Entry, ENTRIES};

/// The kinds of terrain a world is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Tile {
    Floor,
    Wall,
    /// What the world answers for any place outside it.
    Bounds,
    StairsUp,
    StairsDown,
    /// Environment features over the floor (seed 004's pillars, holes and wells, for caves).
    Stalagmite,
    Pool,
    Fungus,
    Rubble,
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

    /// The cyclopedia entry of this tile kind: its look, name and behaviour.
    pub fn info(self) -> &'static Entry {
        &ENTRIES[self as usize]
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
    }

    #[test]
    fn tiles_and_cyclopedia_rows_line_up() {
        for t in Tile::ALL {
            assert_eq!(ENTRIES[t as usize].name, t.info().name);
        }
        assert!(
            Tile::Floor.is_open() && !Tile::Wall.is_open() && !Tile::Stalagmite.is_transparent()
        );
    }

    #[test]
    fn dump_characters_are_distinct() {
        let mut chars: Vec<char> = Tile::ALL.iter().map(|t| t.info().dump).collect();
        chars.sort();
        chars.dedup();
        assert_eq!(chars.len(), Tile::ALL.len());
    }
}
