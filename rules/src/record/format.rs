//! The byte layout of a record (integers are LEB128 varints unless noted):
//!
//! ```text
//! "CAVE"  format:u8  ruleset  seed:u64le  width height depth  fill(1/65536ths)
//! passes  rule:u8  min_region  flags:u8 (1 daily)  variant:u8  [daily: len u8, UTF-8]
//! ended:u8
//! n_actions  actions (a code byte each, then an operand byte for item actions)  n_checkpoints  checkpoints:u32le each
//! final_hash:u64le  crc32:u32le (of everything before it)
//! ```

use super::base64;
use super::bytes::{crc32, put_varint, Reader};
use super::error::DecodeError;
use super::header::{fill_code, Header, DAILY, FILL_ONE};
use crate::builder::{SmoothRule, WorldParams, MAX_DEPTH, MAX_PASSES, MAX_SIDE};
use crate::game::action::Action;
use crate::game::ending::Outcome;
use crate::game::state::State;
use crate::ruleset::RULESET;
use crate::variants;

const MAGIC: &[u8; 4] = b"CAVE";
/// The version of this byte layout.
pub const FORMAT: u8 = 1;
/// A fingerprint is kept after every this many actions.
pub const CHECKPOINT_EVERY: usize = 100;
/// The most cells (width x height x depth) a recorded world may have.
pub const MAX_CELLS: i64 = 1024 * 1024 * 8;
/// The most actions a record may hold.
pub const MAX_ACTIONS: u64 = 10_000_000;

/// A run: its header, the actions taken, and fingerprints of the state along the way.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub header: Header,
    pub actions: Vec<Action>,
    /// `checkpoints[i]` is the low 32 bits of the state hash after `(i + 1) * CHECKPOINT_EVERY`
    /// actions.
    pub checkpoints: Vec<u32>,
    /// The state hash after the last action.
    pub final_hash: u64,
    /// True once the run has ended (won or lost).
    pub ended: bool,
}

impl Record {
    /// The record of a run that has taken no action yet in `state`.
    pub fn start(header: Header, state: &State) -> Record {
        Record {
            header,
            actions: Vec::new(),
            checkpoints: Vec::new(),
            final_hash: state.hash(),
            ended: false,
        }
    }

    /// Notes an action that `state` has just taken.
    pub fn push(&mut self, action: Action, state: &State) {
        self.actions.push(action);
        let hash = state.hash();
        if self.actions.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(hash as u32);
        }
        self.final_hash = hash;
        self.ended = state.outcome() != Outcome::Playing;
    }

    /// The record cut to its first `n` actions (a new run that plays on from there); the
    /// fingerprints of the shorter run come from `state`, the state after those actions.
    pub fn truncated(&self, n: usize, state: &State) -> Record {
        let n = n.min(self.actions.len());
        Record {
            header: self.header.clone(),
            actions: self.actions[..n].to_vec(),
            checkpoints: self.checkpoints[..(n / CHECKPOINT_EVERY).min(self.checkpoints.len())]
                .to_vec(),
            final_hash: state.hash(),
            ended: state.outcome() != Outcome::Playing,
        }
    }

    pub fn encode(&self) -> Vec<u8> {
        let h = &self.header;
        let p = &h.params;
        let mut out = Vec::with_capacity(64 + self.actions.len() + 4 * self.checkpoints.len());
        out.extend_from_slice(MAGIC);
        out.push(FORMAT);
        put_varint(&mut out, h.ruleset.into());
        out.extend_from_slice(&h.seed.to_le_bytes());
        for v in [p.width, p.height, p.depth] {
            put_varint(&mut out, v.max(1) as u64);
        }
        put_varint(&mut out, fill_code(p.fill).into());
        put_varint(&mut out, p.passes.into());
        out.push(match p.rule {
            SmoothRule::Majority => 0,
            SmoothRule::FiveOfNine => 1,
        });
        put_varint(&mut out, p.min_region.into());
        out.push(if h.daily.is_some() { DAILY } else { 0 });
        out.push(h.variant.id);
        if let Some(date) = &h.daily {
            let d = &date.as_bytes()[..date.len().min(64)];
            out.push(d.len() as u8);
            out.extend_from_slice(d);
        }
        out.push(u8::from(self.ended));
        put_varint(&mut out, self.actions.len() as u64);
        for a in &self.actions {
            a.encode(&mut out);
        }
        put_varint(&mut out, self.checkpoints.len() as u64);
        for c in &self.checkpoints {
            out.extend_from_slice(&c.to_le_bytes());
        }
        out.extend_from_slice(&self.final_hash.to_le_bytes());
        let crc = crc32(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads a record. Any input gives a record or an error, never a panic.
    pub fn decode(bytes: &[u8]) -> Result<Record, DecodeError> {
        if bytes.len() < 5 || &bytes[..4] != MAGIC {
            return Err(DecodeError::NotARecord);
        }
        if bytes[4] != FORMAT {
            return Err(DecodeError::Format(bytes[4]));
        }
        if bytes.len() < 9 {
            return Err(DecodeError::Truncated);
        }
        let (body, tail) = bytes.split_at(bytes.len() - 4);
        let crc = u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        if crc32(body) != crc {
            return Err(DecodeError::Damaged);
        }
        let mut r = Reader::new(&body[5..]);
        let ruleset = r.varint_max(u32::MAX.into(), "ruleset")? as u32;
        if ruleset != RULESET {
            return Err(DecodeError::Ruleset(ruleset));
        }
        let seed = r.u64_le()?;
        let width = r.varint_max(MAX_SIDE as u64, "width")? as i32;
        let height = r.varint_max(MAX_SIDE as u64, "height")? as i32;
        let depth = r.varint_max(MAX_DEPTH as u64, "depth")? as i32;
        if width < 1 || height < 1 || depth < 1 {
            return Err(DecodeError::Malformed("an empty world"));
        }
        if i64::from(width) * i64::from(height) * i64::from(depth) > MAX_CELLS {
            return Err(DecodeError::Malformed("a world too large to build"));
        }
        let fill = r.varint_max(FILL_ONE as u64, "fill chance")? as f64 / FILL_ONE;
        let passes = r.varint_max(MAX_PASSES.into(), "passes")? as u32;
        let rule = match r.u8()? {
            0 => SmoothRule::Majority,
            1 => SmoothRule::FiveOfNine,
            _ => return Err(DecodeError::Malformed("unknown smoothing rule")),
        };
        let min_region = r.varint_max(u32::MAX.into(), "minimum region")? as u32;
        let flags = r.u8()?;
        if flags & !DAILY != 0 {
            return Err(DecodeError::Malformed("flags"));
        }
        let id = r.u8()?;
        let variant = variants::by_id(id).ok_or(DecodeError::Variant(id))?;
        let daily = if flags & DAILY != 0 {
            let n = r.u8()? as usize;
            let text = std::str::from_utf8(r.take(n)?)
                .map_err(|_| DecodeError::Malformed("daily date"))?;
            Some(text.to_string())
        } else {
            None
        };
        let ended = match r.u8()? {
            0 => false,
            1 => true,
            _ => return Err(DecodeError::Malformed("ended flag")),
        };
        let n = r.varint_max(MAX_ACTIONS, "too many actions")? as usize;
        let mut actions = Vec::with_capacity(n.min(r.remaining()));
        for _ in 0..n {
            let code = r.u8()?;
            let operands = r.take(Action::operand_count(code))?;
            actions.push(
                Action::from_parts(code, operands)
                    .ok_or(DecodeError::Malformed("unknown action"))?,
            );
        }
        let k = r.varint_max((n / CHECKPOINT_EVERY) as u64, "checkpoint count")? as usize;
        if k != n / CHECKPOINT_EVERY {
            return Err(DecodeError::Malformed("checkpoint count"));
        }
        let mut checkpoints = Vec::with_capacity(k);
        for _ in 0..k {
            checkpoints.push(r.u32_le()?);
        }
        let final_hash = r.u64_le()?;
        if r.remaining() != 0 {
            return Err(DecodeError::Malformed("bytes after the end"));
        }
        Ok(Record {
            header: Header {
                ruleset,
                seed,
                params: WorldParams {
                    width,
                    height,
                    depth,
                    fill,
                    passes,
                    rule,
                    min_region,
                },
                daily,
                variant,
            },
            actions,
            checkpoints,
            final_hash,
            ended,
        })
    }

    /// The record as base64url text (for storage and links).
    pub fn to_text(&self) -> String {
        base64::encode(&self.encode())
    }

    /// Reads a record from base64url text.
    pub fn from_text(text: &str) -> Result<Record, DecodeError> {
        let bytes = base64::decode(text).ok_or(DecodeError::NotARecord)?;
        Record::decode(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dir;

    fn sample() -> Record {
        let header = Header::new(42, WorldParams::default(), Some("2026-11-22".into()));
        Record {
            header,
            actions: (0..250)
                .map(|i| match i % 16 {
                    c @ 13..=15 => Action::from_parts(c as u8, &[(i % 10) as u8]),
                    c => Action::from_code(c as u8),
                })
                .map(|a| a.expect("code"))
                .collect(),
            checkpoints: vec![7, 9],
            final_hash: 0x1234_5678_9abc_def0,
            ended: true,
        }
    }

    #[test]
    fn a_record_round_trips_through_bytes_and_text() {
        let r = sample();
        assert_eq!(Record::decode(&r.encode()), Ok(r.clone()));
        assert_eq!(Record::from_text(&r.to_text()), Ok(r));
    }

    #[test]
    fn damage_and_other_versions_are_reported_not_misread() {
        let r = sample();
        let mut bytes = r.encode();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0x10;
        assert_eq!(Record::decode(&bytes), Err(DecodeError::Damaged));
        assert_eq!(Record::decode(b"PNG!xxxx"), Err(DecodeError::NotARecord));
        let mut other = r.encode();
        other[4] = FORMAT + 1;
        assert_eq!(Record::decode(&other), Err(DecodeError::Format(FORMAT + 1)));
        let mut old = r.clone();
        old.header.ruleset = RULESET + 1;
        assert_eq!(
            Record::decode(&old.encode()),
            Err(DecodeError::Ruleset(RULESET + 1))
        );
        let short = &r.encode()[..20];
        assert!(Record::decode(short).is_err());
    }

    #[test]
    fn the_variant_is_kept_in_the_header() {
        for v in variants::ALL {
            let mut r = sample();
            r.header = r.header.in_variant(v);
            assert_eq!(Record::decode(&r.encode()), Ok(r.clone()));
            r.header.daily = None;
            let back = Record::decode(&r.encode()).expect("decodes");
            assert_eq!(back.header.variant, v);
        }
        let explorer = sample().header.in_variant(&variants::EXPLORER);
        assert_ne!(
            sample().encode(),
            Record {
                header: explorer,
                ..sample()
            }
            .encode()
        );
    }

    /// The byte after the flags names the variant; one this game lacks is refused by name,
    /// not read as another.
    #[test]
    fn an_unknown_variant_byte_is_refused() {
        let normal = sample().encode();
        let explorer = Record {
            header: sample().header.in_variant(&variants::EXPLORER),
            ..sample()
        }
        .encode();
        // The variant byte is the first byte in which the two runs' records differ.
        let at = (0..normal.len())
            .find(|&i| normal[i] != explorer[i])
            .expect("they differ");
        assert_eq!((normal[at], explorer[at]), (0, 1));
        let mut forged = normal.clone();
        forged[at] = 9;
        let end = forged.len() - 4;
        let crc = crc32(&forged[..end]);
        forged[end..].copy_from_slice(&crc.to_le_bytes());
        let refused = Record::decode(&forged);
        assert_eq!(refused, Err(DecodeError::Variant(9)));
        assert_eq!(
            refused.expect_err("refused").to_string(),
            "it was played in variant 9, which this version does not have"
        );
    }

    #[test]
    fn the_default_fill_is_kept_exactly() {
        assert_eq!(
            Header::new(1, WorldParams::default(), None).params.fill,
            0.5
        );
    }

    #[test]
    fn header_fill_is_rounded_once_and_then_stable() {
        let p = WorldParams {
            fill: 0.4567891,
            ..WorldParams::default()
        };
        let h = Header::new(1, p, None);
        let again = Header::new(1, h.params, None);
        assert_eq!(h.params.fill, again.params.fill);
        let rec = Record {
            header: h.clone(),
            actions: vec![Action::Move(Dir::E)],
            checkpoints: vec![],
            final_hash: 1,
            ended: false,
        };
        let back = Record::decode(&rec.encode()).expect("decodes");
        assert_eq!(back.header.params.fill, h.params.fill);
    }
}
