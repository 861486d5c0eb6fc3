//! The player's cyclopedia entry: how the treasure hunter looks and is described. (The
//! player's fighting numbers are set in `rules::balance`.)

use crate::kinds::entry::Entry;
use crate::kinds::rgb::hex;

static PLAYER: Entry = Entry::creature(
    "you",
    (b'@', hex("#FFFFFF")),
    "A treasure hunter with a torch.",
);

/// The player's entry.
pub fn entry() -> &'static Entry {
    &PLAYER
}
