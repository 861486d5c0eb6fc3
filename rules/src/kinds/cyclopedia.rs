//! The cyclopedia: the index of every kind of thing in the caves (terrain and features,
//! creatures, items and the player). Each kind keeps its own entry (`Tile::info`,
//! `Creature::info`, `Item::info`, `player::entry`); this only lists and finds them.

use crate::kinds::creature::Creature;
use crate::kinds::entry::Entry;
use crate::kinds::item::Item;
use crate::kinds::player;
use crate::kinds::tile::Tile;

/// Every entry, family by family.
pub fn all() -> impl Iterator<Item = &'static Entry> {
    Tile::ALL
        .into_iter()
        .map(Tile::info)
        .chain(Creature::ALL.into_iter().map(Creature::info))
        .chain(Item::ALL.into_iter().map(Item::info))
        .chain(std::iter::once(player::entry()))
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
    fn creatures_block_the_way_and_not_the_view() {
        for c in Creature::ALL {
            assert!(!c.info().walkable && c.info().transparent, "{}", c.name());
        }
        assert!(!player::entry().walkable);
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
