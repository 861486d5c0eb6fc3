//! Gloom stalkers: hunters at home in the dark. One sees as far in the dark as by torchlight,
//! never steps into light (a burning torch's circle or glowing fungus: `Seen::free`) and
//! strikes from an unlit cell. Caught in the light it backs away from the player, through
//! the light if it must and into the dark where it can, and strikes only when cornered there.

use crate::creatures::intent::Intent;
use crate::creatures::monster::{Mind, Monster};
use crate::creatures::seen::Seen;
use crate::creatures::seen::Senses;
use crate::creatures::tactics::hunts;
use crate::creatures::tactics::moves::flee_step;
use crate::rng::GameRng;

pub(crate) const SENSES: Senses = Senses {
    by_light_only: false,
    sees_in_dark: true,
    shuns_light: true,
};

/// In the light: backs away (into the dark if it can), else strikes when cornered beside the
/// player, else cowers. In the dark: hunts as any creature does, never into light.
pub(crate) fn intent(m: &Monster, seen: &Seen, rng: &mut GameRng) -> Intent {
    if !seen.lit_here() {
        return hunts::intent(m, seen, rng);
    }
    let open = |p| seen.open(p);
    let back = flee_step(m.pos, seen.player, |p| open(p) && !seen.lit(p))
        .or_else(|| flee_step(m.pos, seen.player, open));
    if back.is_some() {
        return Intent::Shrink(back);
    }
    if m.mind == Mind::Hunting && m.pos.chebyshev(seen.player) == 1 {
        return Intent::Attack;
    }
    Intent::Shrink(None)
}
