//! Random numbers from the browser's crypto: new seeds and run ids.

/// A random number; a failed read only makes it less random (the game still starts).
pub(crate) fn random_u32() -> u32 {
    let mut bytes = [0u8; 4];
    let _ = getrandom::fill(&mut bytes);
    u32::from_le_bytes(bytes)
}
