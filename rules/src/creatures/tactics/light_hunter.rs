//! Shades: they hunt by light alone. A shade sees the player only while the torch burns,
//! never hears them through a door, and loses them the turn the torch goes out; otherwise it
//! hunts as any creature does (`hunts`).

use crate::creatures::intent::Intent;
use crate::creatures::monster::Monster;
use crate::creatures::seen::Seen;
use crate::creatures::seen::Senses;
use crate::creatures::tactics::hunts;
use crate::rng::GameRng;

pub(crate) const SENSES: Senses = Senses {
    by_light_only: true,
    sees_in_dark: false,
    shuns_light: false,
};

/// As any hunter: what sets a shade apart is what it perceives (`SENSES`).
pub(crate) fn intent(m: &Monster, seen: &Seen, rng: &mut GameRng) -> Intent {
    hunts::intent(m, seen, rng)
}
