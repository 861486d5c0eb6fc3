//! The cyclopedia (seed 004): one table with every kind of thing in the caves: terrain,
//! features, creatures and the treasure. Everything is drawn and described from here, and
//! looked up by id (its row) or by name.

use crate::tile::{hex, Rgb};

/// Fighting numbers of a creature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    pub hp: i32,
    pub attack: i32,
    pub defence: i32,
    /// The first level (from 1) where it lives.
    pub from_level: i32,
}

/// One definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: &'static str,
    /// CP437 code of the glyph.
    pub glyph: u8,
    pub fg: Rgb,
    pub bg: Rgb,
    pub description: &'static str,
    /// Character in text dumps (terrain and features only).
    pub dump: char,
    pub walkable: bool,
    pub transparent: bool,
    /// Creatures only.
    pub stats: Option<Stats>,
}

const FLOOR_BG: Rgb = hex("#1E2320");
const STONE: Rgb = hex("#75715E");

/// A terrain row: `look` is (glyph, fg, bg); `passable` is (walkable, transparent).
const fn terrain(
    name: &'static str,
    look: (u8, Rgb, Rgb),
    dump: char,
    passable: (bool, bool),
    description: &'static str,
) -> Entry {
    let (glyph, fg, bg) = look;
    let (walkable, transparent) = passable;
    Entry {
        name,
        glyph,
        fg,
        bg,
        description,
        dump,
        walkable,
        transparent,
        stats: None,
    }
}

const fn creature(
    name: &'static str,
    glyph: u8,
    fg: Rgb,
    stats: Stats,
    description: &'static str,
) -> Entry {
    Entry {
        name,
        glyph,
        fg,
        bg: FLOOR_BG,
        description,
        dump: ' ',
        walkable: false,
        transparent: true,
        stats: Some(stats),
    }
}

const fn stats(hp: i32, attack: i32, defence: i32, from_level: i32) -> Stats {
    Stats {
        hp,
        attack,
        defence,
        from_level,
    }
}

/// Every definition. The first rows are the terrain kinds in the order of `Tile`.
#[rustfmt::skip]
pub static ENTRIES: [Entry; 16] = [
    terrain("cave floor", (250, STONE, FLOOR_BG), '.', (true, true), "Bare rock worn smooth by water long gone."),
    terrain("cave wall", (177, STONE, hex("#3E3D32")), '#', (false, false), "Solid rock."),
    terrain("solid rock", (b' ', [0, 0, 0], [0, 0, 0]), ' ', (false, false), "The edge of the world."),
    terrain("stairs up", (b'<', hex("#F8F8F2"), FLOOR_BG), '<', (true, true), "Rough steps climbing to the level above."),
    terrain("stairs down", (b'>', hex("#F8F8F2"), FLOOR_BG), '>', (true, true), "Rough steps leading down into the dark."),
    terrain("stalagmite", (30, hex("#A89F7A"), FLOOR_BG), 'S', (false, false), "A tall spike of dripstone; it blocks the way and the view."),
    terrain("deep pool", (247, hex("#66D9EF"), hex("#1B3A4B")), 'P', (false, true), "Black water, too deep to wade. You can see across it."),
    terrain("glowing fungus", (5, hex("#A6E22E"), FLOOR_BG), 'f', (true, true), "Pale caps that shine faintly. Harmless underfoot."),
    terrain("rubble", (44, hex("#9E9A85"), FLOOR_BG), 'r', (true, true), "Loose stones fallen from the ceiling."),
    Entry { name: "you", glyph: b'@', fg: hex("#FFFFFF"), bg: FLOOR_BG, description: "A treasure hunter with a torch.", dump: ' ', walkable: false, transparent: true, stats: Some(stats(30, 5, 2, 1)) },
    Entry { name: "golden idol", glyph: b'$', fg: hex("#FFD700"), bg: FLOOR_BG, description: "The treasure you came for. Carry it out to win.", dump: ' ', walkable: true, transparent: true, stats: None },
    creature("cave bat", b'b', hex("#AE81FF"), stats(3, 2, 0, 1), "A fluttering bat; more noise than bite."),
    creature("giant rat", b'r', hex("#C4A484"), stats(5, 3, 0, 1), "A rat the size of a dog, always hungry."),
    creature("goblin", b'g', hex("#A6E22E"), stats(7, 4, 1, 1), "A small, cunning cave dweller with a rusty knife."),
    creature("orc", b'o', hex("#FD971F"), stats(12, 6, 2, 2), "A brutish warrior who hunts by smell."),
    creature("bugbear", b'B', hex("#F92672"), stats(20, 8, 3, 4), "A huge hairy goblin-kin that strikes hard."),
];

/// The entry with row `id`.
pub fn by_id(id: usize) -> Option<&'static Entry> {
    ENTRIES.get(id)
}

/// The entry called `name`.
pub fn by_name(name: &str) -> Option<&'static Entry> {
    ENTRIES.iter().find(|e| e.name == name)
}

/// The id (row) of the entry called `name`.
pub fn id_of(name: &str) -> Option<usize> {
    ENTRIES.iter().position(|e| e.name == name)
}

/// Names the game itself asks for; a test resolves each of them.
pub const PLAYER: &str = "you";
pub const IDOL: &str = "golden idol";

/// An entry the code names; the table is fixed, so a miss is a programming error caught by
/// the cyclopedia tests.
pub fn named(name: &str) -> &'static Entry {
    by_name(name).unwrap_or(&ENTRIES[0])
}

/// Ids of every creature (all rows with stats, except the player).
pub fn creature_ids() -> impl Iterator<Item = usize> {
    (0..ENTRIES.len()).filter(|&i| ENTRIES[i].stats.is_some() && ENTRIES[i].name != PLAYER)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;

    #[test]
    fn every_name_the_code_uses_resolves() {
        for name in [PLAYER, IDOL] {
            assert!(by_name(name).is_some(), "{name}");
        }
        for t in Tile::ALL {
            assert_eq!(by_name(t.info().name), Some(t.info()));
        }
        assert!(creature_ids().count() >= 5);
    }

    #[test]
    fn lookups_by_id_and_name_agree_and_names_are_unique() {
        for (id, e) in ENTRIES.iter().enumerate() {
            assert_eq!(by_id(id), Some(e));
            assert_eq!(id_of(e.name), Some(id), "{} is listed twice", e.name);
        }
        assert_eq!(by_name("dragon"), None);
    }

    #[test]
    fn dump_letters_tell_blocking_features_apart() {
        for t in Tile::ALL {
            let e = t.info();
            if e.dump.is_ascii_alphabetic() {
                assert_eq!(e.dump.is_ascii_uppercase(), !e.walkable, "{}", e.name);
            }
        }
    }
}
