//! The cyclopedia's entry of what the player looks at (`State::describe`): its name and its
//! description, for every kind of thing in the caves (terrain and features, creatures, items
//! as the player knows them, and the player).

use super::{player, Shown};
use caves_rules::items::looks::Seen;

/// One kind as the cyclopedia tells of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: &'static str,
    pub description: &'static str,
}

/// The entry of what `seen` is, by one exhaustive `match`.
pub fn entry(seen: Seen) -> Entry {
    let (name, showing) = match seen {
        Seen::Player => (player::NAME, &player::SHOWING),
        Seen::Creature(c) => (c.name(), c.showing()),
        Seen::Item(g) => (g.name(), g.showing()),
        Seen::Tile(t) => (t.name(), t.showing()),
    };
    Entry {
        name,
        description: showing.description,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use caves_rules::items::looks::Guise;
    use caves_rules::kinds::creature::Creature;
    use caves_rules::kinds::item::Item;
    use caves_rules::kinds::tile::Tile;

    /// Every kind, family by family, the player last (a hidden plate is only ever seen as
    /// the floor it looks like).
    fn all() -> impl Iterator<Item = Seen> {
        Tile::ALL
            .into_iter()
            .filter(|t| !t.is_hidden())
            .map(Seen::Tile)
            .chain(Creature::ALL.into_iter().map(Seen::Creature))
            .chain(Item::ALL.into_iter().map(|i| Seen::Item(Guise::Known(i))))
            .chain(std::iter::once(Seen::Player))
    }

    /// The entry called `name`.
    fn by_name(name: &str) -> Option<Entry> {
        all().map(entry).find(|e| e.name == name)
    }

    #[test]
    fn every_kind_has_its_own_entry_found_by_name() {
        let entries: Vec<Entry> = all().map(entry).collect();
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

    /// A few looks pinned as the game has always drawn them.
    #[test]
    fn known_kinds_keep_their_glyphs_and_colours() {
        assert_eq!(player::LOOK.glyph, b'@');
        assert_eq!(player::LOOK.fg, [0xFF, 0xFF, 0xFF]);
        assert_eq!(Creature::Orc.look().glyph, b'o');
        assert_eq!(Creature::Orc.look().fg, [0xFD, 0x97, 0x1F]);
        assert_eq!(Creature::Spider.look().glyph, b'S');
        assert_eq!(Item::Idol.look().glyph, b'$');
        assert_eq!(Item::Oil.look().glyph, 0xAD);
        assert_eq!(Item::Dart.look().glyph, 0x18);
        assert_eq!(Tile::Pool.look().glyph, 247);
        assert_eq!(Tile::Pool.look().bg, [0x1B, 0x3A, 0x4B]);
    }

    /// Creatures and the player are told apart by their glyph alone, whatever the colours
    /// (and so in the colour-blind palette too).
    #[test]
    fn every_creature_and_the_player_has_a_glyph_of_its_own() {
        let mut glyphs: Vec<(u8, &str)> = Creature::ALL
            .into_iter()
            .map(|c| (c.look().glyph, c.name()))
            .chain(std::iter::once((player::LOOK.glyph, player::NAME)))
            .collect();
        glyphs.sort();
        for w in glyphs.windows(2) {
            assert_ne!(w[0].0, w[1].0, "{} and {} look alike", w[0].1, w[1].1);
        }
    }

    /// Every look of an unknown potion has the glyph of every potion kind (and so for
    /// scrolls), so a glyph gives no kind away; no two potion looks share a colour, so two
    /// kinds never look alike in a run.
    #[test]
    fn unknown_looks_share_their_sort_glyph() {
        use caves_rules::items::looks::{PotionLook, ScrollLook};
        for p in PotionLook::ALL {
            for k in Item::POTIONS {
                assert_eq!(Guise::Potion(p).look().glyph, k.look().glyph, "{p:?}");
            }
        }
        for s in ScrollLook::ALL {
            for k in Item::SCROLLS {
                assert_eq!(Guise::Scroll(s).look().glyph, k.look().glyph, "{s:?}");
            }
        }
        let potions: Vec<_> = PotionLook::ALL.map(|p| Guise::Potion(p).look().fg).to_vec();
        let mut distinct = potions.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            potions.len(),
            "two potion looks share a colour"
        );
    }
}
