//! The pack's bookkeeping, on `Things`: which carried thing is in which slot, the letters
//! the player knows them by, stacks, what lies where, and the idol. The actions that carry
//! things (`carry.rs`, `throw.rs`) go through it.

use crate::balance;
use crate::game::parts::{Place, Thing, Things};
use crate::kinds::item::Item;
use crate::space::geom::Point;

impl Things {
    /// Carried items in pack order: slot n is the n-th (its letter is `letter(n)`).
    pub fn carried(&self) -> Vec<Thing> {
        (self.all.iter().copied())
            .filter(|t| !matches!(t.place, Place::Floor(_)))
            .collect()
    }

    /// The letter carried slot `slot` is shown by. A thing keeps the letter it was given
    /// while it is carried; one that leaves the pack (used up, dropped or thrown) leaves a
    /// gap, and the next thing picked up takes the first free letter. Actions still name
    /// slots, so a record means what it always meant; letters are only for the player, and
    /// not part of the fingerprint.
    pub fn letter(&self, slot: usize) -> char {
        let n = self.letters.get(slot).copied();
        char::from(b'a' + n.unwrap_or(slot.min(25) as u8))
    }

    /// The carried slot shown by `letter`, if any.
    pub fn slot_of(&self, letter: char) -> Option<u8> {
        let carried = self
            .all
            .iter()
            .filter(|t| !matches!(t.place, Place::Floor(_)));
        (0..carried.count())
            .find(|&slot| self.letter(slot) == letter)
            .and_then(|slot| u8::try_from(slot).ok())
    }

    /// Gives the thing just taken into the pack (the last slot) the first free letter.
    pub fn give_letter(&mut self) -> char {
        let free = (0..=25).find(|n| !self.letters.contains(n)).unwrap_or(25);
        self.letters.push(free);
        char::from(b'a' + free)
    }

    /// Frees the letter of carried slot `slot`, whose thing leaves the pack.
    pub fn free_letter(&mut self, slot: usize) {
        if slot < self.letters.len() {
            self.letters.remove(slot);
        }
    }

    /// The top item lying at `p`, if any.
    pub fn item_at(&self, p: Point) -> Option<Item> {
        self.all
            .iter()
            .rev()
            .find(|t| t.place == Place::Floor(p))
            .map(|t| t.kind)
    }

    /// The carried item in `place` (wielded or worn).
    pub fn equipped(&self, place: Place) -> Option<Item> {
        self.all.iter().find(|t| t.place == place).map(|t| t.kind)
    }

    /// Index in `items` of carried slot `slot`.
    pub fn slot_index(&self, slot: usize) -> Option<usize> {
        self.all
            .iter()
            .enumerate()
            .filter(|(_, t)| !matches!(t.place, Place::Floor(_)))
            .nth(slot)
            .map(|(i, _)| i)
    }

    /// The carried stack of `kind` in the pack, by its index in `items`, if any.
    pub fn stack_of(&self, kind: Item) -> Option<usize> {
        self.all
            .iter()
            .position(|t| t.kind == kind && t.place == Place::Pack && kind.stacks())
    }

    /// True when one more `kind` can be carried: the pack has a free slot, or `kind` joins a
    /// stack already carried (the idol always fits).
    pub fn has_room_for(&self, kind: Item) -> bool {
        kind == Item::Idol
            || self.stack_of(kind).is_some()
            || self.carried().len() < usize::from(balance::PACK_LIMIT)
    }

    /// Takes one thing out of carried slot `slot` (one of a stack, else the thing, whose
    /// letter is freed) and answers its kind.
    pub fn take_one(&mut self, slot: usize) -> Option<Item> {
        let i = self.slot_index(slot)?;
        let t = &mut self.all[i];
        let kind = t.kind;
        if t.count > 1 {
            t.count -= 1;
        } else {
            self.all.remove(i);
            self.free_letter(slot);
        }
        Some(kind)
    }

    /// Moves item `i` to the end of the list (the last carried slot) in `place`.
    pub fn carry(&mut self, i: usize, place: Place) {
        let mut thing = self.all.remove(i);
        thing.place = place;
        thing.dropped = false;
        self.all.push(thing);
    }

    /// Where the idol lies, or `None` when the player carries it (or there is none).
    pub fn idol(&self) -> Option<Point> {
        self.all.iter().find_map(|t| match t.place {
            Place::Floor(p) if t.kind == Item::Idol => Some(p),
            _ => None,
        })
    }
    /// True when the player carries the idol.
    pub fn carrying_idol(&self) -> bool {
        self.all
            .iter()
            .any(|t| t.kind == Item::Idol && !matches!(t.place, Place::Floor(_)))
    }
}
