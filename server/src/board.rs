//! The runs kept, by day, in SQLite or PostgreSQL through one set of SQL queries (sqlx's
//! `Any` driver; `$n` parameters read the same in both). The database is the only shared
//! state, so several copies of the server can run over one PostgreSQL database: the secret
//! the days' seeds come from, the names claimed, the submissions counted against limits.
//!
//! A run's id is a digest of its bytes, so the same record posted twice is the same entry.
//! The first kept run of a player token counts for its day; later ones are practice (a
//! unique index on day and token among counted runs settles races between copies). A run
//! that plays the same game as a kept one (the same end state, or the same state at a mark of
//! at least half of its own turns: games compared by their states, not by the actions that
//! led there) is a copy, refused.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};
use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::migrate::Migrator;
use sqlx::{Any, AnyPool, AssertSqlSafe, FromRow, Transaction};

use crate::claims::{claim_name, lapse_cutoff, Claim, ClaimError};
use crate::graves::{lay, Grave};
use crate::limits::{
    self, BOARD_SIZE, COPY_MIN_TURNS, DATABASE_WAIT, DISK_RESERVE, PRACTICE_PER_DAY, SQLITE_READERS,
};
use crate::names::name_keys;
use crate::verify::{hex, Verified};

pub struct Board {
    /// The connections that write (SQLite: one).
    pub(crate) pool: AnyPool,
    /// The connections that only read: on SQLite, read-only connections of their own (the
    /// write-ahead log lets them read while the writer writes), so a slow read never holds up
    /// a post; on PostgreSQL, the same pool.
    pub(crate) reads: AnyPool,
    /// The database's address (a PostgreSQL board's copies listen on it for live runs).
    pub(crate) url: String,
    secret: String,
    /// Seeds of days asked for already: a day's seed never changes while a board serves it
    /// (an import sets the seeds of days it brings before they are served).
    seeds: Mutex<HashMap<String, u64>>,
    /// Which database (for the logs): "sqlite" or "postgres".
    pub kind: &'static str,
    /// A SQLite database's file.
    file: Option<PathBuf>,
}

/// One run on a day's board.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    pub rank: i64,
    pub name: String,
    pub score: i64,
    pub outcome: String,
    pub depth: i64,
    pub turns: i64,
    pub id: String,
}

#[derive(FromRow)]
struct EntryRow {
    id: String,
    name: String,
    score: i64,
    outcome: String,
    depth: i64,
    turns: i64,
}

#[derive(FromRow)]
struct FoundRow {
    day: String,
    score: i64,
    practice: i64,
    rank: i64,
}

/// What `take` reads before it writes, in one query: `LOOK`, the column `original` (what the
/// new run copies, as `KIND ID`: `own` a kept run of its own token with the same end, `kept`
/// another kept run, `live` a live run; or NULL), then `LOOK_FROM`. Parameters: $1 the name's
/// first key, $2 the run's id, $3 its day, $4 the token's digest, $5 its score, $6 when it
/// came, $7 the name's second key (or its first again), $8 the earliest last use of a claim
/// that holds, $9 the address it came from.
///
/// The token's counted and practice runs are counted in one pass over its runs of the day
/// (conditions on day and token only, so no planner, even one that has no statistics yet,
/// walks the day's practice runs instead). Its rank comes from the kept count of each
/// score: the counted runs of a score at least its own, less those of its score that came
/// after it (none, unless it is an imported run or a clock went back), so no query walks
/// the runs that tie with it.
const LOOK: &str = "SELECT \
     (SELECT token FROM names WHERE name_key IN ($1, $7) AND used >= $8 \
      ORDER BY CASE WHEN token = $4 THEN 1 ELSE 0 END LIMIT 1) AS owner, \
     (SELECT bytes FROM run_bytes WHERE client = $9 AND day = $3) AS stored, \
     (SELECT token FROM runs WHERE id = $2) AS same, \
     mine.counted AS counted, mine.practice AS practice, \
     (SELECT CAST(COALESCE(SUM(runs), 0) AS BIGINT) FROM day_scores \
      WHERE day = $3 AND score >= $5) AS at_least, \
     (SELECT COUNT(*) FROM runs WHERE day = $3 AND practice = 0 AND score = $5 \
      AND submitted >= $6 AND (submitted > $6 OR id > $2)) AS later,";
const LOOK_FROM: &str = "FROM (SELECT \
     CAST(COALESCE(SUM(CASE WHEN practice = 0 THEN 1 ELSE 0 END), 0) AS BIGINT) AS counted, \
     CAST(COALESCE(SUM(CASE WHEN practice = 1 THEN 1 ELSE 0 END), 0) AS BIGINT) AS practice \
     FROM runs WHERE day = $3 AND token = $4) AS mine";

#[derive(FromRow)]
struct Looked {
    /// The token digest that holds a key of the name, if it is claimed (another token's
    /// first).
    owner: Option<String>,
    /// Bytes of runs kept from the address for the day.
    stored: Option<i64>,
    /// The token that holds the same record, when it is kept already.
    same: Option<String>,
    /// The token's counted and practice runs of the day.
    counted: i64,
    practice: i64,
    /// Counted runs of the day with a score at least its own, and those of its score that
    /// came after it.
    at_least: i64,
    later: i64,
    /// The kept run this one copies.
    original: Option<String>,
}

/// How `keep` ended without a refusal.
enum Outcome {
    Kept {
        practice: bool,
        rank: i64,
    },
    /// The same record is kept already, for this token.
    Same,
    /// The same record is kept already, for this token, under another name (kept from its
    /// live run under the name the page had then): its entry takes the name posted now.
    Renamed,
    /// A kept run of this token that played the same game (other bytes): its id.
    Own(String),
    /// A row that came in meanwhile stood in the way of the insert.
    InTheWay,
}

/// A kept run as `export` reads it (and writes it out, its record in base64url).
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct Kept {
    pub id: String,
    #[sqlx(rename = "day")]
    pub date: String,
    pub name: String,
    /// The digest of the player's token.
    pub token: String,
    pub practice: i64,
    pub submitted: i64,
    /// The run file.
    pub record: Vec<u8>,
}

/// A run taken by the board; as JSON, the API's answer to a post (`new` aside).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Taken {
    pub id: String,
    pub date: String,
    pub score: i64,
    /// Its rank among the day's counted runs (where it would stand, for practice).
    pub rank: i64,
    /// A later run of a token that already has one counted that day.
    pub practice: bool,
    /// False when the same record was posted before (nothing new was stored).
    #[serde(skip)]
    pub new: bool,
}

/// A verified run to keep, and who posted it.
pub struct NewRun<'a> {
    pub bytes: &'a [u8],
    pub run: &'a Verified,
    /// The name, as `names::clean_name` gave it.
    pub name: &'a str,
    pub token: &'a str,
    /// When it came, in microseconds since 1970 (now, or an imported run's).
    pub submitted: i64,
    /// The address it came from and its caps; `None` for an import.
    pub origin: Option<Origin<'a>>,
}

/// The address a run came from (its limits key), and what it may store.
#[derive(Clone, Copy)]
pub struct Origin<'a> {
    pub client: &'a str,
    /// New names it may claim in 24 hours.
    pub names_per_day: i64,
    /// Bytes of run files it may have kept for one day.
    pub bytes_per_day: i64,
}

/// Why a verified run is not kept.
#[derive(Debug, thiserror::Error)]
pub enum TakeError {
    #[error("the name is another player's")]
    NameTaken,
    #[error("a copy of run {0}")]
    Copy(String),
    #[error("a copy of live run {0}")]
    LiveCopy(String),
    #[error("enough practice runs today")]
    PracticeFull,
    #[error("this address has claimed enough names today")]
    TooManyNames,
    #[error("this address has stored enough runs today")]
    TooManyBytes,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl std::convert::From<ClaimError> for TakeError {
    fn from(e: ClaimError) -> TakeError {
        match e {
            ClaimError::Taken => TakeError::NameTaken,
            ClaimError::TooMany => TakeError::TooManyNames,
            ClaimError::Database(e) => TakeError::Database(e),
        }
    }
}

/// Why the board cannot open.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("cannot open the database {0}: {1}")]
    Connect(String, sqlx::Error),
    #[error("cannot prepare the database: {0}")]
    Migrate(sqlx::migrate::MigrateError),
    #[error("cannot prepare the database: {0}")]
    Prepare(sqlx::Error),
    #[error("the database cannot be written: {0}")]
    ReadOnly(sqlx::Error),
}

/// The id of a run file: the first 128 bits of its SHA-256, in hex.
pub fn run_id(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Microseconds since 1970.
pub fn now_micros() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}

/// The file a `sqlite:` database address names, if it is one.
pub fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.trim_start_matches("//");
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
}

/// Bytes free for this process on the file system holding `file`.
fn free_bytes(file: &Path) -> Option<u64> {
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let stats = rustix::fs::statvfs(dir).ok()?;
    Some(stats.f_bavail.saturating_mul(stats.f_frsize))
}

/// A database address with its password hidden, for messages and logs.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.split_once('@') {
        Some((user, host)) => {
            let user = user.split(':').next().unwrap_or("");
            format!("{scheme}://{user}:***@{host}")
        }
        None => url.to_string(),
    }
}

/// The migrations of a board on SQLite (`sqlite`) or PostgreSQL: those of `migrations/`,
/// one SQL for both, and the database's own of `migrations/sqlite/` or
/// `migrations/postgres/`, where the two need different SQL (a type, a function), under one
/// version in both folders.
pub fn migrator(sqlite: bool) -> Migrator {
    let own = if sqlite {
        sqlx::migrate!("./migrations/sqlite")
    } else {
        sqlx::migrate!("./migrations/postgres")
    };
    let shared = sqlx::migrate!("./migrations");
    Migrator::with_migrations(shared.iter().chain(own.iter()).cloned().collect())
}

impl Board {
    /// Opens (creating a SQLite file if missing) and migrates the database at `url`, makes
    /// the board's secret on first start, and checks that the database can be written.
    pub async fn open(url: &str) -> Result<Board, OpenError> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let url = if sqlite && !url.contains("mode=") {
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}mode=rwc")
        } else {
            url.to_string()
        };
        // SQLite takes one writer at a time: one connection queues the writes instead of
        // failing them as "locked". Its journal is a write-ahead log synced at checkpoints:
        // a commit survives the server's crash (the test kills it mid-load), and a power cut
        // may lose the last moments' runs. PostgreSQL gets a pool.
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1 } else { 16 })
            .acquire_timeout(DATABASE_WAIT)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        sqlx::query("PRAGMA journal_mode = WAL")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA synchronous = NORMAL")
                            .execute(&mut *conn)
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .map_err(|e| OpenError::Connect(redact(&url), e))?;
        migrator(sqlite)
            .run(&pool)
            .await
            .map_err(OpenError::Migrate)?;
        crate::claims::rekey_names(&pool)
            .await
            .map_err(OpenError::Prepare)?;
        // SQLite's readers: read-only connections of their own, opened once the file is in
        // write-ahead-log mode.
        let reads = match sqlite_file(&url).filter(|_| sqlite) {
            Some(file) => AnyPoolOptions::new()
                .max_connections(SQLITE_READERS)
                .acquire_timeout(DATABASE_WAIT)
                .connect(&format!("sqlite://{}?mode=ro", file.display()))
                .await
                .map_err(|e| OpenError::Connect(redact(&url), e))?,
            None => pool.clone(),
        };
        if !sqlite {
            // The submissions counted per minute need no crash safety (a crash of PostgreSQL
            // only forgets this minute's counts), so their table writes no write-ahead log
            // and a count commits without waiting for a disk flush, which every submission
            // would otherwise wait for, queued on its address's row.
            let (persistence,): (String,) = sqlx::query_as(
                "SELECT CAST(relpersistence AS TEXT) FROM pg_class \
                 WHERE oid = CAST('limits' AS regclass)",
            )
            .fetch_one(&pool)
            .await
            .map_err(OpenError::Prepare)?;
            if persistence != "u" {
                sqlx::query("ALTER TABLE limits SET UNLOGGED")
                    .execute(&pool)
                    .await
                    .map_err(OpenError::Prepare)?;
            }
        }
        let mut fresh = [0u8; 32];
        getrandom::fill(&mut fresh).map_err(|e| {
            OpenError::ReadOnly(sqlx::Error::Protocol(format!("no randomness: {e}")))
        })?;
        sqlx::query(
            "INSERT INTO settings (name, value) VALUES ('day-secret', $1) ON CONFLICT (name) DO NOTHING",
        )
        .bind(hex::encode(fresh))
        .execute(&pool)
        .await
        .map_err(OpenError::ReadOnly)?;
        let (secret,): (String,) =
            sqlx::query_as("SELECT value FROM settings WHERE name = 'day-secret'")
                .fetch_one(&pool)
                .await
                .map_err(OpenError::ReadOnly)?;
        let board = Board {
            pool,
            reads,
            url: url.clone(),
            secret,
            seeds: Mutex::new(HashMap::new()),
            kind: if sqlite { "sqlite" } else { "postgres" },
            file: sqlite_file(&url),
        };
        board.writable().await.map_err(OpenError::ReadOnly)?;
        Ok(board)
    }

    /// Writes the health row: an error when the database cannot be written now, or (SQLite)
    /// when `can_write` says it cannot. A write-ahead log can take a few more commits on a
    /// full disk; runs are not taken on such hope.
    pub async fn writable(&self) -> Result<(), sqlx::Error> {
        self.can_write()?;
        sqlx::query(
            "INSERT INTO health (id, checked) VALUES (1, $1) \
             ON CONFLICT (id) DO UPDATE SET checked = excluded.checked",
        )
        .bind(now_micros())
        .execute(&self.pool)
        .await
        .map(|_| ())
    }

    /// An error when a SQLite database cannot take writes: its disk has less than
    /// `DISK_RESERVE` free, or a file of it cannot be written (`access`, which sees a
    /// read-only mode, `chattr +i` and a read-only mount without opening the file: closing a
    /// descriptor of it would drop the locks SQLite holds on it). Checked
    /// before SQLite touches the files: on an immutable file, SQLite's write to the shared
    /// memory it maps for the write-ahead log (a reader's mark after a commit) stops the
    /// process with SIGBUS instead of failing.
    pub fn can_write(&self) -> Result<(), sqlx::Error> {
        let Some(file) = self.file.as_deref() else {
            return Ok(());
        };
        if let Some(free) = free_bytes(file) {
            if free < DISK_RESERVE {
                return Err(sqlx::Error::Io(std::io::Error::new(
                    std::io::ErrorKind::StorageFull,
                    format!("{free} bytes free on the database's disk"),
                )));
            }
        }
        for suffix in ["", "-wal", "-shm"] {
            let mut path = file.as_os_str().to_owned();
            path.push(suffix);
            match rustix::fs::access(Path::new(&path), rustix::fs::Access::WRITE_OK) {
                Ok(()) | Err(rustix::io::Errno::NOENT) => {}
                Err(e) => {
                    return Err(sqlx::Error::Io(std::io::Error::new(
                        std::io::ErrorKind::PermissionDenied,
                        format!("{} cannot be written: {e}", Path::new(&path).display()),
                    )))
                }
            }
        }
        Ok(())
    }

    /// The database's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Closes the database's connections (at a stop).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// The seed of the daily caves of `date` on this board: the one imported with that
    /// day's runs, else made from the date and the board's secret. Unknowable without the
    /// secret, so a board reveals a day's caves only by serving that day's seed.
    pub async fn seed(&self, date: &str) -> Result<u64, sqlx::Error> {
        let cached = self.seeds.lock().ok().and_then(|s| s.get(date).copied());
        if let Some(seed) = cached {
            return Ok(seed);
        }
        let seed = self.seed_from_database(date).await?;
        if let Ok(mut seeds) = self.seeds.lock() {
            seeds.insert(date.to_string(), seed);
        }
        Ok(seed)
    }

    async fn seed_from_database(&self, date: &str) -> Result<u64, sqlx::Error> {
        let kept: Option<(String,)> = sqlx::query_as("SELECT seed FROM day_seeds WHERE day = $1")
            .bind(date)
            .fetch_optional(&self.reads)
            .await?;
        if let Some(seed) = kept.and_then(|(s,)| s.parse().ok()) {
            return Ok(seed);
        }
        let digest = Sha256::digest(format!("caves daily {date} {}", self.secret).as_bytes());
        let mut eight = [0u8; 8];
        eight.copy_from_slice(&digest[..8]);
        Ok(u64::from_le_bytes(eight))
    }

    /// Makes `seed` the seed of `date` (importing runs from another board). False when the
    /// day already has runs on another seed.
    pub async fn adopt_seed(&self, date: &str, seed: u64) -> Result<bool, sqlx::Error> {
        if self.seed(date).await? == seed {
            return Ok(true);
        }
        let (runs,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM runs WHERE day = $1")
            .bind(date)
            .fetch_one(&self.pool)
            .await?;
        if runs > 0 {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO day_seeds (day, seed) VALUES ($1, $2) \
             ON CONFLICT (day) DO UPDATE SET seed = excluded.seed",
        )
        .bind(date)
        .bind(seed.to_string())
        .execute(&self.pool)
        .await?;
        if let Ok(mut seeds) = self.seeds.lock() {
            seeds.insert(date.to_string(), seed);
        }
        Ok(true)
    }

    /// Counts a submission of `client` at `now` (microseconds since the epoch), and reads who
    /// owns the name of key `name_key` (`None` when it is unclaimed) in the same statement: one
    /// round trip before the run is read and verified. The count is the last minute's so far,
    /// estimated over a sliding window (see [`limits::sliding_count`]).
    pub async fn count_submission(
        &self,
        client: &str,
        now: i64,
        name_key: &str,
    ) -> Result<(i64, Option<String>), sqlx::Error> {
        let minute = now / 60_000_000;
        let (this, previous, owner): (i64, Option<i64>, Option<String>) = sqlx::query_as(
            "INSERT INTO limits (client, minute, count) VALUES ($1, $2, 1) \
             ON CONFLICT (client, minute) DO UPDATE SET count = limits.count + 1 \
             RETURNING count, \
             (SELECT l.count FROM limits l WHERE l.client = $1 AND l.minute = $2 - 1), \
             (SELECT token FROM names WHERE name_key = $3 AND used >= $4)",
        )
        .bind(client)
        .bind(minute)
        .bind(name_key)
        .bind(lapse_cutoff(now))
        .fetch_one(&self.pool)
        .await?;
        let count = limits::sliding_count(this, previous.unwrap_or(0), now % 60_000_000);
        Ok((count, owner))
    }

    /// Forgets the counts of minutes before `minute`.
    pub async fn forget_limits(&self, minute: i64) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM limits WHERE minute < $1")
            .bind(minute)
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// The token digest that holds the name of key `name_key` now (a claim that has not
    /// lapsed), if any.
    pub async fn name_owner(&self, name_key: &str) -> Result<Option<String>, sqlx::Error> {
        crate::claims::holder(&self.reads, name_key, now_micros()).await
    }

    /// The entry of run `id`, if it is kept, with its rank (one query).
    pub async fn find(&self, id: &str) -> Result<Option<Taken>, sqlx::Error> {
        let row: Option<FoundRow> = sqlx::query_as(
            "SELECT r.day, r.score, r.practice, \
             (SELECT CAST(COALESCE(SUM(s.runs), 0) AS BIGINT) FROM day_scores s \
              WHERE s.day = r.day AND s.score > r.score) \
             + (SELECT COUNT(*) FROM runs t WHERE t.day = r.day AND t.practice = 0 \
                AND t.score = r.score \
                AND (t.submitted < r.submitted OR (t.submitted = r.submitted AND t.id < r.id))) \
             + 1 AS rank \
             FROM runs r WHERE r.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.reads)
        .await?;
        Ok(row.map(|row| Taken {
            id: id.to_string(),
            date: row.day,
            score: row.score,
            rank: row.rank,
            practice: row.practice != 0,
            new: false,
        }))
    }

    /// Keeps a verified run. The same record again answers its first entry; a token's
    /// second run of a day is practice (up to `PRACTICE_PER_DAY`); a copy of a kept run, or
    /// a name another token claimed, is refused.
    ///
    /// One transaction: a query that reads everything the checks need (the name's owner,
    /// whether the record is kept already, the token's counted and practice runs that day,
    /// a kept run this one copies, and where its score would rank), then the name's claim
    /// if it has no owner yet, the run, and the day's count of its score or its marks. A
    /// counted or practice run already owning its name costs BEGIN, the reading query, the
    /// insert and COMMIT (one more for a counted run's score, one for a long run's marks).
    pub async fn take(&self, new: &NewRun<'_>) -> Result<Taken, TakeError> {
        let id = run_id(new.bytes);
        // A race with another copy of the server can make an insert meet a row that was
        // not there when this one looked; looking again settles it.
        for _ in 0..3 {
            let mut tx = self.begin().await?;
            match self.keep(&mut tx, new, &id).await {
                Ok(Outcome::Kept { practice, rank }) => {
                    tx.commit().await?;
                    if let Some(origin) = &new.origin {
                        self.count_bytes(origin.client, &new.run.date, new.bytes.len())
                            .await?;
                    }
                    return Ok(Taken {
                        id,
                        date: new.run.date.clone(),
                        score: i64::from(new.run.score),
                        rank,
                        practice,
                        new: true,
                    });
                }
                Ok(Outcome::Same) => {
                    tx.rollback().await?;
                    if let Some(taken) = self.find(&id).await? {
                        return Ok(taken);
                    }
                }
                Ok(Outcome::Renamed) => {
                    tx.commit().await?;
                    if let Some(taken) = self.find(&id).await? {
                        return Ok(taken);
                    }
                }
                Ok(Outcome::Own(own)) => {
                    tx.rollback().await?;
                    if let Some(taken) = self.find(&own).await? {
                        return Ok(taken);
                    }
                }
                Ok(Outcome::InTheWay) => tx.rollback().await?,
                Err(e) => {
                    tx.rollback().await?;
                    return Err(e);
                }
            }
        }
        Err(TakeError::Database(sqlx::Error::Protocol(
            "the run could not be stored".into(),
        )))
    }

    /// Adds `bytes` to what `client` kept for `day`: after the run's transaction, so that a
    /// busy address's row is locked for one statement only, not for a whole submission.
    async fn count_bytes(&self, client: &str, day: &str, bytes: usize) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO run_bytes (client, day, bytes) VALUES ($1, $2, $3) \
             ON CONFLICT (client, day) DO UPDATE SET bytes = run_bytes.bytes + excluded.bytes",
        )
        .bind(client)
        .bind(day)
        .bind(i64::try_from(bytes).unwrap_or(i64::MAX))
        .execute(&self.pool)
        .await
        .map(|_| ())
    }

    /// A transaction for `take`. SQLite's begins with the write lock taken (`BEGIN
    /// IMMEDIATE`), so no other writer (an import beside the server) changes what its checks
    /// read before it writes; PostgreSQL's checks are settled by its unique indexes and the
    /// retry in `take`.
    pub(crate) async fn begin(&self) -> Result<Transaction<'static, Any>, sqlx::Error> {
        if self.kind == "sqlite" {
            self.pool.begin_with("BEGIN IMMEDIATE").await
        } else {
            self.pool.begin().await
        }
    }

    /// The token's own record posted again: the same entry, under the name posted now when
    /// it differs (a run kept from its live run bears the name the page had when it went
    /// live). The new name is claimed as any post's is (refused when it is another's, or
    /// when the address has claimed its new names of the day).
    async fn rename(
        &self,
        tx: &mut Transaction<'static, Any>,
        new: &NewRun<'_>,
        id: &str,
    ) -> Result<Outcome, TakeError> {
        let (name,): (String,) = sqlx::query_as("SELECT name FROM runs WHERE id = $1")
            .bind(id)
            .fetch_one(&mut **tx)
            .await?;
        if name == new.name {
            return Ok(Outcome::Same);
        }
        let claim = Claim {
            name: new.name,
            token: new.token,
            at: new.submitted,
            counted: false,
            client: new.origin.as_ref().map(|o| (o.client, o.names_per_day)),
        };
        claim_name(tx, &claim).await?;
        for table in ["runs", "graves"] {
            sqlx::query(AssertSqlSafe(format!(
                "UPDATE {table} SET name = $1 WHERE id = $2"
            )))
            .bind(new.name)
            .bind(id)
            .execute(&mut **tx)
            .await?;
        }
        Ok(Outcome::Renamed)
    }

    /// The checks and writes of `take` inside its transaction: what the board has of the
    /// run, its name and its address ([`look`]); a run kept already, a name taken or a copy;
    /// the day's caps; the name claimed; the run written ([`write_run`]) and noted
    /// ([`note_run`]).
    async fn keep(
        &self,
        tx: &mut Transaction<'static, Any>,
        new: &NewRun<'_>,
        id: &str,
    ) -> Result<Outcome, TakeError> {
        let long = new.run.game.turns >= COPY_MIN_TURNS;
        let looked = look(tx, new, id, long).await?;
        if let Some(known) = self.known(tx, new, id, &looked).await? {
            return Ok(known);
        }
        let practice = looked.counted > 0;
        within_day(new, &looked, practice)?;
        // A practice run under the token's own name changes nothing of the name; a counted
        // run keeps its claim alive, and a new name is claimed.
        if looked.owner.is_none() || !practice {
            let claim = Claim {
                name: new.name,
                token: new.token,
                at: new.submitted,
                counted: !practice,
                client: new.origin.as_ref().map(|o| (o.client, o.names_per_day)),
            };
            claim_name(tx, &claim).await?;
        }
        if !write_run(tx, new, id, practice, long).await? {
            return Ok(Outcome::InTheWay);
        }
        note_run(tx, new, id, practice, long).await?;
        Ok(Outcome::Kept {
            practice,
            rank: looked.at_least - looked.later + 1,
        })
    }

    /// What `looked` settles before anything is written: the run kept already (the token's
    /// own, perhaps under a new name; or another's, a copy of its bytes), a name that is
    /// another's, or a copy of an earlier claim (the token's own run: `Outcome::Own`).
    async fn known(
        &self,
        tx: &mut Transaction<'static, Any>,
        new: &NewRun<'_>,
        id: &str,
        looked: &Looked,
    ) -> Result<Option<Outcome>, TakeError> {
        match &looked.same {
            // Kept already: this token's entry, or another's run (a copy of its bytes).
            // A post from the player's page may name it anew; the server's own keeping of an
            // ended live run (no origin) never renames what its player posted first.
            Some(holder) if holder == new.token => {
                return match new.origin {
                    Some(_) => self.rename(tx, new, id).await.map(Some),
                    None => Ok(Some(Outcome::Same)),
                };
            }
            Some(_) => return Err(TakeError::Copy(id.to_string())),
            None => {}
        }
        if looked.owner.as_deref().is_some_and(|o| o != new.token) {
            return Err(TakeError::NameTaken);
        }
        if let Some(found) = &looked.original {
            let (kind, original) = found.split_once(' ').unwrap_or(("kept", found));
            return match kind {
                "own" => Ok(Some(Outcome::Own(original.to_string()))),
                "live" => Err(TakeError::LiveCopy(original.to_string())),
                _ => Err(TakeError::Copy(original.to_string())),
            };
        }
        Ok(None)
    }

    /// The day's counted runs, best first (ties to the earlier submission), at most
    /// `BOARD_SIZE`.
    pub async fn day(&self, date: &str) -> Result<Vec<Entry>, sqlx::Error> {
        let rows: Vec<EntryRow> = sqlx::query_as(
            "SELECT id, name, score, outcome, depth, turns FROM runs \
             WHERE day = $1 AND practice = 0 ORDER BY score DESC, submitted ASC, id ASC LIMIT $2",
        )
        .bind(date)
        .bind(BOARD_SIZE)
        .fetch_all(&self.reads)
        .await?;
        Ok(rows
            .into_iter()
            .zip(1..)
            .map(|(r, rank)| Entry {
                rank,
                name: r.name,
                score: r.score,
                outcome: r.outcome,
                depth: r.depth,
                turns: r.turns,
                id: r.id,
            })
            .collect())
    }

    /// The day and run file of entry `id`, as it was posted.
    pub async fn run_file(&self, id: &str) -> Result<Option<(String, Vec<u8>)>, sqlx::Error> {
        sqlx::query_as("SELECT day, record FROM runs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.reads)
            .await
    }

    /// How many runs are kept in all (counted and practice): the kept count, a sum of 256
    /// rows, however many runs there are.
    pub async fn count(&self) -> Result<i64, sqlx::Error> {
        let (n,): (i64,) =
            sqlx::query_as("SELECT CAST(COALESCE(SUM(runs), 0) AS BIGINT) FROM run_counts")
                .fetch_one(&self.reads)
                .await?;
        Ok(n)
    }

    /// Up to `limit` kept runs after (`submitted`, `id`), in the order they came, of `date`
    /// or of every day.
    pub async fn kept_after(
        &self,
        date: Option<&str>,
        after: (i64, &str),
        limit: i64,
    ) -> Result<Vec<Kept>, sqlx::Error> {
        let rows = sqlx::query_as(
            "SELECT id, day, name, token, practice, submitted, record FROM runs \
             WHERE (submitted > $1 OR (submitted = $1 AND id > $2)) AND ($3 = '' OR day = $3) \
             ORDER BY submitted, id LIMIT $4",
        )
        .bind(after.0)
        .bind(after.1)
        .bind(date.unwrap_or(""))
        .bind(limit)
        .fetch_all(&self.reads)
        .await?;
        Ok(rows)
    }
}

/// Reads what the board has that decides a run's keeping (`Looked`): its name's owner, the
/// address's bytes of the day, the same record kept, the token's runs of the day, the
/// run's rank, and for a long run the earliest claim on its game.
async fn look(
    tx: &mut Transaction<'static, Any>,
    new: &NewRun<'_>,
    id: &str,
    long: bool,
) -> Result<Looked, sqlx::Error> {
    let run = new.run;
    let score = i64::from(run.score);
    let keys = name_keys(new.name);
    let key = keys[0].as_str();
    let second = keys.last().map_or(key, String::as_str);
    let cutoff = lapse_cutoff(new.submitted);
    let client = new.origin.as_ref().map_or("", |o| o.client);
    // A long run is looked for as a copy (`original`, the earliest claim on its game); a short
    // one names no original.
    let (original, marks) = if long {
        // The same end (its whole fingerprint), or the same state at a mark of at least
        // half of its own turns, preferring the whole game, then the largest mark.
        let marks: Vec<&(u32, String)> = run
            .game
            .marks
            .iter()
            .rev()
            .take_while(|(turn, _)| turn * 2 >= run.game.turns)
            .collect();
        // A kept run that shares a mark with this one does not count against it when
        // the token's own live run, begun before that run was kept, has the same state
        // there: the earlier claim wins (a watcher who posts the start of a live run with
        // an ending of its own cannot make the player's run a copy of it). A live run of
        // another token, begun before this post, with the same state at a mark is the
        // player's claim: this run is its copy.
        // The run named is the whole game's, else the earliest claim (a kept run by when
        // it was kept, a live run by when it began).
        let mut copy = String::from(
            "(SELECT kind || ' ' || original FROM (SELECT id AS original, 0 AS pick, \
             submitted AS claimed, \
             CASE WHEN token = $4 THEN 'own' ELSE 'kept' END AS kind FROM runs \
             WHERE day = $3 AND game = $10",
        );
        for (i, _) in marks.iter().enumerate() {
            let (m, k) = (11 + 2 * i, 12 + 2 * i);
            copy.push_str(&format!(
                " UNION ALL SELECT s.run, 1, r.submitted, 'kept' FROM state_marks s \
                 JOIN runs r ON r.id = s.run \
                 WHERE s.day = $3 AND s.turn = ${m} AND s.mark = ${k} AND NOT EXISTS \
                 (SELECT 1 FROM live_marks l WHERE l.day = $3 AND l.turn = ${m} \
                 AND l.mark = ${k} AND l.token = $4 AND l.started < r.submitted) \
                 UNION ALL SELECT run, 1, started, 'live' FROM live_marks \
                 WHERE day = $3 AND turn = ${m} AND mark = ${k} AND token <> $4 \
                 AND started < $6"
            ));
        }
        copy.push_str(") AS found ORDER BY pick, claimed, original LIMIT 1)");
        (copy, marks)
    } else {
        ("CAST(NULL AS TEXT)".to_string(), Vec::new())
    };
    let mut query = sqlx::query_as(AssertSqlSafe(format!(
        "{LOOK} {original} AS original {LOOK_FROM}"
    )))
    .bind(key)
    .bind(id)
    .bind(&run.date)
    .bind(new.token)
    .bind(score)
    .bind(new.submitted)
    .bind(second)
    .bind(cutoff)
    .bind(client);
    if long {
        query = query.bind(run.game.whole.as_str());
        for (turn, mark) in marks {
            query = query.bind(i64::from(*turn)).bind(mark.as_str());
        }
    }
    query.fetch_one(&mut **tx).await
}

/// The day's caps of a run not kept yet: its token's practice runs, its address's bytes.
fn within_day(new: &NewRun<'_>, looked: &Looked, practice: bool) -> Result<(), TakeError> {
    if practice && looked.practice >= PRACTICE_PER_DAY {
        return Err(TakeError::PracticeFull);
    }
    if let Some(origin) = &new.origin {
        let stored = looked.stored.unwrap_or(0);
        let bytes = i64::try_from(new.bytes.len()).unwrap_or(i64::MAX);
        if stored.saturating_add(bytes) > origin.bytes_per_day {
            return Err(TakeError::TooManyBytes);
        }
    }
    Ok(())
}

/// Writes the run's row; false when another took its id first.
async fn write_run(
    tx: &mut Transaction<'static, Any>,
    new: &NewRun<'_>,
    id: &str,
    practice: bool,
    long: bool,
) -> Result<bool, sqlx::Error> {
    let run = new.run;
    let score = i64::from(run.score);
    let game = if long { run.game.whole.as_str() } else { "" };
    let done = sqlx::query(
        "INSERT INTO runs (id, day, name, device, token, game, score, outcome, depth, turns, \
         practice, submitted, ruleset, record, end_depth, end_x, end_y, cause) \
         VALUES ($1, $2, $3, '', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) \
         ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(&run.date)
    .bind(new.name)
    .bind(new.token)
    .bind(game)
    .bind(score)
    .bind(run.outcome)
    .bind(i64::from(run.depth))
    .bind(i64::from(run.turns))
    .bind(i64::from(practice))
    .bind(new.submitted)
    .bind(i64::from(caves_rules::RULESET))
    .bind(new.bytes)
    .bind(i64::from(run.end.depth))
    .bind(i64::from(run.end.x))
    .bind(i64::from(run.end.y))
    .bind(run.end.cause.as_str())
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Notes a written run: its score among the day's (counted), its grave (counted and lost),
/// its marks (long), and the kept count.
async fn note_run(
    tx: &mut Transaction<'static, Any>,
    new: &NewRun<'_>,
    id: &str,
    practice: bool,
    long: bool,
) -> Result<(), sqlx::Error> {
    let run = new.run;
    let score = i64::from(run.score);
    if !practice {
        sqlx::query(
            "INSERT INTO day_scores (day, score, runs) VALUES ($1, $2, 1) \
             ON CONFLICT (day, score) DO UPDATE SET runs = day_scores.runs + 1",
        )
        .bind(&run.date)
        .bind(score)
        .execute(&mut **tx)
        .await?;
    }
    if !practice && run.outcome == "lost" {
        let grave = Grave {
            day: &run.date,
            id,
            name: new.name,
            end: &run.end,
            turns: i64::from(run.turns),
            submitted: new.submitted,
        };
        lay(tx, &grave).await?;
    }
    if long && !run.game.marks.is_empty() {
        // Every mark in one statement.
        let rows: Vec<String> = (0..run.game.marks.len())
            .map(|i| format!("($1, ${}, ${}, $2)", 3 + 2 * i, 4 + 2 * i))
            .collect();
        let mut insert = sqlx::query(AssertSqlSafe(format!(
            "INSERT INTO state_marks (day, turn, mark, run) VALUES {} ON CONFLICT DO NOTHING",
            rows.join(", ")
        )))
        .bind(&run.date)
        .bind(id);
        for (turn, mark) in &run.game.marks {
            insert = insert.bind(i64::from(*turn)).bind(mark.as_str());
        }
        insert.execute(&mut **tx).await?;
    }
    // The kept count, last: its shard's row is locked only until the commit.
    let shard = i64::from_str_radix(id.get(..2).unwrap_or("0"), 16).unwrap_or(0);
    sqlx::query(
        "INSERT INTO run_counts (shard, runs) VALUES ($1, 1) \
         ON CONFLICT (shard) DO UPDATE SET runs = run_counts.runs + 1",
    )
    .bind(shard)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
