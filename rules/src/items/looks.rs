//! The looks of unknown potions and scrolls. Every run gives the potion kinds random looks
//! ("a murky potion") and the scroll kinds random titles ("a scroll titled XOTH"), drawn from
//! the seed: the same look means the same kind all run. What the player has identified is
//! in `identify`. Here a look is its name; how it shows on screen is the view's.

use crate::kinds::creature::Creature;
use crate::kinds::item::Item;
use crate::kinds::tile::Tile;
use crate::rng::seeded;
use rand::Rng;

/// What the player knows to be at a place (`State::describe`): the screen shows its look and
/// its description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// The player.
    Player,
    Creature(Creature),
    /// An item, as the player sees it.
    Item(Guise),
    Tile(Tile),
}

/// Salt of the looks' stream, apart from the generator's, the items' and the turns' numbers.
const LOOK_STREAM: u64 = 0x100c_5eed;

/// How many looks there are of each sort (more than kinds, so a look tells nothing).
pub const LOOKS: usize = 10;
const _: () = assert!(LOOKS > Item::POTIONS.len() && LOOKS > Item::SCROLLS.len());

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
    pub fn of_kind(&self, kind: Item) -> Option<Guise> {
        if let Some(i) = Item::POTIONS.iter().position(|&k| k == kind) {
            return Some(Guise::Potion(PotionLook::ALL[usize::from(self.potions[i])]));
        }
        let i = Item::SCROLLS.iter().position(|&k| k == kind)?;
        Some(Guise::Scroll(ScrollLook::ALL[usize::from(self.scrolls[i])]))
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

/// How the player sees an item: as its kind once that is known, else as the look its kind
/// has this run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guise {
    Known(Item),
    Potion(PotionLook),
    Scroll(ScrollLook),
}

impl Guise {
    /// What the player calls it ("murky potion", "potion of healing").
    pub const fn name(self) -> &'static str {
        match self {
            Guise::Known(kind) => kind.name(),
            Guise::Potion(look) => look.name(),
            Guise::Scroll(look) => look.name(),
        }
    }
}

/// The looks an unknown potion may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PotionLook {
    Murky,
    Fizzy,
    Amber,
    Smoky,
    Violet,
    Milky,
    Bubbling,
    Crimson,
    Cloudy,
    Briny,
}

impl PotionLook {
    /// Every look, in the order of the indices `Looks::potions` holds.
    pub const ALL: [PotionLook; LOOKS] = [
        PotionLook::Murky,
        PotionLook::Fizzy,
        PotionLook::Amber,
        PotionLook::Smoky,
        PotionLook::Violet,
        PotionLook::Milky,
        PotionLook::Bubbling,
        PotionLook::Crimson,
        PotionLook::Cloudy,
        PotionLook::Briny,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            PotionLook::Murky => "murky potion",
            PotionLook::Fizzy => "fizzy potion",
            PotionLook::Amber => "amber potion",
            PotionLook::Smoky => "smoky potion",
            PotionLook::Violet => "violet potion",
            PotionLook::Milky => "milky potion",
            PotionLook::Bubbling => "bubbling potion",
            PotionLook::Crimson => "crimson potion",
            PotionLook::Cloudy => "cloudy potion",
            PotionLook::Briny => "briny potion",
        }
    }
}

/// The titles an unknown scroll may bear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScrollLook {
    Xoth,
    Krama,
    Ullun,
    Vespir,
    Dornak,
    Ishtel,
    Mogra,
    Pellas,
    Abrax,
    Numen,
}

impl ScrollLook {
    /// Every title, in the order of the indices `Looks::scrolls` holds.
    pub const ALL: [ScrollLook; LOOKS] = [
        ScrollLook::Xoth,
        ScrollLook::Krama,
        ScrollLook::Ullun,
        ScrollLook::Vespir,
        ScrollLook::Dornak,
        ScrollLook::Ishtel,
        ScrollLook::Mogra,
        ScrollLook::Pellas,
        ScrollLook::Abrax,
        ScrollLook::Numen,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            ScrollLook::Xoth => "scroll titled XOTH",
            ScrollLook::Krama => "scroll titled KRAMA",
            ScrollLook::Ullun => "scroll titled ULLUN",
            ScrollLook::Vespir => "scroll titled VESPIR",
            ScrollLook::Dornak => "scroll titled DORNAK",
            ScrollLook::Ishtel => "scroll titled ISHTEL",
            ScrollLook::Mogra => "scroll titled MOGRA",
            ScrollLook::Pellas => "scroll titled PELLAS",
            ScrollLook::Abrax => "scroll titled ABRAX",
            ScrollLook::Numen => "scroll titled NUMEN",
        }
    }
}

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

    #[test]
    fn every_look_is_listed_once_with_a_name_of_its_own() {
        let mut names: Vec<&str> = PotionLook::ALL.iter().map(|l| l.name()).collect();
        names.extend(ScrollLook::ALL.iter().map(|l| l.name()));
        let all = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all);
        assert!(PotionLook::ALL
            .iter()
            .all(|l| l.name().ends_with(" potion")));
    }
}
