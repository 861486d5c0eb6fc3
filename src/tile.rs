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
}

/// How a tile kind looks and behaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileInfo {
    pub name: &'static str,
    /// CP437 code of the glyph drawn on the canvas.
    pub glyph: u8,
    /// Character used in text dumps.
    pub dump: char,
    pub fg: Rgb,
    pub bg: Rgb,
    pub walkable: bool,
    pub transparent: bool,
}

const FLOOR_BG: Rgb = hex("#1E2320");
const STONE_FG: Rgb = hex("#75715E");

impl Tile {
    pub const ALL: [Tile; 5] = [
        Tile::Floor,
        Tile::Wall,
        Tile::Bounds,
        Tile::StairsUp,
        Tile::StairsDown,
    ];

    /// The look and behaviour of this tile kind.
    pub const fn info(self) -> TileInfo {
        match self {
            Tile::Floor => TileInfo {
                name: "cave floor",
                glyph: 250,
                dump: '.',
                fg: STONE_FG,
                bg: FLOOR_BG,
                walkable: true,
                transparent: true,
            },
            Tile::Wall => TileInfo {
                name: "cave wall",
                glyph: 177,
                dump: '#',
                fg: STONE_FG,
                bg: hex("#3E3D32"),
                walkable: false,
                transparent: false,
            },
            Tile::Bounds => TileInfo {
                name: "solid rock",
                glyph: b' ',
                dump: ' ',
                fg: [0, 0, 0],
                bg: [0, 0, 0],
                walkable: false,
                transparent: false,
            },
            Tile::StairsUp => TileInfo {
                name: "stairs up",
                glyph: b'<',
                dump: '<',
                fg: hex("#F8F8F2"),
                bg: FLOOR_BG,
                walkable: true,
                transparent: true,
            },
            Tile::StairsDown => TileInfo {
                name: "stairs down",
                glyph: b'>',
                dump: '>',
                fg: hex("#F8F8F2"),
                bg: FLOOR_BG,
                walkable: true,
                transparent: true,
            },
        }
    }

    /// Open tiles can be walked on (floor and stairs).
    pub const fn is_open(self) -> bool {
        self.info().walkable
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
    fn dump_characters_are_distinct() {
        let mut chars: Vec<char> = Tile::ALL.iter().map(|t| t.info().dump).collect();
        chars.sort();
        chars.dedup();
        assert_eq!(chars.len(), Tile::ALL.len());
    }
}
