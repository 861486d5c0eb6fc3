//! The cyclopedia: one definition for every kind of thing in the caves (terrain and features,
//! creatures, items and the player), each with its glyph, colours, name and description.
//! Every family is an enum and finds its entry by an exhaustive `match`, so adding a kind
//! cannot shift another kind's identity.

use crate::rules::kinds::creature::Creature;
use crate::rules::kinds::item::Item;
use crate::rules::kinds::rgb::{hex, Rgb};
use crate::rules::kinds::tile::Tile;

/// Fighting numbers of a creature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    pub hp: i32,
    pub attack: i32,
    pub defence: i32,
    /// The first level (from 1) where it lives.
    pub from_level: i32,
}

/// What an item does when used, wielded or worn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The idol: no use but to carry it out.
    Treasure,
    /// Restores this many hit points.
    Heal(i32),
    /// Raises attack for good.
    Strength(i32),
    /// Wielded: adds to attack.
    Weapon(i32),
    /// Worn: adds to defence.
    Armour(i32),
    /// Maps the caves within this many cells.
    Light(i32),
    /// Moves the reader to a random floor cell of the level.
    Teleport,
}

/// An item kind's rules: its effect, the first level (from 1) where it lies, and how often it
/// is chosen there (weights; 0 = never placed at random).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemData {
    pub effect: Effect,
    pub from_level: i32,
    pub weight: u32,
}

/// How a creature kind behaves beyond hunting what it sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Behaviour {
    /// Flutters: half of its turns it moves at random instead.
    pub erratic: bool,
    /// Up to this many more of its kind are placed around it.
    pub pack: u32,
    /// Runs away while its hit points are at or below this percentage of full.
    pub flee_below: i32,
    /// Acts only on every other turn.
    pub slow: bool,
    /// Chance in percent that it leaves an item when killed.
    pub drops: u32,
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
    /// Creatures only.
    pub behaviour: Option<Behaviour>,
    /// Items only.
    pub item: Option<ItemData>,
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
        behaviour: None,
        item: None,
    }
}

const fn creature_entry(
    name: &'static str,
    (glyph, fg): (u8, Rgb),
    stats: Stats,
    behaviour: Behaviour,
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
        behaviour: Some(behaviour),
        item: None,
    }
}

/// An item entry: `look` is (glyph, fg, dump character).
const fn item_entry(
    name: &'static str,
    (glyph, fg, dump): (u8, Rgb, char),
    item: ItemData,
    description: &'static str,
) -> Entry {
    Entry {
        name,
        glyph,
        fg,
        bg: FLOOR_BG,
        description,
        dump,
        walkable: true,
        transparent: true,
        stats: None,
        behaviour: None,
        item: Some(item),
    }
}

const fn data(effect: Effect, from_level: i32, weight: u32) -> ItemData {
    ItemData {
        effect,
        from_level,
        weight,
    }
}

/// Behaviour: (erratic, pack, flee_below, slow, drops).
const fn kind(erratic: bool, pack: u32, flee_below: i32, slow: bool, drops: u32) -> Behaviour {
    Behaviour {
        erratic,
        pack,
        flee_below,
        slow,
        drops,
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
    pub static PLAYER: Entry = Entry { name: "you", glyph: b'@', fg: hex("#FFFFFF"), bg: FLOOR_BG, description: "A treasure hunter with a torch.", dump: ' ', walkable: false, transparent: true, stats: Some(stats(30, 5, 2, 1)), behaviour: None, item: None };
    pub static BAT: Entry = creature_entry("cave bat", (b'b', hex("#AE81FF")), stats(3, 2, 0, 1), kind(true, 0, 0, false, 0), "A fluttering bat; more noise than bite. It flits about at random half the time.");
    pub static RAT: Entry = creature_entry("giant rat", (b'r', hex("#C4A484")), stats(5, 3, 0, 1), kind(false, 2, 0, false, 0), "A rat the size of a dog, always hungry. Rats come in packs of up to three.");
    pub static GOBLIN: Entry = creature_entry("goblin", (b'g', hex("#A6E22E")), stats(7, 4, 1, 1), kind(false, 0, 30, false, 30), "A small, cunning cave dweller with a rusty knife. It flees when badly hurt.");
    pub static ORC: Entry = creature_entry("orc", (b'o', hex("#FD971F")), stats(14, 9, 2, 2), kind(false, 0, 0, true, 40), "A brutish warrior: slow, but every blow is heavy.");
    pub static BUGBEAR: Entry = creature_entry("bugbear", (b'B', hex("#F92672")), stats(22, 12, 3, 4), kind(false, 0, 0, true, 60), "A huge hairy goblin-kin that strikes hard and slowly.");
    pub static IDOL: Entry = item_entry("golden idol", (b'$', hex("#FFD700"), '*'), data(Effect::Treasure, 99, 0), "The treasure you came for. Carry it out to win.");
    pub static HEALING: Entry = item_entry("potion of healing", (b'!', hex("#F92672"), '!'), data(Effect::Heal(15), 1, 30), "A red draught that closes wounds: 15 hit points.");
    pub static STRENGTH: Entry = item_entry("potion of strength", (b'!', hex("#FD971F"), '!'), data(Effect::Strength(1), 2, 8), "A bitter orange brew: one more point of attack, for good.");
    pub static DAGGER: Entry = item_entry("dagger", (b')', hex("#C0C0C0"), ')'), data(Effect::Weapon(2), 1, 10), "A short blade. Wielded: attack +2.");
    pub static SWORD: Entry = item_entry("sword", (b')', hex("#E6E6FA"), ')'), data(Effect::Weapon(4), 2, 8), "A long straight blade. Wielded: attack +4.");
    pub static AXE: Entry = item_entry("battle axe", (b')', hex("#FFD580"), ')'), data(Effect::Weapon(6), 4, 6), "A heavy double-bladed axe. Wielded: attack +6.");
    pub static LEATHER: Entry = item_entry("leather armour", (b'[', hex("#C4A484"), '['), data(Effect::Armour(1), 1, 10), "Stiff boiled leather. Worn: defence +1.");
    pub static MAIL: Entry = item_entry("chain mail", (b'[', hex("#C0C0C0"), '['), data(Effect::Armour(3), 3, 7), "Rings of iron. Worn: defence +3.");
    pub static LIGHT: Entry = item_entry("scroll of light", (b'?', hex("#FFFF99"), '?'), data(Effect::Light(20), 1, 10), "Read it and a flash shows the caves within 20 cells.");
    pub static TELEPORT: Entry = item_entry("scroll of teleport", (b'?', hex("#66D9EF"), '?'), data(Effect::Teleport, 2, 8), "Read it to vanish and reappear somewhere else on this level.");
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
    use table::*;
    match i {
        Item::Idol => &IDOL,
        Item::HealingPotion => &HEALING,
        Item::StrengthPotion => &STRENGTH,
        Item::Dagger => &DAGGER,
        Item::Sword => &SWORD,
        Item::Axe => &AXE,
        Item::Leather => &LEATHER,
        Item::Mail => &MAIL,
        Item::LightScroll => &LIGHT,
        Item::TeleportScroll => &TELEPORT,
    }
}

/// The rules of an item kind.
pub fn item_data(i: Item) -> ItemData {
    item(i).item.unwrap_or(data(Effect::Treasure, 99, 0))
}

/// The character of an item kind in text dumps: `!` potion, `)` weapon, `[` armour, `?`
/// scroll, `*` the idol.
pub fn item_char(i: Item) -> char {
    item(i).dump
}

/// How a creature kind behaves.
pub fn behaviour(c: Creature) -> Behaviour {
    creature(c).behaviour.unwrap_or(kind(false, 0, 0, false, 0))
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
