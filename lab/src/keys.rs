//! Key names (`KeyboardEvent.key`) to lab actions, and the key list shown on screen.

/// Something a key asks the lab to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Show the step this many steps away.
    Step(i32),
    First,
    Last,
    /// One more smoothing pass of the shown level.
    SmoothOnce,
    ToggleRegions,
    ToggleWhole,
    /// Move the glyph view by this many view-halves.
    Pan(i32, i32),
    /// Show the level this many levels down.
    Level(i32),
    /// Pick the parameter this many rows away.
    Pick(i32),
    /// Change the picked parameter by this many notches.
    Change(i32),
    NextSeed,
    Play,
}

/// The action of key `key`, if it has one.
pub fn action(key: &str) -> Option<Action> {
    use Action::*;
    Some(match key {
        "ArrowLeft" | "[" => Step(-1),
        "ArrowRight" | "]" => Step(1),
        "Home" => First,
        "End" => Last,
        "s" | "S" => SmoothOnce,
        "r" | "R" => ToggleRegions,
        "v" | "V" => ToggleWhole,
        "h" => Pan(-1, 0),
        "l" => Pan(1, 0),
        "k" => Pan(0, -1),
        "j" => Pan(0, 1),
        "<" | "PageUp" => Level(-1),
        ">" | "PageDown" => Level(1),
        "ArrowUp" => Pick(-1),
        "ArrowDown" => Pick(1),
        "-" | "_" => Change(-1),
        "+" | "=" => Change(1),
        "n" | "N" => NextSeed,
        "p" | "P" | "Enter" => Play,
        _ => return None,
    })
}

/// The keys as shown on screen: (keys, what they do).
pub const KEYS: [(&str, &str); 9] = [
    ("\u{2190}\u{2192} [ ]", "step back/forward"),
    ("Home End", "first, last step"),
    ("s", "smooth once more"),
    ("r", "regions on or off"),
    ("v", "whole level/glyphs"),
    ("h j k l", "pan glyph view"),
    ("< >", "level up, down"),
    ("n", "next seed"),
    ("p Enter", "play these caves"),
];

/// The page's buttons for the lab on a touch screen, in rows of five (one row in landscape):
/// (label, the key each one presses, what a screen reader says, which holds the label's word
/// so that a spoken command finds the button). Every action but panning the glyph view has
/// one; the whole-level view shows all of a level instead.
pub const BUTTONS: [(&str, &str, &str); 15] = [
    ("\u{25C0} Back", "[", "step back"),
    ("Next \u{25B6}", "]", "next step"),
    ("Smooth", "s", "smooth once more"),
    ("Regions", "r", "regions on or off"),
    ("Whole", "v", "whole level or glyphs"),
    ("\u{25B2} Pick", "ArrowUp", "pick the parameter above"),
    ("\u{25BC} Pick", "ArrowDown", "pick the parameter below"),
    ("\u{2212}", "-", "lower the picked parameter"),
    ("+", "+", "raise the picked parameter"),
    ("Seed", "n", "next seed"),
    ("Level \u{2191}", "<", "level up"),
    ("Level \u{2193}", ">", "level down"),
    ("First", "Home", "first step"),
    ("Last", "End", "last step"),
    ("Play", "p", "play these caves"),
];
