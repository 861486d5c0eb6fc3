//! Maps `KeyboardEvent.key` names to game commands. Using `key` (not key codes) keeps every
//! keyboard layout working; the numeric keypad sends digits with NumLock on and
//! Home/PageUp/End/PageDown/Clear and arrows with it off.

/// What a key asks the game to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Step by (dx, dy) in cells.
    Move(i32, i32),
    Wait,
    Ascend,
    Descend,
    Help,
    Back,
    Confirm,
    /// Start or end look mode.
    Look,
}

/// The command for a key, or `None` for keys the game does not use.
pub fn command(key: &str) -> Option<Command> {
    use Command::*;
    Some(match key {
        "ArrowLeft" | "h" | "4" | "Left" => Move(-1, 0),
        "ArrowRight" | "l" | "6" | "Right" => Move(1, 0),
        "ArrowUp" | "k" | "8" | "Up" => Move(0, -1),
        "ArrowDown" | "j" | "2" | "Down" => Move(0, 1),
        "y" | "7" | "Home" => Move(-1, -1),
        "u" | "9" | "PageUp" => Move(1, -1),
        "b" | "1" | "End" => Move(-1, 1),
        "n" | "3" | "PageDown" => Move(1, 1),
        "." | "5" | "Clear" => Wait,
        "<" => Ascend,
        ">" => Descend,
        "?" => Help,
        "Escape" | "Esc" => Back,
        "Enter" | " " => Confirm,
        "x" => Look,
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
        for (keys, step) in [
            (["ArrowLeft", "h", "4"], (-1, 0)),
            (["ArrowUp", "k", "8"], (0, -1)),
            (["Home", "y", "7"], (-1, -1)),
            (["PageDown", "n", "3"], (1, 1)),
        ] {
            for k in keys {
                assert_eq!(command(k), Some(Command::Move(step.0, step.1)), "{k}");
            }
        }
        assert_eq!(command("Clear"), Some(Command::Wait));
    }

    #[test]
    fn unknown_keys_do_nothing() {
        for k in ["q", "Q", "F5", "Shift", "", "ArrowLeftt", "ñ"] {
            assert_eq!(command(k), None, "{k}");
        }
        assert!(is_modifier("F12") && is_modifier("Shift") && !is_modifier("F"));
    }
}
