//! FNV-1a, 64 bits: small, fixed by its definition, the same natively and in wasm. The world
//! checksum, the state fingerprint and seeds typed as text all use it.

/// The hash of no bytes.
pub const START: u64 = 0xcbf2_9ce4_8422_2325;

/// `h` extended by `bytes`.
pub fn fnv1a(h: u64, bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes
        .into_iter()
        .fold(h, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
