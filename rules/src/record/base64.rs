//! Base64url without padding (RFC 4648 section 5): records in storage and in links.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

pub fn encode(bytes: &[u8]) -> String {
    // Written as bytes, four letters for every three bytes (fewer for the last one or two):
    // a saved run is encoded after every turn, so this is kept to a few steps a byte.
    let mut out = Vec::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let letters = [18, 12, 6, 0].map(|shift| ALPHABET[(n >> shift & 63) as usize]);
        out.extend_from_slice(&letters[..=chunk.len()]);
    }
    // Every byte is a letter of the alphabet, so the text is ASCII.
    String::from_utf8(out).unwrap_or_default()
}

fn value(c: u8) -> Option<u32> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' | b'+' => 62,
        b'_' | b'/' => 63,
        _ => return None,
    } as u32)
}

/// Decodes base64url (also accepting the standard alphabet and trailing '=' padding).
/// Returns `None` for any other character or an impossible length.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let t = text.trim().trim_end_matches('=').as_bytes();
    if t.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(t.len() * 3 / 4);
    for chunk in t.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_length_and_matches_known_text() {
        assert_eq!(encode(b"Caves"), "Q2F2ZXM");
        assert_eq!(encode(&[0xfb, 0xff]), "-_8");
        for n in 0..20u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37)).collect();
            assert_eq!(decode(&encode(&bytes)), Some(bytes));
        }
        assert_eq!(decode("Q2F2ZXM="), Some(b"Caves".to_vec()));
        assert_eq!(decode("a"), None);
        assert_eq!(decode("ab$d"), None);
    }
}
