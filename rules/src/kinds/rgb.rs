//! How kinds say their colours: an RGB triple and a compile-time `#RRGGBB` parser.

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
