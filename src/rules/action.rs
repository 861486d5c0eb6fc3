//! What a player can do in a turn. Actions know nothing of keys or screens; a run is its seed
//! and parameters plus the list of actions taken, and each action has a fixed code for records.

use crate::rules::balance::PACK_LIMIT;

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

/// How many things a player can carry, so how many pack slots an item action can name:
/// `PACK_LIMIT` items and the idol, slots 0 (letter a) up to this, exclusive. Records encode
/// exactly these slots, so what the pack can hold, the inventory can show and a record can
/// say always agree.
pub const PACK_SLOTS: u8 = PACK_LIMIT + 1;

// Every slot has a letter from 'a' to 'z', and an operand byte of its own.
const _: () = assert!(PACK_SLOTS == PACK_LIMIT + 1 && PACK_SLOTS <= 26);

/// Something a player does. `Move` into a creature attacks it. Item actions name a pack slot:
/// the item's place in the carried list, shown as a letter from 'a'.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Move(Dir),
    Wait,
    Descend,
    Ascend,
    /// Wait turn after turn until healed, or until a creature comes into view.
    Rest,
    /// Take the top item lying where the player stands.
    PickUp,
    Drop(u8),
    /// Quaff a potion or read a scroll (weapons and armour are equipped).
    Use(u8),
    /// Wield a weapon or wear armour; again to take it off.
    Equip(u8),
}

impl Action {
    /// The action's code in a record: one byte. Codes are never reused or renumbered; new
    /// actions take new codes. Codes for which `takes_operand` holds are followed by one
    /// operand byte (the pack slot).
    pub const fn code(self) -> u8 {
        match self {
            Action::Move(d) => d as u8,
            Action::Wait => 8,
            Action::Descend => 9,
            Action::Ascend => 10,
            Action::Rest => 11,
            Action::PickUp => 12,
            Action::Drop(_) => 13,
            Action::Use(_) => 14,
            Action::Equip(_) => 15,
        }
    }

    /// The operand byte that follows the code in a record, if the action has one.
    pub const fn operand(self) -> Option<u8> {
        match self {
            Action::Drop(s) | Action::Use(s) | Action::Equip(s) => Some(s),
            _ => None,
        }
    }

    /// True for codes that are followed by an operand byte.
    pub const fn takes_operand(code: u8) -> bool {
        matches!(code, 13..=15)
    }

    /// The action of an operand-free code, or `None` for a code no such action has.
    pub fn from_code(code: u8) -> Option<Action> {
        Action::from_parts(code, None)
    }

    /// The action with code `code` and its operand (needed exactly when `takes_operand`),
    /// or `None` when they make no action. A slot must be below `PACK_SLOTS`.
    pub fn from_parts(code: u8, operand: Option<u8>) -> Option<Action> {
        let slot = match operand {
            Some(s) if s < PACK_SLOTS && Action::takes_operand(code) => s,
            Some(_) => return None,
            None if Action::takes_operand(code) => return None,
            None => 0,
        };
        Some(match code {
            0..=7 => Action::Move(Dir::ALL[code as usize]),
            8 => Action::Wait,
            9 => Action::Descend,
            10 => Action::Ascend,
            11 => Action::Rest,
            12 => Action::PickUp,
            13 => Action::Drop(slot),
            14 => Action::Use(slot),
            15 => Action::Equip(slot),
            _ => return None,
        })
    }

    /// Appends the action's record bytes: its code, then its operand if it has one.
    pub fn encode(self, out: &mut Vec<u8>) {
        out.push(self.code());
        if let Some(op) = self.operand() {
            out.push(op);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_unknown_codes_are_refused() {
        let mut all: Vec<Action> = Dir::ALL.into_iter().map(Action::Move).collect();
        all.extend([
            Action::Wait,
            Action::Descend,
            Action::Ascend,
            Action::Rest,
            Action::PickUp,
            Action::Drop(3),
            Action::Use(0),
            Action::Equip(9),
        ]);
        for a in &all {
            assert_eq!(Action::from_parts(a.code(), a.operand()), Some(*a));
            assert_eq!(Action::takes_operand(a.code()), a.operand().is_some());
        }
        assert_eq!(Action::Equip(2).code(), 15, "codes never change");
        assert_eq!(Action::from_code(13), None, "an operand is needed");
        assert_eq!(Action::from_parts(8, Some(1)), None, "and refused when not");
        assert_eq!(
            Action::from_parts(13, Some(PACK_LIMIT)),
            Some(Action::Drop(PACK_LIMIT)),
            "the idol's slot in a full pack"
        );
        assert_eq!(Action::from_parts(14, Some(PACK_SLOTS)), None);
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
