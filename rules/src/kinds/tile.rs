//! Terrain kinds. Each has a fixed one-byte code (its saved form) and its cyclopedia entry:
//! its look, name, description and whether it can be walked and seen through.

use crate::kinds::coded::coded_kinds;
use crate::kinds::entry::{Entry, FLOOR_BG};
use crate::kinds::rgb::{hex, Rgb};

coded_kinds! {
    /// The kinds of terrain a world is made of. The discriminants are the saved codes: never
    /// reuse or renumber one.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
}

impl Tile {
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
        use table::*;
        match self {
            Tile::Floor => &FLOOR,
            Tile::Wall => &WALL,
            Tile::Bounds => &BOUNDS,
            Tile::StairsUp => &STAIRS_UP,
            Tile::StairsDown => &STAIRS_DOWN,
            Tile::Stalagmite => &STALAGMITE,
            Tile::Pool => &POOL,
            Tile::Fungus => &FUNGUS,
            Tile::Rubble => &RUBBLE,
        }
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

const STONE: Rgb = hex("#75715E");

#[rustfmt::skip]
mod table {
    use super::*;
    pub static FLOOR: Entry = Entry::terrain("cave floor", (250, STONE, FLOOR_BG), '.', (true, true), "Bare rock worn smooth by water long gone.");
    pub static WALL: Entry = Entry::terrain("cave wall", (177, STONE, hex("#3E3D32")), '#', (false, false), "Solid rock.");
    pub static BOUNDS: Entry = Entry::terrain("solid rock", (b' ', [0, 0, 0], [0, 0, 0]), ' ', (false, false), "The edge of the world.");
    pub static STAIRS_UP: Entry = Entry::terrain("stairs up", (b'<', hex("#F8F8F2"), FLOOR_BG), '<', (true, true), "Rough steps climbing to the level above.");
    pub static STAIRS_DOWN: Entry = Entry::terrain("stairs down", (b'>', hex("#F8F8F2"), FLOOR_BG), '>', (true, true), "Rough steps leading down into the dark.");
    pub static STALAGMITE: Entry = Entry::terrain("stalagmite", (30, hex("#A89F7A"), FLOOR_BG), 'S', (false, false), "A tall spike of dripstone; it blocks the way and the view.");
    pub static POOL: Entry = Entry::terrain("deep pool", (247, hex("#66D9EF"), hex("#1B3A4B")), 'P', (false, true), "Black water, too deep to wade. You can see across it.");
    pub static FUNGUS: Entry = Entry::terrain("glowing fungus", (5, hex("#A6E22E"), FLOOR_BG), 'f', (true, true), "Pale caps that shine: they light the cells around them in green, torch or no torch. Harmless underfoot.");
    pub static RUBBLE: Entry = Entry::terrain("rubble", (44, hex("#9E9A85"), FLOOR_BG), 'r', (true, true), "Loose stones fallen from the ceiling.");
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

    #[test]
    fn all_lists_every_code_in_order_without_gaps() {
        for (i, k) in Tile::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(k.code()), i, "{k:?}");
        }
        assert_eq!(Tile::from_code(Tile::ALL.len() as u8), None);
    }
}
