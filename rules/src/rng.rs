//! The seeded random generator. PCG has a fixed algorithm, so a seed gives the same numbers
//! natively and in wasm; callers sample with `u32` ranges, never `usize`.

use rand::SeedableRng;

/// The generator every seeded step uses.
pub type GameRng = rand_pcg::Pcg64Mcg;

/// A generator for `seed`.
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// Reads a seed typed by a person: a decimal number is used as it is; any other text is hashed
/// (FNV-1a), so every input names exactly one world. Surrounding spaces are ignored.
pub fn parse_seed(text: &str) -> u64 {
    let t = text.trim();
    t.parse()
        .unwrap_or_else(|_| crate::fnv::fnv1a(crate::fnv::START, t.bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore;

    #[test]
    fn numbers_are_their_own_seed_and_text_is_hashed_stably() {
        assert_eq!(parse_seed(" 42 "), 42);
        // Read as `str::parse` reads a u64: a leading '+' and leading zeros are a number.
        assert_eq!(parse_seed("+7"), 7);
        assert_eq!(parse_seed("007"), 7);
        for text in ["-7", "+", "18446744073709551616", "1e3"] {
            let hashed = crate::fnv::fnv1a(crate::fnv::START, text.bytes());
            assert_eq!(parse_seed(text), hashed, "{text:?} is not a number");
        }
        assert_eq!(parse_seed("caves"), parse_seed("caves"));
        assert_ne!(parse_seed("caves"), parse_seed("cave"));
    }

    #[test]
    fn generator_output_is_fixed_by_its_algorithm() {
        let mut a = seeded(7);
        let mut b = seeded(7);
        assert_eq!(a.next_u64(), b.next_u64());
    }
}
