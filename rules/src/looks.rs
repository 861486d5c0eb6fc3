//! The looks of unknown potions and scrolls. Every run gives the potion kinds random looks
//! ("a murky potion") and the scroll kinds random titles ("a scroll titled XOTH"), drawn from
//! the seed: the same look means the same kind all run. What the player has identified is
//! in `identify`.

use crate::kinds::entry::Entry;
use crate::kinds::item::Item;
use crate::kinds::rgb::hex;
use crate::rng::seeded;
use rand::Rng;

/// Salt of the looks' stream, apart from the generator's, the items' and the turns' numbers.
const LOOK_STREAM: u64 = 0x100c_5eed;

/// How many looks there are of each sort (more than kinds, so a look tells nothing).
pub const LOOKS: usize = 8;

/// The looks of one run: `potions[i]` is the index in the potion looks of `Item::POTIONS[i]`,
/// and likewise for scrolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Looks {
    pub potions: [u8; Item::POTIONS.len()],
    pub scrolls: [u8; Item::SCROLLS.len()],
}

/// The first `N` of a random permutation of the looks, by a Fisher-Yates shuffle.
fn draw<const N: usize>(rng: &mut crate::rng::GameRng) -> [u8; N] {
    let mut all: [u8; LOOKS] = std::array::from_fn(|i| i as u8);
    for i in (1..LOOKS).rev() {
        all.swap(i, rng.random_range(0..=i as u32) as usize);
    }
    std::array::from_fn(|i| all[i])
}

impl Looks {
    /// The looks of the run with this seed.
    pub fn of(seed: u64) -> Looks {
        let mut rng = seeded(seed ^ LOOK_STREAM);
        Looks {
            potions: draw(&mut rng),
            scrolls: draw(&mut rng),
        }
    }

    /// How an unidentified `kind` looks, or `None` for kinds that are always known.
    pub fn of_kind(&self, kind: Item) -> Option<&'static Entry> {
        if let Some(i) = Item::POTIONS.iter().position(|&k| k == kind) {
            return Some(&POTION_LOOKS[usize::from(self.potions[i])]);
        }
        let i = Item::SCROLLS.iter().position(|&k| k == kind)?;
        Some(&SCROLL_LOOKS[usize::from(self.scrolls[i])])
    }
}

/// A fingerprint of the looks of every seed in `seeds` (FNV-1a over their bytes), to pin that
/// native and wasm builds draw the same looks.
pub fn fingerprint(seeds: std::ops::Range<u64>) -> u64 {
    let bytes = seeds.flat_map(|s| {
        let l = Looks::of(s);
        l.potions.into_iter().chain(l.scrolls)
    });
    crate::fnv::fnv1a(crate::fnv::START, bytes)
}

const POTION_TEXT: &str =
    "A potion you have not identified. Drink one, or throw it and watch, to learn what it is.";
const SCROLL_TEXT: &str =
    "A scroll you have not identified. Read one to learn what it is: some help, some harm.";

const fn potion(name: &'static str, colour: &str) -> Entry {
    Entry::item(name, (b'!', hex(colour), '!'), POTION_TEXT)
}

const fn scroll(name: &'static str) -> Entry {
    Entry::item(name, (b'?', hex("#F5DEB3"), '?'), SCROLL_TEXT)
}

#[rustfmt::skip]
static POTION_LOOKS: [Entry; LOOKS] = [
    potion("murky potion", "#8B7D6B"), potion("fizzy potion", "#66D9EF"),
    potion("amber potion", "#E6DB74"), potion("smoky potion", "#A0A0A0"),
    potion("violet potion", "#AE81FF"), potion("milky potion", "#F8F8F2"),
    potion("bubbling potion", "#A6E22E"), potion("crimson potion", "#F92672"),
];

#[rustfmt::skip]
static SCROLL_LOOKS: [Entry; LOOKS] = [
    scroll("scroll titled XOTH"), scroll("scroll titled KRAMA"),
    scroll("scroll titled ULLUN"), scroll("scroll titled VESPIR"),
    scroll("scroll titled DORNAK"), scroll("scroll titled ISHTEL"),
    scroll("scroll titled MOGRA"), scroll("scroll titled PELLAS"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looks_are_a_permutation_per_seed_and_differ_between_seeds() {
        let mut differ = 0;
        for seed in 0..200 {
            let l = Looks::of(seed);
            for set in [&l.potions[..], &l.scrolls[..]] {
                let mut s = set.to_vec();
                s.sort();
                s.dedup();
                assert_eq!(s.len(), set.len(), "seed {seed}: two kinds share a look");
                assert!(set.iter().all(|&i| usize::from(i) < LOOKS));
            }
            differ += usize::from(l != Looks::of(seed + 1));
            assert_eq!(l, Looks::of(seed), "the same seed gives the same looks");
        }
        assert!(differ > 190, "looks change with the seed ({differ} of 200)");
    }
}
