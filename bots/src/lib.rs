//! Bots that play whole games through the rules' actions, knowing only what a player can:
//! what is lit now, the map remembered, items seen (and how they look, until identified),
//! and the log. None of them reads where the idol lies before it has been seen, what an
//! unidentified potion is, or a creature out of sight.
//!
//! - `autopilot` plays as a tap-only player does: explore (which picks up what lies on its
//!   way), the stairs button, hit a neighbour, wait.
//! - `reckless` dives: it heads for the stairs it knows, fights what blocks it, and never
//!   rests, retreats or uses items.
//! - `careful` picks up what it sees, wields and wears the best, drinks and reads to learn,
//!   heals when hurt, keeps its torch fed, steps back when hurt and rests when alone.
//! - `expert` is careful, and plays the caves: it douses its torch to lose a shade, strikes
//!   creatures that have not noticed it, throws darts, daggers and known
//!   potions, and walks around jellies.
//! - `doused` plays the dark for all it is worth: the careful bot with its torch put out
//!   except to rest by (wounds close only by torchlight), exploring every level where no
//!   fuel burns. The caves' own clock and healing by torchlight must make that no better
//!   than playing lit: it wins no more often than the careful bot, and its wins take no
//!   fewer turns.
//!
//! What counts as a danger is the game's own rule (`State::danger`, the one travel and
//! exploring stop for): the careful and expert bots step back from the nearest danger and
//! close in on dangerous shooters.
//!
//! `Bot::play` plays a whole game from a record's header and gives back the run's record;
//! `Game` is a game as a bot sees it, for stepping a bot's `policy` by hand (a scene, say).

pub mod autopilot;
pub mod careful;
pub mod doused;
pub mod expert;
pub mod game;
pub mod play;
pub mod reckless;

pub use game::{Game, Tactics, MAX_NOTES};
pub use play::{Bot, Run, MAX_ACTIONS};
