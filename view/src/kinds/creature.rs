//! How creatures look: a letter in a colour of its own, and their descriptions.

use super::{on, show, Showing, Shown};
use caves_rules::kinds::creature::Creature;

/// How `c` shows.
#[rustfmt::skip]
fn showing(c: Creature) -> &'static Showing {
    match c {
        Creature::Bat => &const { show(on(b'b', "#AE81FF"), "A fluttering bat; more noise than bite. It flits about at random half the time.") },
        Creature::Rat => &const { show(on(b'r', "#C4A484"), "A rat the size of a dog, always hungry. Rats come in packs of up to three.") },
        Creature::Goblin => &const { show(on(b'g', "#A6E22E"), "A small, cunning cave dweller with a rusty knife. It flees when badly hurt.") },
        Creature::Orc => &const { show(on(b'o', "#FD971F"), "A brutish warrior: slow, but every blow is heavy.") },
        Creature::Bugbear => &const { show(on(b'B', "#FF6A88"), "A huge hairy goblin-kin that strikes hard and slowly.") },
        Creature::Spider => &const { show(on(b'S', "#E0E0E0"), "A pale spider as big as a shield. From up to five cells away it spits a web that holds you for three turns; struggle free (walk or wait), or strike it when it comes to bite.") },
        Creature::Jelly => &const { show(on(b'j', "#E6DB74"), "A quivering heap of slime. Every blow that does not kill it splits it in two: strike hard, throw, or leave it be.") },
        Creature::Shade => &const { show(on(b's', "#9AA6BE"), "A shadow that feeds on light. It hunts only a burning torch: douse yours and it loses you.") },
        Creature::Kobold => &const { show(on(b'k', "#66D9EF"), "A small scaly pest with a sling. It hurls stones from up to six cells away and backs off when you close in.") },
        Creature::Monkey => &const { show(on(b'm', "#FF6E40"), "A quick, thieving ape. A blow that lands takes oil from your pack or your burning torch, or else anything, and it runs: kill it to get it back.") },
        Creature::Bloat => &const { show(on(b'e', "#FFAFD7"), "A floating bag of caustic spores that drifts slowly near. Killed, it bursts: it burns you, befuddles all beside it and smothers a lit torch. Strike from afar, or douse first.") },
        Creature::Stalker => &const { show(on(b'G', "#8C9EFF"), "A long-limbed hunter that sees in the dark. It never steps into light and strikes hard from the dark; caught in your light it backs away, and cornered it strikes: keep your torch lit.") },
    }
}

impl Shown for Creature {
    fn showing(self) -> &'static Showing {
        showing(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::Palette;

    #[test]
    fn every_creature_has_a_colour_of_its_own_in_both_palettes() {
        for palette in [Palette::Standard, Palette::ColourSafe] {
            let mut colours: Vec<_> = Creature::ALL
                .into_iter()
                .map(|c| palette.map(c.look().fg))
                .collect();
            colours.sort();
            colours.dedup();
            assert_eq!(colours.len(), Creature::ALL.len(), "{palette:?}");
        }
    }
}
