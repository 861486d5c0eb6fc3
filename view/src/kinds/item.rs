//! How items look: a glyph of their sort (`!` potion, `?` scroll, `)` weapon, `[` armour) in
//! a colour of their own, and their descriptions; and the looks of unknown potions (each its
//! colour) and scrolls (all alike), which tell nothing of their kind.

use super::{on, show, Showing, Shown};
use caves_rules::items::looks::{Guise, PotionLook};
use caves_rules::kinds::item::Item;

/// How `i` shows.
#[rustfmt::skip]
fn showing(i: Item) -> &'static Showing {
    match i {
        Item::Idol => &const { show(on(b'$', "#FFD700"), "The treasure you came for. Carry it out to win.") },
        Item::HealingPotion => &const { show(on(b'!', "#F92672"), "A red draught that closes wounds: 15 hit points.") },
        Item::StrengthPotion => &const { show(on(b'!', "#FD971F"), "A bitter orange brew: one more point of attack, for good.") },
        Item::Dagger => &const { show(on(b')', "#C0C0C0"), "A short blade. Wielded: attack +2.") },
        Item::Sword => &const { show(on(b')', "#E6E6FA"), "A long straight blade. Wielded: attack +4.") },
        Item::Axe => &const { show(on(b')', "#FFD580"), "A heavy double-bladed axe. Wielded: attack +6.") },
        Item::Leather => &const { show(on(b'[', "#C4A484"), "Stiff boiled leather. Worn: defence +1.") },
        Item::Mail => &const { show(on(b'[', "#C0C0C0"), "Rings of iron. Worn: defence +3.") },
        Item::LightScroll => &const { show(on(b'?', "#FFFF99"), "Read it and a flash shows the caves within 20 cells.") },
        Item::TeleportScroll => &const { show(on(b'?', "#66D9EF"), "Read it to vanish and reappear somewhere else on this level.") },
        Item::Oil => &const { show(on(b'\xAD', "#F4BF75"), "Lamp oil: use it to feed your torch 400 turns of fuel.") },
        Item::Dart => &const { show(on(b'\x18', "#A0A0A0"), "A weighted throwing dart. Thrown: damage 5 and up.") },
        Item::ConfusionPotion => &const { show(on(b'!', "#AE81FF"), "The world spins for 8 turns: your steps go astray. Thrown, it befuddles what it splashes.") },
        Item::DarknessPotion => &const { show(on(b'!', "#465457"), "Ink for the eyes: it puts out your torch and spoils 150 turns of its fuel. Thrown, the creatures it splashes lose track of you.") },
        Item::SummonScroll => &const { show(on(b'?', "#F92672"), "A shrill rune that calls 3 creatures of the level to the reader.") },
        Item::MappingScroll => &const { show(on(b'?', "#A6E22E"), "Read it and the whole level is drawn in your memory.") },
        Item::FlarePotion => &const { show(on(b'!', "#FFFFFF"), "A blinding flash shows you the whole level, and wakes every creature on it to hunt you. Thrown, it turns the splashed creatures on you.") },
        Item::DescentPotion => &const { show(on(b'!', "#5F87AF"), "You sink through the floor to the level below, far from any stairs you know. Thrown, the creatures it splashes sink instead.") },
        Item::FirePotion => &const { show(on(b'!', "#FD5F00"), "Liquid fire: drunk, flames burst onto every cell around you (not your own). Thrown, it bursts into flames where it breaks, torch or not.") },
        Item::KindlingScroll => &const { show(on(b'?', "#FD971F"), "A rune that burns: it feeds your torch 500 turns of fuel and sears your hands for 8 hit points.") },
        Item::RecallScroll => &const { show(on(b'?', "#E6E6FA"), "Read it to stand at once on the nearest stairs up of this level: a way out, and a way back from where you were.") },
        Item::SlumberScroll => &const { show(on(b'?', "#9E9EFF"), "Every creature in view falls asleep, and your torch goes out: creep away in the dark, or strike sleepers twice as hard.") },
    }
}

impl Shown for Item {
    fn showing(self) -> &'static Showing {
        showing(self)
    }
}

const POTION_TEXT: &str =
    "A potion you have not identified. Drink one, or throw it and watch, to learn what it is.";
const SCROLL_TEXT: &str =
    "A scroll you have not identified. Read one to learn what it is: some help, some harm.";

/// How an unknown potion of look `p` shows: `!` in a colour of its own.
#[rustfmt::skip]
fn potion(p: PotionLook) -> &'static Showing {
    match p {
        PotionLook::Murky => &const { show(on(b'!', "#8B7D6B"), POTION_TEXT) },
        PotionLook::Fizzy => &const { show(on(b'!', "#66D9EF"), POTION_TEXT) },
        PotionLook::Amber => &const { show(on(b'!', "#E6DB74"), POTION_TEXT) },
        PotionLook::Smoky => &const { show(on(b'!', "#A0A0A0"), POTION_TEXT) },
        PotionLook::Violet => &const { show(on(b'!', "#AE81FF"), POTION_TEXT) },
        PotionLook::Milky => &const { show(on(b'!', "#F8F8F2"), POTION_TEXT) },
        PotionLook::Bubbling => &const { show(on(b'!', "#A6E22E"), POTION_TEXT) },
        PotionLook::Crimson => &const { show(on(b'!', "#F92672"), POTION_TEXT) },
        PotionLook::Cloudy => &const { show(on(b'!', "#B0C4DE"), POTION_TEXT) },
        PotionLook::Briny => &const { show(on(b'!', "#2AA198"), POTION_TEXT) },
    }
}

/// Every unknown scroll shows the same, whatever its title.
static SCROLL: Showing = show(on(b'?', "#F5DEB3"), SCROLL_TEXT);

impl Shown for Guise {
    fn showing(self) -> &'static Showing {
        match self {
            Guise::Known(kind) => kind.showing(),
            Guise::Potion(p) => potion(p),
            Guise::Scroll(_) => &SCROLL,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use caves_rules::balance::THROW_BASE;
    use caves_rules::kinds::entry::Effect;

    #[test]
    fn item_descriptions_state_their_numbers() {
        for i in Item::ALL {
            let text = i.description();
            let said = match i.effect() {
                Effect::Heal(n) => format!("{n} hit points"),
                Effect::Weapon(n) => format!("attack +{n}"),
                Effect::Armour(n) => format!("defence +{n}"),
                Effect::Light(r) => format!("within {r} cells"),
                Effect::Fuel(n) => format!("{n} turns of fuel"),
                Effect::Missile(n) => format!("damage {}", THROW_BASE + n),
                Effect::Confuse(n) => format!("{n} turns"),
                Effect::Darken(n) => format!("{n} turns of its fuel"),
                Effect::Summon(n) => format!("{n} creatures"),
                Effect::Kindle { fuel, burn } => {
                    format!("{fuel} turns of fuel and sears your hands for {burn} hit points")
                }
                Effect::Strength(_)
                | Effect::Teleport
                | Effect::Treasure
                | Effect::Map
                | Effect::Flare
                | Effect::Descend
                | Effect::Blaze
                | Effect::Recall
                | Effect::Slumber => continue,
            };
            assert!(
                text.contains(&said),
                "{}: {text:?} should say {said:?}",
                i.name()
            );
        }
    }
}
