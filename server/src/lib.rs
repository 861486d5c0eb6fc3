//! The daily caves' shared board: a server that replays every submitted run with the game's
//! own rules (the `caves` crate) and keeps the verified scores in SQLite or PostgreSQL.
//!
//! - `verify`: what makes a run fit for the board, its score from the replay, and the game
//!   it played (for copies);
//! - `board`: the runs kept, names, limits and seeds (one set of SQL queries for both
//!   databases);
//! - `api` and `error`: the HTTP interface (axum), thin over the two, and its refusals;
//!   `service`: the state its handlers share; `bodies`: the bodies they take;
//! - `net`: connections, timeouts and the clean stop; `pool`: the verifiers;
//! - `clients`, `names`, `claims`: who posts, and the names they claim; `dist`: the built
//!   page, served safely; `graves`: where the day's lost runs ended;
//! - `metrics`, `limits`, `dates`, `cli`, `transfer` (export and import);
//! - `live`: runs watched while they are played (never on the board); `gate`: what of
//!   today answers only a player whose own run of today has ended;
//! - `par`: the bots' games of each day's caves, kept beside the board;
//! - `runs` (the `fixtures` feature, on for the tests and examples only): ended daily runs
//!   made by the rules, for tests and the load benchmark.

pub mod api;
pub mod board;
pub mod bodies;
pub mod claims;
pub mod cli;
pub mod clients;
pub mod dates;
pub mod dist;
pub mod error;
pub mod fallen;
pub mod gate;
pub mod graves;
pub mod limits;
pub mod live;
pub mod metrics;
pub mod names;
pub mod net;
pub mod par;
pub mod pool;
#[cfg(any(test, feature = "fixtures"))]
pub mod runs;
pub mod service;
pub mod transfer;
pub mod verify;
