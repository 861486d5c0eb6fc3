//! The player's display choices: colours, glyph size, sound, and whether they play by touch.
//! They change how screens look, read and sound, never the game.

use crate::view::colour::Palette;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    pub palette: Palette,
    /// Larger glyphs (fewer, bigger cells).
    pub larger: bool,
    /// The player has touched the screen: screens say "tap", menus grow.
    pub touch: bool,
    /// Short sounds for what matters (on until turned off).
    pub sound: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            palette: Palette::Standard,
            larger: false,
            touch: false,
            sound: true,
        }
    }
}

impl Prefs {
    /// The choices worth remembering, as text: `palette=safe`, `larger`, `quiet`, separated by
    /// spaces.
    pub fn to_text(self) -> String {
        // Strings, not `&str`s: joined as the page's other lists are, with one copy of `join`.
        let mut words: Vec<String> = Vec::new();
        if self.palette == Palette::ColourSafe {
            words.push("palette=safe".into());
        }
        if self.larger {
            words.push("larger".into());
        }
        if !self.sound {
            words.push("quiet".into());
        }
        words.join(" ")
    }

    /// Takes back choices written by `to_text` (unknown words are ignored; touch stays).
    pub fn read(&mut self, text: &str) {
        let has = |word: &str| text.split_ascii_whitespace().any(|w| w == word);
        self.palette = if has("palette=safe") {
            Palette::ColourSafe
        } else {
            Palette::Standard
        };
        self.larger = has("larger");
        self.sound = !has("quiet");
    }

    /// A key that changes how the game looks or sounds, on any screen: `c` colours, `Z` glyph
    /// size, `m` sound. True when the key was one of them.
    pub fn toggle(&mut self, key: &str) -> bool {
        match key {
            "c" => {
                self.palette = match self.palette {
                    Palette::Standard => Palette::ColourSafe,
                    Palette::ColourSafe => Palette::Standard,
                };
            }
            "Z" => self.larger = !self.larger,
            "m" | "Sound" => self.sound = !self.sound,
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_round_trip_through_text_and_unknown_words_are_ignored() {
        let mut p = Prefs::default();
        assert_eq!(p.to_text(), "");
        assert!(p.toggle("c") && p.toggle("Z") && !p.toggle("x"));
        assert_eq!(p.to_text(), "palette=safe larger");
        assert!(p.sound);
        assert!(p.toggle("m"));
        assert!(!p.sound);
        assert_eq!(p.to_text(), "palette=safe larger quiet");
        let mut q = Prefs {
            touch: true,
            ..Prefs::default()
        };
        q.read("larger nonsense palette=safe quiet");
        assert_eq!(
            (q.palette, q.larger, q.touch, q.sound),
            (Palette::ColourSafe, true, true, false)
        );
        q.read("");
        assert_eq!(q.to_text(), "");
        assert!(q.sound);
    }
}
