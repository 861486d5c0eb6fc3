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
/// place of green, red, orange and violet; cyan becomes a blue lighter than Okabe-Ito's; a
/// cave monkey's red-orange becomes vermilion and a bloat's pink bluish green; a gloom
/// stalker's violet-blue stays). The purple, the vermilion, the bluish green and the blue
/// are lighter than Okabe-Ito's own, so that each creature reads as text on every floor in
/// every light, the fungus glow's green included (`view::light`'s contrast test).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    #[default]
    Standard,
    ColourSafe,
}

/// Standard colour and its colour-safe replacement.
const SAFE: [(Rgb, Rgb); 8] = [
    (ACCENT, hex("#56B4E9")),
    (WARN, hex("#E69F00")),
    // A bugbear's rose red.
    (hex("#FF6A88"), hex("#E69F00")),
    (hex("#FD971F"), hex("#F0E442")),
    (hex("#AE81FF"), hex("#D68AB5")),
    (hex("#66D9EF"), hex("#5AA5EA")),
    (hex("#FF6E40"), hex("#F57A35")),
    (hex("#FFAFD7"), hex("#20B890")),
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

/// WCAG 2 relative luminance of `c`, 0 (black) to 1 (white).
pub fn luminance(c: Rgb) -> f64 {
    let ch = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.03928 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])
}

/// WCAG 2 contrast ratio of two colours, 1 (the same) to 21 (black on white).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_is_the_wcag_ratio() {
        assert!((contrast([0; 3], [255; 3]) - 21.0).abs() < 1e-9);
        assert!((contrast([119; 3], [255; 3]) - 4.48).abs() < 0.01);
        assert_eq!(contrast(ACCENT, ACCENT), 1.0);
    }

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
