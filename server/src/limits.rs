//! The board's limits, each beside the part of the contract it enforces. Every copy of the
//! server applies the same numbers; the ones that must hold across copies (submissions per
//! address) are counted in the database.

use std::time::Duration;

/// The largest run file taken, in bytes (a 100,000-action run is far smaller): 413 above.
pub const MAX_BYTES: usize = 256 * 1024;
/// The verification budget, counted in work: the most actions a run may replay. Work, not
/// the wall clock, so an honest run is never refused because the server is busy.
pub const MAX_ACTIONS: usize = 100_000;
/// Submissions one address (an IPv6 /64) may make per minute, refused ones too: 429 above.
/// `CAVES_BOARD_SUBMISSIONS_PER_MINUTE` sets another (the load benchmark lifts it).
pub const SUBMISSIONS_PER_MINUTE: u32 = 30;

/// The requests of the last sixty seconds, estimated from the counts of this calendar minute
/// (`this`, the new one included) and of the one before (`previous`), `micros` into this one:
/// the earlier minute weighs by the part of it still inside the window. A fixed window would
/// let a client send twice the limit across a minute's turn; this one does not.
pub fn sliding_count(this: i64, previous: i64, micros: i64) -> i64 {
    let left = 60_000_000 - micros.clamp(0, 60_000_000);
    // Rounded up: a window that holds any part of a request counts it.
    this + (previous * left + 59_999_999) / 60_000_000
}
/// Practice runs kept per player token and day, after the counted one: 429 above.
pub const PRACTICE_PER_DAY: i64 = 20;
/// The most entries a day's board answers with.
pub const BOARD_SIZE: i64 = 100;

/// Graves kept a day on each level: the first lost counted runs that ended there. The daily
/// caves have six levels, so a day keeps at most 300.
pub const GRAVES_PER_LEVEL: i64 = 50;
/// The most fallen a day's answer holds (every level's graves).
pub const FALLEN_SIZE: i64 = 300;
/// How long a day's fallen are answered from memory before they are read again.
pub const FALLEN_CACHE: Duration = Duration::from_secs(5);
/// Days whose fallen are kept in memory at once.
pub const FALLEN_CACHED_DAYS: usize = 64;
/// `/api/health` writes its row at most this often; between, it answers what the last
/// write found.
pub const HEALTH_EVERY: Duration = Duration::from_secs(1);
/// Read-only connections a SQLite board reads with, beside its one writer.
pub const SQLITE_READERS: u32 = 4;
/// A name's claim lapses after this long without a counted run under it (30 days), in
/// microseconds.
pub const NAME_LAPSE_MICROS: i64 = 30 * 86_400_000_000;
/// New names one address (an IPv6 /64) may claim in 24 hours: 429 above.
/// `CAVES_BOARD_NAMES_PER_DAY` sets another.
pub const NAMES_PER_DAY: i64 = 10;
/// Bytes of run files kept from one address (an IPv6 /64) for one day: 429 above. A player's
/// day (a counted run and 20 practice runs of 100,000 actions) is some 3 MB.
/// `CAVES_BOARD_RUN_BYTES_PER_DAY` sets another.
pub const RUN_BYTES_PER_DAY: i64 = 16 * 1024 * 1024;
/// The largest batch of a live run's actions taken, in bytes of JSON: 413 above (a batch of
/// a few seconds' play is some tens of bytes; a page back from a long drop sends its catch-up
/// in batches this size).
pub const LIVE_BATCH_BYTES: usize = 64 * 1024;
/// The most actions a live run may hold (as many as a posted run may replay): 422 above.
pub const LIVE_MAX_ACTIONS: i64 = MAX_ACTIONS as i64;
/// Batches of live actions one address (an IPv6 /64) may send per minute, counted in the
/// database: 429 above. A page sends one every few seconds, so this is room for some thirty
/// players behind one address. `CAVES_BOARD_LIVE_BATCHES_PER_MINUTE` sets another.
pub const LIVE_BATCHES_PER_MINUTE: u32 = 600;
/// Streams one live run may have open on one server copy (watchers past it get 503 with
/// `Retry-After`): a run watched by thousands is served by more copies, not by one copy's
/// every connection.
pub const LIVE_STREAMS_PER_RUN: usize = 2000;
/// A live run with no batch for this long is not listed, and the sweep ends it (`idle`).
pub const LIVE_IDLE: Duration = Duration::from_secs(10 * 60);
/// The most live runs a day's list answers with, the most watched first.
pub const LIVE_LIST_SIZE: i64 = 100;
/// Replayed states of live runs kept in memory by a server copy (a batch continues its run's
/// state instead of replaying it from the start); the least recently used goes first.
pub const LIVE_STATES: usize = 256;
/// Watchers see a live run this many turns behind its player (by the server's replay): the
/// last turns are held back until the run has ended and been kept, so a watcher never holds
/// the player's present, and never the end before the board does.
pub const LIVE_HOLD_TURNS: u32 = 20;
/// Watchers are never held back more than this many actions (turnless ones, such as bumps
/// into walls, count too): what a copy keeps of a run in memory stays small.
pub const LIVE_HOLD_ACTIONS: i64 = 1000;
/// A batch is appended to its run's last stored piece while that holds fewer actions than
/// this: a run of 100,000 actions is some 100 rows, however it was sent.
pub const LIVE_PIECE_ACTIONS: i64 = 1000;
/// Batches stored per live run and minute (a page sends one every 2 s at most, and again
/// after a failure): 429 above. `CAVES_BOARD_LIVE_BATCHES_PER_RUN` sets another.
pub const LIVE_BATCHES_PER_RUN: i64 = 120;
/// Live runs one address (an IPv6 /64) may open in an hour, counted in the database: 429
/// above. A page opens one per daily run played, and again after a reload; a school or a
/// household behind one address plays many. `CAVES_BOARD_LIVE_RUNS_PER_HOUR` sets another.
pub const LIVE_RUNS_PER_HOUR: i64 = 60;
/// Bytes of live actions (base64url, as stored) one address may store in a day, counted in
/// the database: 429 above (the longest run is some 140 KB).
pub const LIVE_BYTES_PER_DAY: i64 = 4 * 1024 * 1024;
/// Streams one address (an IPv6 /64) may have open on one server copy: 429 above.
pub const LIVE_STREAMS_PER_ADDRESS: usize = 16;
/// Reads of stored pieces (a page of `live::LIVE_PAGE`) one server copy makes for its
/// streams in a second, however many streams catch up: they wait their turn.
pub const LIVE_READS_PER_SECOND: u32 = 400;
/// A stream that would wait longer than this for its first read is refused (503).
pub const LIVE_READ_PATIENCE: Duration = Duration::from_secs(10);
/// A live run is listed once its replay has reached this many turns (real progress).
pub const LIVE_LIST_TURNS: i64 = 10;

/// Events a stream may fall behind on before it reads what it missed from the database.
pub const LIVE_BACKLOG: usize = 64;
/// A comment line on every open stream this often, so that balancers keep them open.
pub const LIVE_KEEP_ALIVE: Duration = Duration::from_secs(15);
/// How often a copy writes how many streams it has open on each live run.
pub const LIVE_WATCHERS_EVERY: Duration = Duration::from_secs(2);

/// A request's head must arrive within this; it also closes idle kept-alive connections.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// A body that stops arriving: each piece of an upload must come within this of the one
/// before (the upload routes' `RequestBodyTimeoutLayer`), else 408.
pub const BODY_IDLE: Duration = Duration::from_secs(15);
/// The longest an upload (a run file, a batch of live actions) may take in all, its body, the
/// wait for a verifier (`VERIFY_WAIT`), the replay and the database's wait (`DATABASE_WAIT`)
/// together: a body trickled a byte at a time, each within `BODY_IDLE`, still ends here
/// (the upload routes' `TimeoutLayer`, 408).
pub const UPLOAD_TIMEOUT: Duration = Duration::from_secs(40);
/// The longest any other request but a stream may take before it is answered 503 (each such
/// route's `TimeoutLayer`): a read the database or the verifiers hold up too long.
pub const READ_TIMEOUT: Duration = Duration::from_secs(30);
/// Open connections per client address (an IPv6 /64); more are closed at once. Not applied
/// with `--trust-proxy`, where every connection comes from the balancer.
pub const CONNECTIONS_PER_ADDRESS: usize = 64;
/// Open connections in all (also kept below the process's open-file limit).
pub const CONNECTIONS: usize = 8192;
/// Memory held by unfinished uploads, in bytes: a submission that would go over it gets 503
/// with `Retry-After` before its body is read.
pub const UPLOAD_MEMORY: usize = 32 * 1024 * 1024;
/// Submissions waiting for a verifier (one runs per core); more get 503 at once.
pub const VERIFY_QUEUE: usize = 256;
/// The longest a submission waits for a verifier before 503.
pub const VERIFY_WAIT: Duration = Duration::from_secs(10);
/// Seconds a client is told to wait (`Retry-After`) after a 503.
pub const RETRY_AFTER_BUSY: u64 = 5;
/// Seconds a page waits before it asks again for par that is being played.
pub const PAR_RETRY_AFTER: u64 = 30;
/// How long a request waits for a database connection before 503.
pub const DATABASE_WAIT: Duration = Duration::from_secs(3);
/// How long a stop waits for requests in flight before it closes them.
pub const STOP_GRACE: Duration = Duration::from_secs(8);
/// Runs shorter than this many turns are never taken for copies: two players who quit at
/// once play the same short game honestly.
pub const COPY_MIN_TURNS: u32 = 100;
/// The most actions of a run's opening weighed for being the game's buttons' (a few path
/// searches each: `verify::Marker`). A run that taps nothing but buttons for longer has its
/// marks from here on, so a hostile run of buttons costs verification at most this much.
pub const OPENING_ACTIONS: u32 = 3_000;
/// Free space a SQLite database's disk must keep: below it, health fails and submissions get
/// 503 before they are verified.
pub const DISK_RESERVE: u64 = 1024 * 1024;

#[cfg(test)]
mod tests {
    use super::sliding_count;

    #[test]
    fn the_minute_before_counts_by_the_part_still_in_the_window() {
        // At the turn of the minute all of the last one is still in the window.
        assert_eq!(sliding_count(1, 30, 0), 31);
        // Half-way, half of it.
        assert_eq!(sliding_count(5, 30, 30_000_000), 20);
        // A request late in the last minute counts until the window has passed it.
        assert_eq!(sliding_count(1, 1, 59_999_999), 2);
        // With no minute before, only this one's.
        assert_eq!(sliding_count(7, 0, 10_000_000), 7);
    }

    #[test]
    fn a_burst_across_the_turn_of_a_minute_is_held_to_the_limit() {
        // 20 in the last second of a minute, then 11 in the first of the next: 31 in two seconds.
        assert!(sliding_count(11, 20, 1_000_000) > 30);
    }
}
