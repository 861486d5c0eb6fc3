//! The keys, written once. `KeyboardEvent.key` names become commands in `input`; here is
//! what the player is shown and offered: the help's table of keys, the touch pad's buttons,
//! the toolbar's and the gamepad's buttons. The page builds its pad and toolbar and reads the
//! gamepad from these (`Game::bindings`), and the help screen draws them.

/// One button of the touch pad, in its order on the pad (four a row): the key it presses,
/// its label and its name for screen readers.
pub struct PadKey {
    pub key: &'static str,
    pub label: &'static str,
    pub name: &'static str,
}

const fn pad(key: &'static str, label: &'static str, name: &'static str) -> PadKey {
    PadKey { key, label, name }
}

/// The touch pad.
pub const PAD: [PadKey; 21] = [
    pad("y", "\u{2196}", "north-west"),
    pad("k", "\u{2191}", "north"),
    pad("u", "\u{2197}", "north-east"),
    pad("x", "Look", "look"),
    pad("h", "\u{2190}", "west"),
    pad(".", "Wait", "wait a turn"),
    pad("l", "\u{2192}", "east"),
    pad("Stairs", "< >", "stairs on your way: walk there, take them"),
    pad("b", "\u{2199}", "south-west"),
    pad("j", "\u{2193}", "south"),
    pad("n", "\u{2198}", "south-east"),
    pad("Escape", "Menu", "menu and back"),
    pad("g", "Get", "pick up"),
    pad("i", "Items", "inventory"),
    pad("R", "Rest", "rest until healed"),
    pad("o", "Explore", "explore"),
    pad("T", "Torch", "douse or relight the torch"),
    pad("t", "Throw", "throw an item, then tap where"),
    pad("Map", "Map", "map of the caves: tap a place to go there"),
    pad("C", "Close", "close the open doors beside you"),
    pad(
        "f",
        "Fire",
        "set fire with the torch, then tap a cell beside you",
    ),
];

/// The touch screens' toolbar after the page's own Pad button (which shows or hides the
/// pad): the key each button presses and its label.
pub const TOOLBAR: [(&str, &str); 6] = [
    ("c", "Colours"),
    ("Z", "Larger"),
    ("Sound", "Sound"),
    ("s", "Share"),
    ("B", "Board"),
    ("?", "Help"),
];

/// One gamepad button (its index in the Gamepad API's "standard" mapping): the key it
/// presses, its name and what the help says it does (nothing for the buttons the help
/// leaves out).
pub struct GamepadKey {
    pub button: u8,
    pub key: &'static str,
    pub name: &'static str,
    pub help: &'static str,
}

const fn button(
    button: u8,
    key: &'static str,
    name: &'static str,
    help: &'static str,
) -> GamepadKey {
    GamepadKey {
        button,
        key,
        name,
        help,
    }
}

/// The gamepad's buttons. A waits a turn (and confirms on the start and end screens); the
/// d-pad moves.
pub const GAMEPAD: [GamepadKey; 17] = [
    button(0, ".", "A", "wait"),
    button(1, "Escape", "B", "back"),
    button(2, "x", "X", "look (A there: burn)"),
    button(3, "i", "Y", "items"),
    button(4, "g", "LB", ""),
    // Walks to the stairs on your way and takes them.
    button(5, "Stairs", "RB", ""),
    button(6, "R", "LT", ""),
    button(7, "o", "RT", ""),
    button(8, "?", "Back", ""),
    // Starts or continues a run, and goes on with a journey that stopped.
    button(9, "Enter", "Start", ""),
    button(10, "T", "L3", "torch"),
    // Throws: then aim with the stick, A throws.
    button(11, "t", "R3", "throw"),
    button(12, "k", "up", ""),
    button(13, "j", "down", ""),
    button(14, "h", "left", ""),
    button(15, "l", "right", ""),
    // Home / Guide, where the browser passes it on: the map (the stick moves its cursor, A
    // goes there).
    button(16, "Map", "Home", ""),
];

/// The left stick's eight directions, counter-clockwise from east (a held one repeats).
pub const STICK: [&str; 8] = ["l", "u", "k", "y", "h", "b", "j", "n"];

/// The help's line for the gamepad.
pub fn gamepad_help() -> String {
    let mut text = String::from("stick moves");
    for b in GAMEPAD.iter().filter(|b| !b.help.is_empty()) {
        for part in [", ", b.name, " ", b.help] {
            text.push_str(part);
        }
    }
    text
}

/// Every key, as the help shows them (the gamepad's line, `gamepad_help`, goes before the last).
pub const KEYS: [(&str, &str); 32] = [
    ("arrows, h j k l", "move west, south, north, east"),
    ("y u b n", "move diagonally"),
    ("numeric keypad", "move in 8 directions (NumLock on or off)"),
    (". or keypad 5", "wait a turn"),
    ("R", "rest by torchlight or a fire until healed"),
    ("g or ,", "pick up what lies here"),
    ("i", "inventory: a letter uses or equips"),
    ("q r a, w, d", "quaff/read, wield/wear, drop an item"),
    ("t", "throw an item: pick it, aim, Enter throws"),
    ("T", "douse or relight your torch"),
    ("f", "set fire with the torch: then a direction"),
    (
        "walk into, C",
        "open a door; close the open doors beside you",
    ),
    (
        "^ (seen)",
        "a trap: step round it; . searches by torchlight",
    ),
    ("5 to 9, Y", "start screen: watch a best run; your days"),
    ("> and <", "walk down or up stairs you stand on"),
    ("walk into", "attack a creature"),
    ("click or tap", "walk to a place you have seen"),
    ("Shift+direction", "run until something happens"),
    ("o", "explore: the nearest unknown place or item seen"),
    ("] and [", "stairs to the unexplored; follow the way out"),
    ("M", "map of every level seen: choose, travel"),
    ("m", "sound off and on"),
    ("x, or mouse", "look: name what is under the cursor"),
    ("v", "describe the surroundings (screen readers)"),
    ("s / e", "share a link / export a file of this run"),
    ("c", "colour-blind-safe colours on or off"),
    ("Z", "larger glyphs on or off"),
    ("?", "show or close this help"),
    ("Escape", "close a screen"),
    ("Enter", "go on with a journey that stopped; new game"),
    ("B, P", "today's board; post a finished daily run"),
    ("any key", "stops a journey"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::input::{command, travel_key};

    #[test]
    fn every_button_presses_a_key_the_game_reads() {
        let keys = PAD.iter().map(|p| p.key);
        let keys = keys.chain(GAMEPAD.iter().map(|b| b.key)).chain(STICK);
        for key in keys {
            assert!(
                command(key).is_some() || travel_key(key).is_some(),
                "{key} does nothing"
            );
        }
    }

    #[test]
    fn the_help_names_the_gamepads_buttons() {
        assert_eq!(
            gamepad_help(),
            "stick moves, A wait, B back, X look (A there: burn), Y items, L3 torch, R3 throw"
        );
    }
}
