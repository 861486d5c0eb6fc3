//! Maps `KeyboardEvent.key` names to what the player asks for. Using `key` (not key codes)
//! keeps every keyboard layout working; the numeric keypad sends digits with NumLock on and
//! Home/PageUp/End/PageDown/Clear and arrows with it off.

use super::inventory::Pick;
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
    /// Open the inventory to choose an item for this.
    Inventory(Pick),
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
        "<" => Command::Act(Action::Ascend),
        ">" => Command::Act(Action::Descend),
        "?" => Command::Help,
        "Escape" | "Esc" => Command::Back,
        "Enter" | " " => Command::Confirm,
        "x" => Command::Look,
        "s" => Command::Share,
        "e" => Command::Export,
        _ => return None,
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
    ) || (key.starts_with('F') && key.len() > 1 && key[1..].bytes().all(|b| b.is_ascii_digit()))
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
    }

    #[test]
    fn unknown_keys_do_nothing() {
        for k in ["Q", "z", "F5", "Shift", "", "ArrowLeftt", "ñ"] {
            assert_eq!(command(k), None, "{k}");
        }
        assert!(is_modifier("F12") && is_modifier("Shift") && !is_modifier("F"));
    }
}
