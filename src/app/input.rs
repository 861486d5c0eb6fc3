//! Maps `KeyboardEvent.key` names to what the player asks for. Using `key` (not key codes)
//! keeps every keyboard layout working; the numeric keypad sends digits with NumLock on and
//! Home/PageUp/End/PageDown/Clear and arrows with it off.

use super::pick::Pick;
use crate::rules::autopilot::travel::Goal;
use crate::rules::{Action, Dir};

/// What a key asks for: an action of the rules, or something of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Act(Action),
    Help,
    Back,
    Confirm,
    /// Start or end look mode.
    Look,
    /// Make a link that replays the run.
    Share,
    /// Save the run as a file.
    Export,
    /// Take the stairs the player stands on, up or down.
    Stairs,
    /// Say where the player is and what is around, for a screen reader.
    Describe,
    /// Open the inventory to choose an item for this.
    Inventory(Pick),
    /// Open the map of every level seen.
    Overview,
    /// Hold the torch out to set a cell beside the player alight.
    Kindle,
}

/// The direction a movement key points, if it is one.
pub fn direction(key: &str) -> Option<Dir> {
    Some(match key {
        "ArrowLeft" | "h" | "4" | "Left" => Dir::W,
        "ArrowRight" | "l" | "6" | "Right" => Dir::E,
        "ArrowUp" | "k" | "8" | "Up" => Dir::N,
        "ArrowDown" | "j" | "2" | "Down" => Dir::S,
        "y" | "7" | "Home" => Dir::NW,
        "u" | "9" | "PageUp" => Dir::NE,
        "b" | "1" | "End" => Dir::SW,
        "n" | "3" | "PageDown" => Dir::SE,
        _ => return None,
    })
}

/// The command for a key, or `None` for keys the game does not use.
pub fn command(key: &str) -> Option<Command> {
    if let Some(d) = direction(key) {
        return Some(Command::Act(Action::Move(d)));
    }
    Some(match key {
        "." | "5" | "Clear" => Command::Act(Action::Wait),
        "R" => Command::Act(Action::Rest),
        "g" | "," => Command::Act(Action::PickUp),
        "i" => Command::Inventory(Pick::Browse),
        "d" => Command::Inventory(Pick::Drop),
        "q" | "r" | "a" => Command::Inventory(Pick::Use),
        "w" => Command::Inventory(Pick::Equip),
        "t" => Command::Inventory(Pick::Throw),
        "T" => Command::Act(Action::Torch),
        "C" => Command::Act(Action::CloseDoors),
        "f" => Command::Kindle,
        "<" => Command::Act(Action::Ascend),
        ">" => Command::Act(Action::Descend),
        "?" => Command::Help,
        "Escape" | "Esc" => Command::Back,
        "Enter" | " " => Command::Confirm,
        "x" => Command::Look,
        "s" => Command::Share,
        "e" => Command::Export,
        "Stairs" => Command::Stairs,
        "v" => Command::Describe,
        "M" | "Map" => Command::Overview,
        _ => return None,
    })
}

/// The journey a key asks for: `o` explores, `]` travels to the stairs towards what is still
/// unexplored and `[` to those towards the way out (by known stairs), and Shift with a direction (an upper-case letter, or "Shift+" and an arrow
/// from the page) runs that way.
pub fn travel_key(key: &str) -> Option<Goal> {
    Some(match key {
        "o" => Goal::Explore,
        "]" => Goal::Onward,
        "[" => Goal::WayOut,
        _ => {
            let plain = key.strip_prefix("Shift+").map(str::to_string).or_else(|| {
                let mut c = key.chars();
                match (c.next(), c.next()) {
                    (Some(ch), None) if ch.is_ascii_uppercase() => {
                        Some(ch.to_ascii_lowercase().to_string())
                    }
                    _ => None,
                }
            })?;
            Goal::Run(direction(&plain)?)
        }
    })
}

/// Keys that only modify others or move focus; they never start or end a screen.
pub fn is_modifier(key: &str) -> bool {
    matches!(
        key,
        "Shift"
            | "Control"
            | "Alt"
            | "AltGraph"
            | "Meta"
            | "OS"
            | "Fn"
            | "CapsLock"
            | "NumLock"
            | "ScrollLock"
            | "Tab"
            | "Dead"
            | "Unidentified"
            | "Process"
            | "ContextMenu"
    ) || (key.starts_with('F') && key.len() > 1 && key.bytes().skip(1).all(|b| b.is_ascii_digit()))
}

/// True for a key that only modifies others (it never starts anything).
pub fn ignorable(key: &str) -> bool {
    is_modifier(key) || key.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layout_of_moves_agrees() {
        for (keys, dir) in [
            (["ArrowLeft", "h", "4"], Dir::W),
            (["ArrowDown", "j", "2"], Dir::S),
            (["ArrowUp", "k", "8"], Dir::N),
            (["ArrowRight", "l", "6"], Dir::E),
            (["Home", "y", "7"], Dir::NW),
            (["PageDown", "n", "3"], Dir::SE),
        ] {
            for k in keys {
                assert_eq!(command(k), Some(Command::Act(Action::Move(dir))), "{k}");
            }
        }
        assert_eq!(command("Clear"), Some(Command::Act(Action::Wait)));
        assert_eq!(command(","), Some(Command::Act(Action::PickUp)));
        assert_eq!(command("R"), Some(Command::Act(Action::Rest)));
        assert_eq!(command("q"), Some(Command::Inventory(Pick::Use)));
        assert_eq!(command("t"), Some(Command::Inventory(Pick::Throw)));
        assert_eq!(command("T"), Some(Command::Act(Action::Torch)));
        assert_eq!(command("C"), Some(Command::Act(Action::CloseDoors)));
        assert_eq!(command("f"), Some(Command::Kindle));
    }

    #[test]
    fn travel_keys_name_their_journeys() {
        assert_eq!(travel_key("o"), Some(Goal::Explore));
        assert_eq!(travel_key("]"), Some(Goal::Onward));
        assert_eq!(travel_key("L"), Some(Goal::Run(Dir::E)));
        assert_eq!(travel_key("Shift+ArrowUp"), Some(Goal::Run(Dir::N)));
        assert_eq!(travel_key("l"), None);
        assert_eq!(travel_key(">"), None, "stairs keep their own rules");
        assert_eq!(travel_key("Q"), None);
    }

    #[test]
    fn unknown_keys_do_nothing() {
        for k in ["Q", "z", "F5", "Shift", "", "ArrowLeftt", "ñ"] {
            assert_eq!(command(k), None, "{k}");
        }
        assert!(is_modifier("F12") && is_modifier("Shift") && !is_modifier("F"));
    }
}
