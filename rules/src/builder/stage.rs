//! The recipe's steps by name, so a viewer can show the world right after each one.

use std::fmt;

/// A point in the recipe at which the world can be looked at. In recipe order:
/// - `Fill`: after the random fill;
/// - `Smooth(k)`: after smoothing pass `k` (from 1); with no passes, `Smooth(0)` follows the
///   fill. As a place to stop, a `k` of `passes` or more means after the last pass;
/// - `Regions`: after regions under the minimum size are filled in;
/// - `Stairs`: after stair pairs join overlapping regions of adjacent levels;
/// - `Connect`: after tunnels make every open tile reachable, and the way out is placed;
/// - `Features`: the whole recipe, environment features and doors included.
///
/// Before `Stairs` a world holds only floor and wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Fill,
    Smooth(u32),
    Regions,
    Stairs,
    Connect,
    Features,
}

impl Stage {
    /// Every step's name, in recipe order.
    pub const NAMES: [&'static str; 6] =
        ["fill", "smooth", "regions", "stairs", "connect", "features"];

    /// The step's stable lower-case name (every `Smooth(k)` is "smooth").
    pub fn name(self) -> &'static str {
        Self::NAMES[self.order()]
    }

    /// The step named `name`; "smooth" means after the last pass.
    pub fn parse(name: &str) -> Option<Stage> {
        Some(match name {
            "fill" => Stage::Fill,
            "smooth" => Stage::Smooth(u32::MAX),
            "regions" => Stage::Regions,
            "stairs" => Stage::Stairs,
            "connect" => Stage::Connect,
            "features" => Stage::Features,
            _ => return None,
        })
    }

    /// The step's place in the recipe, from 0.
    pub fn order(self) -> usize {
        match self {
            Stage::Fill => 0,
            Stage::Smooth(_) => 1,
            Stage::Regions => 2,
            Stage::Stairs => 3,
            Stage::Connect => 4,
            Stage::Features => 5,
        }
    }

    /// True when `self`, taken as a place to stop in a recipe of `passes` smoothing passes,
    /// is the moment `now`.
    pub(crate) fn stops_at(self, now: Stage, passes: u32) -> bool {
        match (self, now) {
            (Stage::Smooth(k), Stage::Smooth(j)) => j == k.min(passes),
            _ => self == now,
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Smooth(k) if *k != u32::MAX => write!(f, "smooth {k}"),
            _ => f.write_str(self.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in Stage::NAMES {
            let stage = Stage::parse(name).expect("a known step");
            assert_eq!(stage.name(), name);
        }
        assert_eq!(Stage::parse("Smooth"), None);
        assert_eq!(Stage::Smooth(3).to_string(), "smooth 3");
    }
}
