//! What a player can do in a turn. Actions know nothing of keys or screens; a run is its seed
//! and parameters plus the list of actions taken, and each action has a fixed code for records.

/// One of the eight compass directions (screen orientation: north is up, y grows south).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// The step (dx, dy) in cells.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::NE => (1, -1),
            Dir::E => (1, 0),
            Dir::SE => (1, 1),
            Dir::S => (0, 1),
            Dir::SW => (-1, 1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, -1),
        }
    }

    /// The direction of a one-cell step, if (dx, dy) is one.
    pub fn from_delta(dx: i32, dy: i32) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.delta() == (dx, dy))
    }

    /// The direction that points from (0, 0) towards (dx, dy) most closely, if not zero.
    pub fn towards(dx: i32, dy: i32) -> Option<Dir> {
        Dir::from_delta(dx.signum(), dy.signum())
    }

    /// The compass word: "north", "south-east".
    pub const fn name(self) -> &'static str {
        match self {
            Dir::N => "north",
            Dir::NE => "north-east",
            Dir::E => "east",
            Dir::SE => "south-east",
            Dir::S => "south",
            Dir::SW => "south-west",
            Dir::W => "west",
            Dir::NW => "north-west",
        }
    }
}

/// Something a player does. `Move` into a creature attacks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Move(Dir),
    Wait,
    Descend,
    Ascend,
}

impl Action {
    /// The action's code in a record: one byte. Codes are never reused or renumbered; new
    /// actions take new codes (an action with an operand may read further bytes).
    pub const fn code(self) -> u8 {
        match self {
            Action::Move(d) => d as u8,
            Action::Wait => 8,
            Action::Descend => 9,
            Action::Ascend => 10,
        }
    }

    /// The action with code `code`, or `None` for a code no action has.
    pub fn from_code(code: u8) -> Option<Action> {
        Some(match code {
            0..=7 => Action::Move(Dir::ALL[code as usize]),
            8 => Action::Wait,
            9 => Action::Descend,
            10 => Action::Ascend,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_unknown_codes_are_refused() {
        let mut all: Vec<Action> = Dir::ALL.into_iter().map(Action::Move).collect();
        all.extend([Action::Wait, Action::Descend, Action::Ascend]);
        for a in &all {
            assert_eq!(Action::from_code(a.code()), Some(*a));
        }
        let mut codes: Vec<u8> = all.iter().map(|a| a.code()).collect();
        codes.dedup();
        assert_eq!(codes.len(), all.len());
        assert_eq!(Action::from_code(200), None);
    }

    #[test]
    fn directions_match_their_steps() {
        assert_eq!(Dir::from_delta(-1, 1), Some(Dir::SW));
        assert_eq!(Dir::towards(5, -3), Some(Dir::NE));
        assert_eq!(Dir::towards(0, 0), None);
        for d in Dir::ALL {
            let (dx, dy) = d.delta();
            assert_eq!(Dir::from_delta(dx, dy), Some(d), "{}", d.name());
        }
    }
}
