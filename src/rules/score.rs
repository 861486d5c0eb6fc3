//! The score of a run: 100 points per level reached, 10 per point of experience from kills,
//! and for carrying the idol out 1000 more plus a speed bonus of half of every turn under
//! 3000.

use super::{Outcome, State};

pub const PER_LEVEL: u32 = 100;
pub const PER_XP: u32 = 10;
pub const IDOL: u32 = 1000;
/// Turns under this earn half a point each on a win.
pub const PAR_TURNS: u32 = 3000;

/// The score for a run that reached `depth` (from 1) with `xp` experience, in `turns`.
pub fn score(depth: i32, xp: i32, won: bool, turns: u32) -> u32 {
    let base = PER_LEVEL * depth.max(0) as u32 + PER_XP * xp.max(0) as u32;
    if won {
        base + IDOL + PAR_TURNS.saturating_sub(turns) / 2
    } else {
        base
    }
}

impl State {
    pub fn score(&self) -> u32 {
        score(
            self.depth_reached(),
            self.xp,
            self.outcome == Outcome::Won,
            self.turn,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_kills_and_a_quick_return_all_count() {
        assert_eq!(score(1, 0, false, 10), 100);
        assert_eq!(score(3, 12, false, 500), 420);
        assert_eq!(score(5, 50, true, 1000), 500 + 500 + 1000 + 1000);
        assert!(score(5, 50, true, 900) > score(5, 50, true, 1000));
        assert_eq!(score(5, 0, true, 5000), 1500);
    }
}
