//! Terrain kinds. Each has a fixed one-byte code (its saved form), a name, a character in
//! text dumps and ASCII maps, and whether it can be walked on and seen through.

use crate::kinds::coded::coded_kinds;

coded_kinds! {
    /// The kinds of terrain a world is made of. The discriminants are the saved codes: never
    /// reuse or renumber one.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Tile {
        Floor = 0,
        Wall = 1,
        /// What the world answers for any place outside it.
        Bounds = 2,
        StairsUp = 3,
        StairsDown = 4,
        /// Environment features over the floor.
        Stalagmite = 5,
        Pool = 6,
        Fungus = 7,
        Rubble = 8,
        /// Doors in narrow passages: a closed one blocks walking, sight and light until a
        /// hand opens it; an open one is passed and seen through.
        DoorClosed = 9,
        DoorOpen = 10,
        /// Pressure plates, seen: whoever steps on one (a flier does not) or an item thrown
        /// onto it sets it off (`Trap`).
        AlarmPlate = 11,
        NetPlate = 12,
        GasPlate = 13,
        PitPlate = 14,
        /// The same plates, not yet found: they look like the cave floor until a lit search
        /// or a step on them shows them.
        HiddenAlarm = 15,
        HiddenNet = 16,
        HiddenGas = 17,
        HiddenPit = 18,
        /// An altar with three offerings beside it: take one and the others crumble, and the
        /// altar goes cold.
        Altar = 19,
        ColdAltar = 20,
        /// Flames: they wound whoever stands in them, light the cells around, catch the
        /// fuel beside them and burn out to bare floor (`game::fire`).
        Fire = 21,
        /// Dry moss in patches over the floor: fuel for fire, like glowing fungus.
        Moss = 22,
    }
}

/// What a pressure plate does when set off (`game::traps`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trap {
    /// A gong: every creature of the level wakes and comes to the plate.
    Alarm,
    /// A net drops: whoever stands there is held for some turns.
    Net,
    /// A cloud of gas: whoever stands on or beside the plate is befuddled.
    Gas,
    /// The floor gives way: a fall to the level below, with a wound.
    Pit,
}

impl Tile {
    /// What the rules know of this kind, by an exhaustive `match`.
    const fn terrain(self) -> &'static Terrain {
        match self {
            Tile::Floor => &const { Terrain::new("cave floor", '.', OPEN) },
            Tile::Wall => &const { Terrain::new("cave wall", '#', SOLID) },
            Tile::Bounds => &const { Terrain::new("solid rock", ' ', SOLID) },
            Tile::StairsUp => &const { Terrain::new("stairs up", '<', OPEN) },
            Tile::StairsDown => &const { Terrain::new("stairs down", '>', OPEN) },
            Tile::Stalagmite => &const { Terrain::new("stalagmite", 'S', SOLID) },
            Tile::Pool => &const { Terrain::new("deep pool", 'P', (false, true)) },
            Tile::Fungus => &const { Terrain::new("glowing fungus", 'f', OPEN) },
            Tile::Rubble => &const { Terrain::new("rubble", 'r', OPEN) },
            Tile::DoorClosed => &const { Terrain::new("closed door", '+', SOLID) },
            Tile::DoorOpen => &const { Terrain::new("open door", '\'', OPEN) },
            Tile::AlarmPlate => &const { Terrain::new("alarm plate", 'a', OPEN) },
            Tile::NetPlate => &const { Terrain::new("net plate", 'n', OPEN) },
            Tile::GasPlate => &const { Terrain::new("gas plate", 'v', OPEN) },
            Tile::PitPlate => &const { Terrain::new("trapdoor", 'u', OPEN) },
            // A hidden plate answers as the floor it looks like, but for its dump character.
            Tile::HiddenAlarm => &const { Terrain::new("cave floor", '1', OPEN) },
            Tile::HiddenNet => &const { Terrain::new("cave floor", '2', OPEN) },
            Tile::HiddenGas => &const { Terrain::new("cave floor", '3', OPEN) },
            Tile::HiddenPit => &const { Terrain::new("cave floor", '4', OPEN) },
            Tile::Altar => &const { Terrain::new("altar", '_', OPEN) },
            Tile::ColdAltar => &const { Terrain::new("cold altar", '-', OPEN) },
            Tile::Fire => &const { Terrain::new("flames", 'w', OPEN) },
            Tile::Moss => &const { Terrain::new("dry moss", 'q', OPEN) },
        }
    }

    /// What the log and the screen call this kind ("cave floor").
    pub const fn name(self) -> &'static str {
        self.terrain().name
    }

    /// This kind's character in text dumps and ASCII maps (`World::dump`, `World::from_text`):
    /// a capital letter for a feature that blocks the way, a small one for one that does not.
    pub const fn dump(self) -> char {
        self.terrain().dump
    }

    /// Open tiles can be walked on (floor, stairs and the features that do not block).
    pub const fn is_open(self) -> bool {
        self.terrain().walkable
    }

    /// Light and sight pass through.
    pub const fn is_transparent(self) -> bool {
        self.terrain().transparent
    }

    /// Open, or a closed door: a player (or a creature with hands) gets through it, by
    /// walking into it to open it first.
    pub const fn is_passable(self) -> bool {
        self.is_open() || matches!(self, Tile::DoorClosed)
    }

    /// Passable, and no pressure plate the player can see and no flames: the way travel and
    /// the autopilot take (a hidden plate looks like any floor).
    pub const fn is_walkway(self) -> bool {
        self.is_passable()
            && (self.trap().is_none() || self.is_hidden())
            && !matches!(self, Tile::Fire)
    }

    /// Fuel: fire spreads over it.
    pub const fn is_fuel(self) -> bool {
        matches!(self, Tile::Fungus | Tile::Moss)
    }

    pub const fn is_door(self) -> bool {
        matches!(self, Tile::DoorClosed | Tile::DoorOpen)
    }

    pub const fn is_stairs(self) -> bool {
        matches!(self, Tile::StairsUp | Tile::StairsDown)
    }

    /// The trap of a pressure plate, found or hidden.
    pub const fn trap(self) -> Option<Trap> {
        match self {
            Tile::AlarmPlate | Tile::HiddenAlarm => Some(Trap::Alarm),
            Tile::NetPlate | Tile::HiddenNet => Some(Trap::Net),
            Tile::GasPlate | Tile::HiddenGas => Some(Trap::Gas),
            Tile::PitPlate | Tile::HiddenPit => Some(Trap::Pit),
            _ => None,
        }
    }

    /// A pressure plate not yet found.
    pub const fn is_hidden(self) -> bool {
        matches!(
            self,
            Tile::HiddenAlarm | Tile::HiddenNet | Tile::HiddenGas | Tile::HiddenPit
        )
    }

    /// What the player sees of this kind: a hidden plate is cave floor.
    pub const fn seen(self) -> Tile {
        if self.is_hidden() {
            Tile::Floor
        } else {
            self
        }
    }

    /// This plate found (itself when it is no hidden plate).
    pub const fn found(self) -> Tile {
        match self {
            Tile::HiddenAlarm => Tile::AlarmPlate,
            Tile::HiddenNet => Tile::NetPlate,
            Tile::HiddenGas => Tile::GasPlate,
            Tile::HiddenPit => Tile::PitPlate,
            t => t,
        }
    }

    /// The plate of `trap`, seen or hidden.
    pub const fn plate(trap: Trap, hidden: bool) -> Tile {
        match (trap, hidden) {
            (Trap::Alarm, false) => Tile::AlarmPlate,
            (Trap::Net, false) => Tile::NetPlate,
            (Trap::Gas, false) => Tile::GasPlate,
            (Trap::Pit, false) => Tile::PitPlate,
            (Trap::Alarm, true) => Tile::HiddenAlarm,
            (Trap::Net, true) => Tile::HiddenNet,
            (Trap::Gas, true) => Tile::HiddenGas,
            (Trap::Pit, true) => Tile::HiddenPit,
        }
    }
}

/// The rules' data of a terrain kind.
struct Terrain {
    name: &'static str,
    dump: char,
    walkable: bool,
    transparent: bool,
}

/// (walkable, transparent) of open ground and of solid rock.
const OPEN: (bool, bool) = (true, true);
const SOLID: (bool, bool) = (false, false);

impl Terrain {
    const fn new(name: &'static str, dump: char, (walkable, transparent): (bool, bool)) -> Self {
        Terrain {
            name,
            dump,
            walkable,
            transparent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_is_open_and_walls_and_spikes_block() {
        assert!(
            Tile::Floor.is_open() && !Tile::Wall.is_open() && !Tile::Stalagmite.is_transparent()
        );
        assert!(!Tile::Pool.is_open() && Tile::Pool.is_transparent());
        assert_eq!(Tile::Wall.name(), "cave wall");
        assert!(!Tile::DoorClosed.is_open() && !Tile::DoorClosed.is_transparent());
        assert!(Tile::DoorClosed.is_passable() && !Tile::Wall.is_passable());
        assert!(Tile::DoorOpen.is_open() && Tile::DoorOpen.is_transparent());
    }

    #[test]
    fn codes_round_trip_and_are_pinned() {
        for t in Tile::ALL {
            assert_eq!(Tile::from_code(t.code()), Some(t));
        }
        // Saved worlds and records depend on these numbers never changing.
        assert_eq!(Tile::Floor.code(), 0);
        assert_eq!(Tile::StairsDown.code(), 4);
        assert_eq!(Tile::Rubble.code(), 8);
        assert_eq!(Tile::DoorClosed.code(), 9);
        assert_eq!(Tile::DoorOpen.code(), 10);
        assert_eq!(Tile::AlarmPlate.code(), 11);
        assert_eq!(Tile::HiddenPit.code(), 18);
        assert_eq!(Tile::Altar.code(), 19);
        assert_eq!(Tile::Fire.code(), 21);
        assert_eq!(Tile::Moss.code(), 22);
        assert_eq!(Tile::from_code(23), None);
    }

    #[test]
    fn a_hidden_plate_is_its_trap_unseen_and_found_is_seen() {
        for (t, trap) in Tile::ALL
            .into_iter()
            .filter_map(|t| t.trap().map(|k| (t, k)))
        {
            assert_eq!(t.found(), Tile::plate(trap, false));
            assert_eq!(t.is_hidden(), t == Tile::plate(trap, true));
            assert!(t.is_open() && t.is_transparent());
            if t.is_hidden() {
                assert_eq!((t.seen(), t.name()), (Tile::Floor, "cave floor"));
            } else {
                assert_eq!(t.seen(), t);
            }
        }
        assert_eq!(Tile::Floor.trap(), None);
    }

    #[test]
    fn dump_characters_are_distinct() {
        let mut chars: Vec<char> = Tile::ALL.iter().map(|t| t.dump()).collect();
        chars.sort();
        chars.dedup();
        assert_eq!(chars.len(), Tile::ALL.len());
    }

    #[test]
    fn dump_letters_tell_blocking_features_apart() {
        for t in Tile::ALL {
            if t.dump().is_ascii_alphabetic() {
                assert_eq!(t.dump().is_ascii_uppercase(), !t.is_open(), "{}", t.name());
            }
        }
    }

    #[test]
    fn all_lists_every_code_in_order_without_gaps() {
        for (i, k) in Tile::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(k.code()), i, "{k:?}");
        }
        assert_eq!(Tile::from_code(Tile::ALL.len() as u8), None);
    }
}
