//! The cyclopedia: one definition for every kind of thing in the caves (terrain and features,
//! creatures, items and the player), each with its glyph, colours, name and description.
//! Every family is an enum and finds its entry by an exhaustive `match`, so adding a kind
//! cannot shift another kind's identity.

use crate::colour::{hex, Rgb};
use crate::creature::Creature;
use crate::item::Item;
use crate::tile::Tile;

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
    /// Creatures and the player only.
    pub stats: Option<Stats>,
}

const FLOOR_BG: Rgb = hex("#1E2320");
const STONE: Rgb = hex("#75715E");

/// A terrain entry: `look` is (glyph, fg, bg); `passable` is (walkable, transparent).
const fn terrain_entry(
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

const fn creature_entry(
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

#[rustfmt::skip]
mod table {
    use super::*;
    pub static FLOOR: Entry = terrain_entry("cave floor", (250, STONE, FLOOR_BG), '.', (true, true), "Bare rock worn smooth by water long gone.");
    pub static WALL: Entry = terrain_entry("cave wall", (177, STONE, hex("#3E3D32")), '#', (false, false), "Solid rock.");
    pub static BOUNDS: Entry = terrain_entry("solid rock", (b' ', [0, 0, 0], [0, 0, 0]), ' ', (false, false), "The edge of the world.");
    pub static STAIRS_UP: Entry = terrain_entry("stairs up", (b'<', hex("#F8F8F2"), FLOOR_BG), '<', (true, true), "Rough steps climbing to the level above.");
    pub static STAIRS_DOWN: Entry = terrain_entry("stairs down", (b'>', hex("#F8F8F2"), FLOOR_BG), '>', (true, true), "Rough steps leading down into the dark.");
    pub static STALAGMITE: Entry = terrain_entry("stalagmite", (30, hex("#A89F7A"), FLOOR_BG), 'S', (false, false), "A tall spike of dripstone; it blocks the way and the view.");
    pub static POOL: Entry = terrain_entry("deep pool", (247, hex("#66D9EF"), hex("#1B3A4B")), 'P', (false, true), "Black water, too deep to wade. You can see across it.");
    pub static FUNGUS: Entry = terrain_entry("glowing fungus", (5, hex("#A6E22E"), FLOOR_BG), 'f', (true, true), "Pale caps that shine faintly. Harmless underfoot.");
    pub static RUBBLE: Entry = terrain_entry("rubble", (44, hex("#9E9A85"), FLOOR_BG), 'r', (true, true), "Loose stones fallen from the ceiling.");
    pub static PLAYER: Entry = Entry { name: "you", glyph: b'@', fg: hex("#FFFFFF"), bg: FLOOR_BG, description: "A treasure hunter with a torch.", dump: ' ', walkable: false, transparent: true, stats: Some(stats(30, 5, 2, 1)) };
    pub static IDOL: Entry = Entry { name: "golden idol", glyph: b'$', fg: hex("#FFD700"), bg: FLOOR_BG, description: "The treasure you came for. Carry it out to win.", dump: ' ', walkable: true, transparent: true, stats: None };
    pub static BAT: Entry = creature_entry("cave bat", b'b', hex("#AE81FF"), stats(3, 2, 0, 1), "A fluttering bat; more noise than bite.");
    pub static RAT: Entry = creature_entry("giant rat", b'r', hex("#C4A484"), stats(5, 3, 0, 1), "A rat the size of a dog, always hungry.");
    pub static GOBLIN: Entry = creature_entry("goblin", b'g', hex("#A6E22E"), stats(7, 4, 1, 1), "A small, cunning cave dweller with a rusty knife.");
    pub static ORC: Entry = creature_entry("orc", b'o', hex("#FD971F"), stats(12, 6, 2, 2), "A brutish warrior who hunts by smell.");
    pub static BUGBEAR: Entry = creature_entry("bugbear", b'B', hex("#F92672"), stats(20, 8, 3, 4), "A huge hairy goblin-kin that strikes hard.");
}

/// The entry of a terrain kind.
pub fn terrain(t: Tile) -> &'static Entry {
    use table::*;
    match t {
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

/// The entry of a creature kind.
pub fn creature(c: Creature) -> &'static Entry {
    use table::*;
    match c {
        Creature::Bat => &BAT,
        Creature::Rat => &RAT,
        Creature::Goblin => &GOBLIN,
        Creature::Orc => &ORC,
        Creature::Bugbear => &BUGBEAR,
    }
}

/// The fighting numbers of a creature kind.
pub fn creature_stats(c: Creature) -> Stats {
    creature(c).stats.unwrap_or(stats(1, 0, 0, 1))
}

/// The entry of an item kind.
pub fn item(i: Item) -> &'static Entry {
    match i {
        Item::Idol => &table::IDOL,
    }
}

/// The player's entry.
pub fn player() -> &'static Entry {
    &table::PLAYER
}

/// The player's fighting numbers.
pub fn player_stats() -> Stats {
    player().stats.unwrap_or(stats(1, 0, 0, 1))
}

/// Every entry, family by family.
pub fn all() -> impl Iterator<Item = &'static Entry> {
    Tile::ALL
        .into_iter()
        .map(terrain)
        .chain(Creature::ALL.into_iter().map(creature))
        .chain(Item::ALL.into_iter().map(item))
        .chain(std::iter::once(player()))
}

/// The entry called `name`.
pub fn by_name(name: &str) -> Option<&'static Entry> {
    all().find(|e| e.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_entry_found_by_name() {
        let entries: Vec<&Entry> = all().collect();
        for (i, e) in entries.iter().enumerate() {
            assert_eq!(by_name(e.name), Some(*e));
            assert!(
                entries[i + 1..].iter().all(|o| o.name != e.name),
                "{} is defined twice",
                e.name
            );
            assert!(!e.description.is_empty(), "{}", e.name);
        }
        assert_eq!(by_name("dragon"), None);
    }

    #[test]
    fn creatures_fight_and_terrain_does_not() {
        for c in Creature::ALL {
            let s = c.stats();
            assert!(s.hp > 0 && s.attack > 0, "{}", c.name());
            assert!(!c.info().walkable);
        }
        for t in Tile::ALL {
            assert_eq!(t.info().stats, None, "{}", t.info().name);
        }
        assert_eq!(player_stats().hp, 30);
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
