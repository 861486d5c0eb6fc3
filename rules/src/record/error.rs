//! Why bytes are not a record this game can use, in words for the player.

use crate::ruleset::RULESET;

/// Why bytes are not a record this game can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    NotARecord,
    Truncated,
    /// The bytes were changed after they were written.
    Damaged,
    /// A newer or unknown byte layout.
    Format(u8),
    /// Played under other rules: replaying it here would not give the same game.
    Ruleset(u32),
    /// Played in a variant this game does not have (the header's variant byte).
    Variant(u8),
    Malformed(&'static str),
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::NotARecord => write!(f, "it is not a Caves run"),
            DecodeError::Truncated => write!(f, "it is cut short"),
            DecodeError::Damaged => write!(f, "it is damaged (its checksum does not match)"),
            DecodeError::Format(v) => write!(
                f,
                "it uses record format {v}, which this version cannot read"
            ),
            DecodeError::Ruleset(v) => write!(
                f,
                "it was played under ruleset {v}, and this version plays ruleset {RULESET}"
            ),
            DecodeError::Variant(v) => write!(
                f,
                "it was played in variant {v}, which this version does not have"
            ),
            DecodeError::Malformed(what) => write!(f, "it is malformed ({what})"),
        }
    }
}
