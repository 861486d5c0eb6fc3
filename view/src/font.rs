//! The CP437 glyph atlas: 256 glyphs of 8 x 8 pixels from the IBM PC's CGA character ROM
//! (carried by the `ibm437` crate, MIT). The crate stores its glyphs in its own order, so
//! each CP437 code goes through its Unicode character to find its bitmap.

use crate::cp437::UNICODE;
use ibm437::{char_offset_impl, CHARS_PER_ROW, IBM437_8X8_REGULAR_DATA};

/// Width and height of a glyph in pixels.
pub const GLYPH_SIZE: usize = 8;

/// One glyph: 8 rows, the most significant bit is the leftmost pixel.
pub type Glyph = [u8; GLYPH_SIZE];

const fn build() -> [Glyph; 256] {
    let mut atlas = [[0u8; GLYPH_SIZE]; 256];
    let mut code = 0;
    while code < 256 {
        let offset = char_offset_impl(UNICODE[code]);
        let (col, row) = (offset % CHARS_PER_ROW, offset / CHARS_PER_ROW);
        let mut y = 0;
        while y < GLYPH_SIZE {
            atlas[code][y] = IBM437_8X8_REGULAR_DATA[(row * GLYPH_SIZE + y) * CHARS_PER_ROW + col];
            y += 1;
        }
        code += 1;
    }
    // The ROM's `]` stands two columns left of `[` mirrored, its stem where a `J`'s is: at
    // the head of a line it reads as `J`. It is drawn as `[` mirrored, as the ROM's `}` is
    // its `{` mirrored.
    let mut y = 0;
    while y < GLYPH_SIZE {
        atlas[b']' as usize][y] = atlas[b'[' as usize][y].reverse_bits();
        y += 1;
    }
    atlas
}

/// All 256 glyphs indexed by CP437 code, built at compile time.
pub static ATLAS: [Glyph; 256] = build();

/// True when pixel (`x`, `y`) of glyph `code` is lit.
pub fn lit(code: u8, x: usize, y: usize) -> bool {
    ATLAS[code as usize][y] >> (7 - x) & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(code: u8) -> Vec<String> {
        (0..8)
            .map(|y| {
                (0..8)
                    .map(|x| if lit(code, x, y) { '#' } else { ' ' })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn letter_a_looks_like_an_a() {
        assert_eq!(
            picture(b'a'),
            [
                "        ", "        ", "  ####  ", "      # ", "  ##### ", " #    # ", "  ######",
                "        "
            ]
        );
    }

    /// The glyph of `code` mirrored left to right.
    fn mirrored(code: u8) -> Glyph {
        ATLAS[code as usize].map(u8::reverse_bits)
    }

    #[test]
    fn closing_brackets_mirror_their_opening_ones() {
        assert_eq!(mirrored(b'{'), ATLAS[b'}' as usize]);
        assert_eq!(mirrored(b'['), ATLAS[b']' as usize]);
        assert_eq!(
            picture(b']'),
            [
                "   #### ", "      # ", "      # ", "      # ", "      # ", "      # ", "   #### ",
                "        "
            ]
        );
    }

    #[test]
    fn every_code_has_its_own_glyph() {
        let mut seen = std::collections::HashMap::new();
        for code in 0..=255u8 {
            if let Some(other) = seen.insert(ATLAS[code as usize], code) {
                // Blank glyphs (0, space, no-break space) look alike by design.
                let blanks = [0u8, 32, 255];
                assert!(
                    blanks.contains(&code) && blanks.contains(&other),
                    "{other} and {code}"
                );
            }
        }
    }

    #[test]
    fn full_block_and_shade_have_the_expected_density() {
        let ones = |c: u8| {
            ATLAS[c as usize]
                .iter()
                .map(|r| r.count_ones())
                .sum::<u32>()
        };
        assert_eq!(ones(219), 64);
        assert_eq!(ones(0), 0);
        assert!(
            (24..=40).contains(&ones(177)),
            "medium shade is about half lit"
        );
    }
}
