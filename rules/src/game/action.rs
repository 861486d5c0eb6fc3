//! What a player can do in a turn. Actions know nothing of keys or screens; a run is its seed
//! and parameters plus the list of actions taken, and each action has a fixed code for records.

use crate::balance::{PACK_LIMIT, THROW_RANGE};

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
/// `PACK_LIMIT` items and the idol, slots 0 up to this, exclusive (and as many letters, from
/// a: each carried thing takes the first free one, `State::letter`). Records encode exactly
/// these slots, so what the pack can hold, the inventory can show and a record can
/// say always agree.
pub const PACK_SLOTS: u8 = PACK_LIMIT + 1;

// Every slot has a letter from 'a' to 'z', and an operand byte of its own.
const _: () = assert!(PACK_SLOTS == PACK_LIMIT + 1 && PACK_SLOTS <= 26);

/// Something a player does. `Move` into a creature attacks it. Item actions name a pack slot:
/// the item's place in the carried list (the player knows it by its letter, which stays with
/// it while carried: `State::letter`).
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
    /// Quaff a potion, read a scroll or pour oil into the torch (weapons and armour are
    /// equipped).
    Use(u8),
    /// Wield a weapon or wear armour; again to take it off.
    Equip(u8),
    /// Douse a burning torch, or relight a doused one.
    Torch,
    /// Throw the item in a pack slot towards the cell `dx`, `dy` away (each within
    /// `THROW_RANGE`).
    Throw {
        slot: u8,
        dx: i8,
        dy: i8,
    },
    /// Close the open doors beside the player.
    CloseDoors,
    /// Set the cell that way alight with the torch.
    Kindle(Dir),
}

/// The farthest a throw can aim, either way on each axis; a target is one operand byte.
const AIM: i32 = THROW_RANGE;
const AIM_SIDE: i32 = 2 * AIM + 1;
const _: () = assert!(AIM_SIDE * AIM_SIDE <= 256);

impl Action {
    /// The action's code in a record: one byte. Codes are never reused or renumbered; new
    /// actions take new codes. A code is followed by `operand_count(code)` operand bytes.
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
            Action::Torch => 16,
            Action::Throw { .. } => 17,
            Action::CloseDoors => 18,
            Action::Kindle(_) => 19,
        }
    }

    /// How many operand bytes follow `code` in a record: a pack slot for item actions, a
    /// slot and a target cell for a throw, a direction to kindle.
    pub const fn operand_count(code: u8) -> usize {
        match code {
            13..=15 | 19 => 1,
            17 => 2,
            _ => 0,
        }
    }

    /// The operand bytes that follow the code in a record.
    pub fn operands(self) -> Vec<u8> {
        let mut out = Vec::new();
        self.put_operands(&mut out);
        out
    }

    /// Appends the operand bytes (`operands`) to `out`, without a list of their own: a run's
    /// record is written after every turn, every action of it again.
    fn put_operands(self, out: &mut Vec<u8>) {
        match self {
            Action::Drop(s) | Action::Use(s) | Action::Equip(s) => out.push(s),
            Action::Kindle(d) => out.push(d as u8),
            Action::Throw { slot, dx, dy } => {
                let target = (i32::from(dy) + AIM) * AIM_SIDE + i32::from(dx) + AIM;
                out.extend([slot, target as u8]);
            }
            _ => {}
        }
    }

    /// The action of an operand-free code, or `None` for a code no such action has.
    pub fn from_code(code: u8) -> Option<Action> {
        Action::from_parts(code, &[])
    }

    /// The action with code `code` and its operand bytes (exactly `operand_count(code)` of
    /// them), or `None` when they make no action. A slot must be below `PACK_SLOTS`, a target
    /// within `THROW_RANGE`.
    pub fn from_parts(code: u8, operands: &[u8]) -> Option<Action> {
        if operands.len() != Action::operand_count(code) {
            return None;
        }
        let slot = operands.first().copied().unwrap_or(0);
        if slot >= PACK_SLOTS {
            return None;
        }
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
            16 => Action::Torch,
            17 => {
                let t = i32::from(operands[1]);
                if t >= AIM_SIDE * AIM_SIDE {
                    return None;
                }
                Action::throw(slot, t % AIM_SIDE - AIM, t / AIM_SIDE - AIM)?
            }
            18 => Action::CloseDoors,
            19 => Action::Kindle(*Dir::ALL.get(usize::from(slot))?),
            _ => return None,
        })
    }

    /// A throw of `slot` at the cell (`dx`, `dy`) away, if it is within reach and not the
    /// thrower's own cell.
    pub fn throw(slot: u8, dx: i32, dy: i32) -> Option<Action> {
        let reach = -AIM..=AIM;
        (slot < PACK_SLOTS && reach.contains(&dx) && reach.contains(&dy) && (dx, dy) != (0, 0))
            .then_some(Action::Throw {
                slot,
                dx: dx as i8,
                dy: dy as i8,
            })
    }

    /// Appends the action's record bytes: its code, then its operands.
    pub fn encode(self, out: &mut Vec<u8>) {
        out.push(self.code());
        self.put_operands(out);
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
            Action::Torch,
            Action::throw(2, -7, 7).expect("in reach"),
            Action::throw(0, 3, 0).expect("in reach"),
            Action::CloseDoors,
            Action::Kindle(Dir::SW),
        ]);
        for a in &all {
            assert_eq!(Action::from_parts(a.code(), &a.operands()), Some(*a));
            assert_eq!(Action::operand_count(a.code()), a.operands().len());
        }
        assert_eq!(Action::Equip(2).code(), 15, "codes never change");
        assert_eq!(Action::CloseDoors.code(), 18);
        assert_eq!(Action::from_parts(19, &[8]), None, "no ninth direction");
        assert_eq!(Action::from_code(13), None, "an operand is needed");
        assert_eq!(Action::from_parts(8, &[1]), None, "and refused when not");
        assert_eq!(
            Action::from_parts(13, &[PACK_LIMIT]),
            Some(Action::Drop(PACK_LIMIT)),
            "the idol's slot in a full pack"
        );
        assert_eq!(Action::from_parts(14, &[PACK_SLOTS]), None);
        assert_eq!(
            Action::from_parts(17, &[0, 255]),
            None,
            "a target out of reach"
        );
        assert_eq!(
            Action::from_parts(17, &[0, 112]),
            None,
            "the thrower's own cell"
        );
        assert_eq!(Action::throw(0, 8, 0), None);
        let mut codes: Vec<u8> = all.iter().map(|a| a.code()).collect();
        codes.dedup();
        assert_eq!(codes.len(), all.len() - 1, "two throws share a code");
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
