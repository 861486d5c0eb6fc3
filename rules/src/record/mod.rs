//! A run's record: a header (format and ruleset versions, seed, world parameters, the daily
//! date, the variant), the actions taken, and the state's fingerprint at intervals and at the end. One
//! record is the save, the resume, the replay, the shareable link and a regression test.
//! The byte layout is in `format`.

pub mod actions;
pub mod base64;
mod bytes;
mod error;
mod format;
mod header;
pub mod replay;

pub use bytes::crc32;
pub use error::DecodeError;
pub use format::{Record, CHECKPOINT_EVERY, FORMAT, MAX_ACTIONS, MAX_CELLS};
pub use header::{daily_seed, Header};
pub use replay::{replay, replay_to_end, ReplayError};
