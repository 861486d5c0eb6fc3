//! The store's decimal numbers: a slot's and a history line's fields, a key's run id, the
//! shared top counter.

/// A decimal number of the store, read as a `u64` (the widest of them) and narrowed to `T`,
/// so the page carries one integer parser for all of them. None of them is ever negative.
pub(crate) fn number<T: TryFrom<u64>>(text: &str) -> Option<T> {
    text.parse::<u64>().ok()?.try_into().ok()
}
