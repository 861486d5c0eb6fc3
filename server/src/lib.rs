//! The daily caves' shared board: a server that replays every submitted run with the game's
//! own rules (the `caves` crate) and keeps the verified scores in SQLite or PostgreSQL.
//!
//! - `verify`: what makes a run fit for the board, and its score from the replay;
//! - `board`: the runs kept, by day (one set of SQL queries for both databases);
//! - `api`: the HTTP interface (axum), thin over the two;
//! - `cli`: the command line;
//! - `runs`: ended daily runs made by the rules, for tests and the load benchmark.

pub mod api;
pub mod board;
pub mod cli;
pub mod runs;
pub mod verify;
