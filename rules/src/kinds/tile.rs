//! Terrain kinds. Each has a fixed one-byte code (its saved form), a name, a character in
//! text dumps and ASCII maps, and whether it can be walked on and seen through.

use crate::kinds::coded::coded_kinds;

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
        /// Doors in narrow passages: a closed one blocks walking, sight and light until a
        /// hand opens it; an open one is passed and seen through.
        DoorClosed = 9,
        DoorOpen = 10,
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

    /// What the rules know of this kind, by an exhaustive `match`.
    const fn terrain(self) -> &'static Terrain {
        match self {
            Tile::Floor => &const { Terrain::new("cave floor", '.', OPEN) },
            Tile::Wall => &const { Terrain::new("cave wall", '#', SOLID) },
            Tile::Bounds => &const { Terrain::new("solid rock", ' ', SOLID) },
            Tile::StairsUp => &const { Terrain::new("stairs up", '<', OPEN) },
            Tile::StairsDown => &const { Terrain::new("stairs down", '>', OPEN) },
            Tile::Stalagmite => &const { Terrain::new("stalagmite", 'S', SOLID) },
            Tile::Pool => &const { Terrain::new("deep pool", 'P', (false, true)) },
            Tile::Fungus => &const { Terrain::new("glowing fungus", 'f', OPEN) },
            Tile::Rubble => &const { Terrain::new("rubble", 'r', OPEN) },
            Tile::DoorClosed => &const { Terrain::new("closed door", '+', SOLID) },
            Tile::DoorOpen => &const { Terrain::new("open door", '\'', OPEN) },
        }
    }

    /// What the log and the screen call this kind ("cave floor").
    pub const fn name(self) -> &'static str {
        self.terrain().name
    }

    /// This kind's character in text dumps and ASCII maps (`World::dump`, `World::from_text`):
    /// a capital letter for a feature that blocks the way, a small one for one that does not.
    pub const fn dump(self) -> char {
        self.terrain().dump
    }

    /// Open tiles can be walked on (floor, stairs and the features that do not block).
    pub const fn is_open(self) -> bool {
        self.terrain().walkable
    }

    /// Light and sight pass through.
    pub const fn is_transparent(self) -> bool {
        self.terrain().transparent
    }

    /// Open, or a closed door: a player (or a creature with hands) gets through it, by
    /// walking into it to open it first.
    pub const fn is_passable(self) -> bool {
        self.is_open() || matches!(self, Tile::DoorClosed)
    }

    pub const fn is_door(self) -> bool {
        matches!(self, Tile::DoorClosed | Tile::DoorOpen)
    }

    pub const fn is_stairs(self) -> bool {
        matches!(self, Tile::StairsUp | Tile::StairsDown)
    }
}

/// The rules' data of a terrain kind.
struct Terrain {
    name: &'static str,
    dump: char,
    walkable: bool,
    transparent: bool,
}

/// (walkable, transparent) of open ground and of solid rock.
const OPEN: (bool, bool) = (true, true);
const SOLID: (bool, bool) = (false, false);

impl Terrain {
    const fn new(name: &'static str, dump: char, (walkable, transparent): (bool, bool)) -> Self {
        Terrain {
            name,
            dump,
            walkable,
            transparent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_is_open_and_walls_and_spikes_block() {
        assert!(
            Tile::Floor.is_open() && !Tile::Wall.is_open() && !Tile::Stalagmite.is_transparent()
        );
        assert!(!Tile::Pool.is_open() && Tile::Pool.is_transparent());
        assert_eq!(Tile::Wall.name(), "cave wall");
        assert!(!Tile::DoorClosed.is_open() && !Tile::DoorClosed.is_transparent());
        assert!(Tile::DoorClosed.is_passable() && !Tile::Wall.is_passable());
        assert!(Tile::DoorOpen.is_open() && Tile::DoorOpen.is_transparent());
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
        assert_eq!(Tile::DoorClosed.code(), 9);
        assert_eq!(Tile::DoorOpen.code(), 10);
        assert_eq!(Tile::from_code(11), None);
    }

    #[test]
    fn dump_characters_are_distinct() {
        let mut chars: Vec<char> = Tile::ALL.iter().map(|t| t.dump()).collect();
        chars.sort();
        chars.dedup();
        assert_eq!(chars.len(), Tile::ALL.len());
    }

    #[test]
    fn dump_letters_tell_blocking_features_apart() {
        for t in Tile::ALL {
            if t.dump().is_ascii_alphabetic() {
                assert_eq!(t.dump().is_ascii_uppercase(), !t.is_open(), "{}", t.name());
            }
        }
    }

    #[test]
    fn all_lists_every_code_in_order_without_gaps() {
        for (i, k) in Tile::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(k.code()), i, "{k:?}");
        }
        assert_eq!(Tile::from_code(Tile::ALL.len() as u8), None);
    }
}
