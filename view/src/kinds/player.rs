//! How the player looks: the treasure hunter, `@` in white.

use super::{show, Look, Showing};
use crate::colour::hex;

/// What the screen calls the player.
pub const NAME: &str = "you";

pub const LOOK: Look = Look::on_floor(b'@', hex("#FFFFFF"));

/// How the player shows in look mode.
pub static SHOWING: Showing = show(LOOK, "A treasure hunter with a torch.");
