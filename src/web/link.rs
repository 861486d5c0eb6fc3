//! Share links, written and read in one place. A link is the page's address and a fragment:
//! `#run=` and the record deflated by the browser (a "deflate-raw" CompressionStream), or
//! `#raw=` and the record itself where the browser cannot deflate, or has not yet; both in
//! base64url (`record::base64`). The page only streams bytes through the browser's
//! compressor and decompressor.

use crate::record::base64;
use wasm_bindgen::prelude::*;

/// A run link read from a page address: the record's bytes, still deflated or not.
#[wasm_bindgen(getter_with_clone)]
pub struct Link {
    /// True for a `#run=` link: the page inflates `bytes` before opening them.
    #[wasm_bindgen(readonly)]
    pub deflated: bool,
    #[wasm_bindgen(readonly)]
    pub bytes: Vec<u8>,
}

/// The newest record the page deflated, and its deflated bytes.
#[derive(Default)]
pub struct Deflated {
    pub record: Vec<u8>,
    pub bytes: Vec<u8>,
}

/// The link to `record` at `page`: deflated when `deflated` holds this very record.
pub fn write(page: &str, record: &[u8], deflated: &Deflated) -> String {
    if record.is_empty() {
        String::new()
    } else if deflated.record == record {
        format!("{page}#run={}", base64::encode(&deflated.bytes))
    } else {
        format!("{page}#raw={}", base64::encode(record))
    }
}

/// Reads the fragment of a page address (`location.hash`): no link for an empty one, else a
/// link, or why it is not one (words for the start screen).
pub fn read(fragment: &str) -> Result<Option<Link>, &'static str> {
    let text = fragment.strip_prefix('#').unwrap_or(fragment);
    if text.is_empty() {
        return Ok(None);
    }
    let (deflated, data) = match text.split_once('=') {
        Some(("run", data)) => (true, data),
        Some(("raw", data)) => (false, data),
        _ => return Err("the link is not a Caves run link"),
    };
    // Only the base64url alphabet: base64::decode also takes the standard one.
    if !data
        .bytes()
        .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
    {
        return Err("the link is not a Caves run link");
    }
    let bytes = base64::decode(data).ok_or("the link is damaged or cut short")?;
    Ok(Some(Link { deflated, bytes }))
}
