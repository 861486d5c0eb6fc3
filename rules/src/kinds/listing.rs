//! Every kind in one list: its family, name, character in text dumps and the first level it
//! is found on. The `dump` example prints it (`--kinds`) and the cyclopedia page of the docs
//! is made from it.

use crate::builder::traps::SEEN_TRAP_LEVELS;
use crate::builder::WorldParams;
use crate::kinds::creature::Creature;
use crate::kinds::item::Item;
use crate::kinds::tile::Tile;

/// One kind, as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// `terrain`, `creature` or `item`.
    pub family: &'static str,
    pub name: &'static str,
    pub dump: char,
    /// The first level (from 1) of `params`' caves it can be found on; `None` for what is
    /// never on a level (the rock past the map's edge).
    pub first: Option<i32>,
}

/// Every kind of terrain, creature and item, in saved-code order within each family, as
/// found in caves made with `params` (the idol lies on the deepest level).
pub fn listing(params: &WorldParams) -> Vec<Listed> {
    let terrain = Tile::ALL.into_iter().map(|t| Listed {
        family: "terrain",
        // A hidden plate answers as floor in play; the list names what it is.
        name: match t {
            Tile::HiddenAlarm => "hidden alarm plate",
            Tile::HiddenNet => "hidden net plate",
            Tile::HiddenGas => "hidden gas plate",
            Tile::HiddenPit => "hidden trapdoor",
            _ => t.name(),
        },
        dump: t.dump(),
        first: match t {
            Tile::Bounds => None,
            t if t.is_hidden() => Some(SEEN_TRAP_LEVELS + 1),
            Tile::Altar | Tile::ColdAltar => Some(2),
            _ => Some(1),
        },
    });
    let creatures = Creature::ALL.into_iter().map(|c| Listed {
        family: "creature",
        name: c.name(),
        dump: c.dump(),
        first: Some(c.stats().from_level),
    });
    let items = Item::ALL.into_iter().map(|i| Listed {
        family: "item",
        name: i.name(),
        dump: i.dump(),
        first: Some(if i == Item::Idol {
            params.depth
        } else {
            i.data().from_level
        }),
    });
    terrain.chain(creatures).chain(items).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_listed_once_and_creatures_stand_apart_in_fixtures() {
        let all = listing(&WorldParams::default());
        assert_eq!(
            all.len(),
            Tile::ALL.len() + Creature::ALL.len() + Item::ALL.len()
        );
        let names: std::collections::BTreeSet<_> = all.iter().map(|k| k.name).collect();
        assert_eq!(names.len(), all.len(), "two kinds share a name");
        // A creature's character is no other kind's, so a fixture can hold creatures.
        for c in all.iter().filter(|k| k.family == "creature") {
            let same = all.iter().filter(|k| k.dump == c.dump).count();
            assert_eq!(same, 1, "{} shares its character {:?}", c.name, c.dump);
        }
        let idol = all
            .iter()
            .find(|k| k.name == "golden idol")
            .expect("the idol");
        assert_eq!(idol.first, Some(WorldParams::default().depth));
        assert!(all.iter().all(|k| k
            .first
            .is_none_or(|f| (1..=WorldParams::default().depth).contains(&f))));
    }
}
