//! The variants of the game: each a table (`table::Variant`) of its balance, its goal and
//! its score, chosen at the start of a run and named by a byte in its record's header.
//! Normal is the balanced game; Explorer is for learning the caves. Adding one is a new
//! file holding a `Variant` and a place in `ALL` (docs/architecture.md says how).

pub mod explorer;
pub mod normal;
pub mod table;

pub use explorer::EXPLORER;
pub use normal::NORMAL;
pub use table::{Creatures, Goal, Variant};

/// Every variant a run can be played in, in the order the start screen offers them.
pub const ALL: [&Variant; 2] = [&NORMAL, &EXPLORER];

/// The variant a record's header names by `id`, if this game has it.
pub fn by_id(id: u8) -> Option<&'static Variant> {
    ALL.into_iter().find(|v| v.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::START_FUEL;
    use crate::kinds::creature::Creature;
    use crate::kinds::item::Item;

    #[test]
    fn every_variant_has_its_own_byte() {
        for v in ALL {
            assert_eq!(by_id(v.id), Some(v), "{}", v.name);
        }
        assert_eq!(by_id(2), None);
    }

    #[test]
    fn normal_plays_by_the_balance_as_it_stands() {
        for kind in Creature::ALL {
            assert_eq!(NORMAL.creature(kind.stats()), kind.stats(), "{kind:?}");
        }
        for kind in Item::ALL {
            assert_eq!(NORMAL.item_weight(kind, 7), 7);
        }
        assert_eq!(NORMAL.start_fuel, START_FUEL);
        assert_eq!(NORMAL.idol_level(5), 4);
    }

    #[test]
    fn explorer_is_gentler() {
        assert_eq!(EXPLORER.start_fuel, 2 * START_FUEL);
        for kind in Creature::ALL {
            let (s, e) = (kind.stats(), EXPLORER.creature(kind.stats()));
            let hp = if s.hp > 4 { s.hp * 3 / 4 } else { s.hp };
            assert_eq!((e.hp, e.attack), (hp, (s.attack - 1).max(1)), "{kind:?}");
            assert_eq!((e.defence, e.from_level), (s.defence, s.from_level));
        }
        assert_eq!(EXPLORER.item_weight(Item::HealingPotion, 20), 40);
        assert_eq!(EXPLORER.item_weight(Item::Oil, 16), 32);
        assert_eq!(EXPLORER.item_weight(Item::Dagger, 10), 10);
    }

    #[test]
    fn a_goal_level_deeper_than_the_world_is_its_deepest() {
        let shallow = Variant {
            goal: Goal {
                idol_level: Some(2),
            },
            ..NORMAL
        };
        assert_eq!(shallow.idol_level(5), 1);
        assert_eq!(shallow.idol_level(1), 0);
    }
}
