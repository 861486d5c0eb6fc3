//! Colours: an RGB triple, a compile-time `#RRGGBB` parser, the interface palette (the kinds'
//! own colours are in `view::kinds`) and the colour-blind palette.

/// An RGB colour.
pub type Rgb = [u8; 3];

/// Parses `#RRGGBB` at compile time.
pub const fn hex(s: &str) -> Rgb {
    let b = s.as_bytes();
    const fn nib(c: u8) -> u8 {
        match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => panic!("bad hex digit"),
        }
    }
    [
        nib(b[1]) * 16 + nib(b[2]),
        nib(b[3]) * 16 + nib(b[4]),
        nib(b[5]) * 16 + nib(b[6]),
    ]
}

pub const BLACK: Rgb = [0, 0, 0];
/// Body text.
pub const TEXT: Rgb = hex("#F8F8F2");
/// Labels and hints.
pub const DIM: Rgb = hex("#75715E");
/// Titles and key names.
pub const TITLE: Rgb = hex("#E6DB74");
/// Calls to action and good news.
pub const ACCENT: Rgb = hex("#A6E22E");
/// Danger and bad news.
pub const WARN: Rgb = hex("#F92672");
/// The sidebar's background.
pub const PANEL: Rgb = hex("#272822");

/// The colours a player chose: the standard ones, or a palette that people with red-green
/// colour blindness tell apart (blue, orange, yellow and purple from the Okabe-Ito set in
/// place of green, red, orange and violet; cyan becomes a blue lighter than Okabe-Ito's, so a
/// kobold reads on a dark floor; a cave monkey's red-orange becomes vermilion and a bloat's
/// pink bluish green; a gloom stalker's violet-blue stays).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    #[default]
    Standard,
    ColourSafe,
}

/// Standard colour and its colour-safe replacement.
const SAFE: [(Rgb, Rgb); 7] = [
    (ACCENT, hex("#56B4E9")),
    (WARN, hex("#E69F00")),
    (hex("#FD971F"), hex("#F0E442")),
    (hex("#AE81FF"), hex("#CC79A7")),
    (hex("#66D9EF"), hex("#4D9DE0")),
    (hex("#FF6E40"), hex("#D55E00")),
    (hex("#FFAFD7"), hex("#009E73")),
];

impl Palette {
    /// `c` as this palette shows it.
    pub fn map(self, c: Rgb) -> Rgb {
        match self {
            Palette::Standard => c,
            Palette::ColourSafe => SAFE
                .iter()
                .find(|(from, _)| *from == c)
                .map_or(c, |&(_, to)| to),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_safe_palette_replaces_green_and_red_and_keeps_the_rest() {
        let safe = Palette::ColourSafe;
        assert_ne!(safe.map(ACCENT), ACCENT);
        assert_ne!(safe.map(WARN), WARN);
        assert_ne!(safe.map(ACCENT), safe.map(WARN));
        assert_eq!(safe.map(TEXT), TEXT);
        assert_eq!(Palette::Standard.map(WARN), WARN);
    }

    #[test]
    fn hex_reads_each_channel() {
        assert_eq!(hex("#1E2320"), [0x1E, 0x23, 0x20]);
        assert_eq!(hex("#a6e22e"), [0xA6, 0xE2, 0x2E]);
    }
}
