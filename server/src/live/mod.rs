//! Runs watched while they are played. The page sends a daily run's actions in batches as it
//! plays; the server replays them (never trusting the page's word for where the player is),
//! stores them in pieces and passes each piece to the run's watchers, whose streams
//! (server-sent events) carry the actions. Nothing here reaches the board: only a posted,
//! verified run counts.
//!
//! A live run is its player's claim on the game: the replay notes the play fingerprints of its
//! states at marks (`live_marks`), so a post of the same game by anyone else is a copy of it;
//! and a run the replay ends (won or lost) is kept as its player's run of the day, as a post
//! would be. Watchers see it `LIVE_HOLD_TURNS` turns behind the player, and its end only once
//! it is kept.
//!
//! One copy of the server passes pieces to its own watchers through a `broadcast` channel per
//! run. Copies over one PostgreSQL database tell each other with `NOTIFY caves_live` (ids and
//! action counts only: the rows carry the actions); each copy's listener reads a piece once
//! from the database for all its watchers. A watcher that falls behind its channel, or
//! reconnects with `Last-Event-ID`, reads what it missed from the stored pieces.

//!
//! - `api`: the HTTP interface of live runs (open, actions, the day's list);
//! - `stream`: a watcher's server-sent events;
//! - `tasks`: the listener of other copies' notifications, the sweep, and the keeping of
//!   runs their replay ended;
//! - `hub`: this copy's channels, watchers and replayed states; `play`: a run's replay;
//! - `store`: the rows.

pub mod api;
pub mod hub;
pub mod play;
pub mod store;
pub mod stream;
pub mod tasks;

pub use hub::Live;
