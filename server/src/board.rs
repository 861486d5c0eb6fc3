//! The runs kept, by day, in SQLite or PostgreSQL through one set of SQL queries (sqlx's
//! `Any` driver; `$n` parameters read the same in both). The database is the only shared
//! state, so several copies of the server can run over one PostgreSQL database: the secret
//! the days' seeds come from, the names claimed, the submissions counted against limits.
//!
//! A run's id is a digest of its bytes, so the same record posted twice is the same entry.
//! The first kept run of a player token counts for its day; later ones are practice (a
//! unique index on day and token among counted runs settles races between copies). A run
//! that plays the same game as a kept one (the same moves, or the same first moves for at
//! least half of its own) is a copy, refused.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};
use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::{Any, AnyPool, FromRow, Transaction};

use crate::limits::{BOARD_SIZE, COPY_MIN_MOVES, DATABASE_WAIT, DISK_RESERVE, PRACTICE_PER_DAY};
use crate::verify::{hex, Verified};

pub struct Board {
    pool: AnyPool,
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
    submitted: i64,
}

/// A kept run as `export` writes it and `import` reads it back.
#[derive(Clone, Debug, PartialEq, Eq, FromRow, serde::Serialize, serde::Deserialize)]
pub struct Kept {
    pub id: String,
    #[sqlx(rename = "day")]
    pub date: String,
    pub name: String,
    /// The digest of the player's token.
    pub token: String,
    pub practice: i64,
    pub submitted: i64,
    /// The run file, base64url.
    pub record: String,
}

/// A run taken by the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    pub id: String,
    pub date: String,
    pub score: i64,
    /// Its rank among the day's counted runs (where it would stand, for practice).
    pub rank: i64,
    /// A later run of a token that already has one counted that day.
    pub practice: bool,
    /// False when the same record was posted before (nothing new was stored).
    pub new: bool,
}

/// A verified run to keep, and who posted it.
pub struct NewRun<'a> {
    pub bytes: &'a [u8],
    pub run: &'a Verified,
    pub name: &'a str,
    pub name_key: &'a str,
    pub token: &'a str,
    /// When it came, in microseconds since 1970 (now, or an imported run's).
    pub submitted: i64,
}

/// Why a verified run is not kept.
#[derive(Debug, thiserror::Error)]
pub enum TakeError {
    #[error("the name is another player's")]
    NameTaken,
    #[error("a copy of run {0}")]
    Copy(String),
    #[error("enough practice runs today")]
    PracticeFull,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Why the board cannot open.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("cannot open the database {0}: {1}")]
    Connect(String, sqlx::Error),
    #[error("cannot prepare the database: {0}")]
    Migrate(sqlx::migrate::MigrateError),
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
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(OpenError::Migrate)?;
        let mut fresh = [0u8; 32];
        getrandom::fill(&mut fresh).map_err(|e| {
            OpenError::ReadOnly(sqlx::Error::Protocol(format!("no randomness: {e}")))
        })?;
        sqlx::query(
            "INSERT INTO settings (name, value) VALUES ('day-secret', $1) ON CONFLICT (name) DO NOTHING",
        )
        .bind(hex_all(&fresh))
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
            secret,
            seeds: Mutex::new(HashMap::new()),
            kind: if sqlite { "sqlite" } else { "postgres" },
            file: sqlite_file(&url),
        };
        board.writable().await.map_err(OpenError::ReadOnly)?;
        Ok(board)
    }

    /// Writes the health row: an error when the database cannot be written now, or (SQLite)
    /// when the disk holding it has less than `DISK_RESERVE` free. A write-ahead log can take
    /// a few more commits on a full disk; runs are not taken on such hope.
    pub async fn writable(&self) -> Result<(), sqlx::Error> {
        self.has_room()?;
        sqlx::query(
            "INSERT INTO health (id, checked) VALUES (1, $1) \
             ON CONFLICT (id) DO UPDATE SET checked = excluded.checked",
        )
        .bind(now_micros())
        .execute(&self.pool)
        .await
        .map(|_| ())
    }

    /// An error when a SQLite database's disk is (nearly) full.
    pub fn has_room(&self) -> Result<(), sqlx::Error> {
        match self.file.as_deref().and_then(free_bytes) {
            Some(free) if free < DISK_RESERVE => Err(sqlx::Error::Io(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                format!("{free} bytes free on the database's disk"),
            ))),
            _ => Ok(()),
        }
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
            .fetch_optional(&self.pool)
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

    /// Counts a submission of `client` in `minute`; the count so far this minute.
    pub async fn count_submission(&self, client: &str, minute: i64) -> Result<i64, sqlx::Error> {
        let (count,): (i64,) = sqlx::query_as(
            "INSERT INTO limits (client, minute, count) VALUES ($1, $2, 1) \
             ON CONFLICT (client, minute) DO UPDATE SET count = limits.count + 1 RETURNING count",
        )
        .bind(client)
        .bind(minute)
        .fetch_one(&self.pool)
        .await?;
        Ok(count)
    }

    /// Forgets the counts of minutes before `minute`.
    pub async fn forget_limits(&self, minute: i64) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM limits WHERE minute < $1")
            .bind(minute)
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// The token digest that owns the name of key `name_key`, if it is claimed.
    pub async fn name_owner(&self, name_key: &str) -> Result<Option<String>, sqlx::Error> {
        let row: Option<(String,)> = sqlx::query_as("SELECT token FROM names WHERE name_key = $1")
            .bind(name_key)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|(t,)| t))
    }

    /// The entry of run `id`, if it is kept.
    pub async fn find(&self, id: &str) -> Result<Option<Taken>, sqlx::Error> {
        let row: Option<FoundRow> =
            sqlx::query_as("SELECT day, score, practice, submitted FROM runs WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let rank = self.rank(&row.day, row.score, row.submitted, id).await?;
        Ok(Some(Taken {
            id: id.to_string(),
            date: row.day,
            score: row.score,
            rank,
            practice: row.practice != 0,
            new: false,
        }))
    }

    /// Where a run of `score` submitted at `submitted` stands among the day's counted runs:
    /// higher scores first (summed from the kept count of each score), then earlier
    /// submissions of the same score.
    async fn rank(
        &self,
        date: &str,
        score: i64,
        submitted: i64,
        id: &str,
    ) -> Result<i64, sqlx::Error> {
        let (above,): (i64,) = sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(runs), 0) AS BIGINT) FROM day_scores WHERE day = $1 AND score > $2",
        )
        .bind(date)
        .bind(score)
        .fetch_one(&self.pool)
        .await?;
        let (tied,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM runs WHERE day = $1 AND practice = 0 AND score = $2 \
             AND (submitted < $3 OR (submitted = $3 AND id < $4))",
        )
        .bind(date)
        .bind(score)
        .bind(submitted)
        .bind(id)
        .fetch_one(&self.pool)
        .await?;
        Ok(above + tied + 1)
    }

    /// Keeps a verified run. The same record again answers its first entry; a token's
    /// second run of a day is practice (up to `PRACTICE_PER_DAY`); a copy of a kept run, or
    /// a name another token claimed, is refused.
    pub async fn take(&self, new: &NewRun<'_>) -> Result<Taken, TakeError> {
        let id = run_id(new.bytes);
        // A race with another copy of the server can make an insert meet a row that was
        // not there when this one looked; looking again settles it.
        for _ in 0..3 {
            if let Some(taken) = self.find(&id).await? {
                return Ok(taken);
            }
            let mut tx = self.pool.begin().await?;
            match self.keep(&mut tx, new, &id).await {
                Ok(Some(practice)) => {
                    tx.commit().await?;
                    let rank = self
                        .rank(&new.run.date, i64::from(new.run.score), new.submitted, &id)
                        .await?;
                    return Ok(Taken {
                        id,
                        date: new.run.date.clone(),
                        score: i64::from(new.run.score),
                        rank,
                        practice,
                        new: true,
                    });
                }
                Ok(None) => tx.rollback().await?,
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

    /// The writes of `take` in one transaction, the first a write so SQLite holds its write
    /// lock for the checks that follow. `Some(practice)` when kept, `None` when a row that
    /// came in meanwhile stood in the way.
    async fn keep(
        &self,
        tx: &mut Transaction<'static, Any>,
        new: &NewRun<'_>,
        id: &str,
    ) -> Result<Option<bool>, TakeError> {
        let run = new.run;
        sqlx::query(
            "INSERT INTO names (name_key, token, claimed) VALUES ($1, $2, $3) \
             ON CONFLICT (name_key) DO NOTHING",
        )
        .bind(new.name_key)
        .bind(new.token)
        .bind(new.submitted)
        .execute(&mut **tx)
        .await?;
        let (owner,): (String,) = sqlx::query_as("SELECT token FROM names WHERE name_key = $1")
            .bind(new.name_key)
            .fetch_one(&mut **tx)
            .await?;
        if owner != new.token {
            return Err(TakeError::NameTaken);
        }
        let game = if run.game.moves >= COPY_MIN_MOVES {
            if let Some(original) = self.copy_of(tx, new).await? {
                return Err(TakeError::Copy(original));
            }
            run.game.whole.as_str()
        } else {
            ""
        };
        let (counted,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM runs WHERE day = $1 AND token = $2 AND practice = 0",
        )
        .bind(&run.date)
        .bind(new.token)
        .fetch_one(&mut **tx)
        .await?;
        let practice = counted > 0;
        if practice {
            let (kept,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM runs WHERE day = $1 AND token = $2 AND practice = 1",
            )
            .bind(&run.date)
            .bind(new.token)
            .fetch_one(&mut **tx)
            .await?;
            if kept >= PRACTICE_PER_DAY {
                return Err(TakeError::PracticeFull);
            }
        }
        let done = sqlx::query(
            "INSERT INTO runs (id, day, name, device, token, game, score, outcome, depth, turns, \
             practice, submitted, ruleset, record) \
             VALUES ($1, $2, $3, '', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(&run.date)
        .bind(new.name)
        .bind(new.token)
        .bind(game)
        .bind(i64::from(run.score))
        .bind(run.outcome)
        .bind(i64::from(run.depth))
        .bind(i64::from(run.turns))
        .bind(i64::from(practice))
        .bind(new.submitted)
        .bind(i64::from(caves_rules::RULESET))
        .bind(caves_rules::record::base64::encode(new.bytes))
        .execute(&mut **tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(None);
        }
        if !practice {
            sqlx::query(
                "INSERT INTO day_scores (day, score, runs) VALUES ($1, $2, 1) \
                 ON CONFLICT (day, score) DO UPDATE SET runs = day_scores.runs + 1",
            )
            .bind(&run.date)
            .bind(i64::from(run.score))
            .execute(&mut **tx)
            .await?;
        }
        if !game.is_empty() {
            for (moves, mark) in &run.game.marks {
                sqlx::query(
                    "INSERT INTO marks (day, moves, mark, run) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT DO NOTHING",
                )
                .bind(&run.date)
                .bind(i64::from(*moves))
                .bind(mark)
                .bind(id)
                .execute(&mut **tx)
                .await?;
            }
        }
        Ok(Some(practice))
    }

    /// The kept run of the same day that `new` copies, if any: the same moves, or the same
    /// first moves up to a mark of at least half of its own.
    async fn copy_of(
        &self,
        tx: &mut Transaction<'static, Any>,
        new: &NewRun<'_>,
    ) -> Result<Option<String>, sqlx::Error> {
        let game = &new.run.game;
        let same: Option<(String,)> =
            sqlx::query_as("SELECT id FROM runs WHERE day = $1 AND game = $2 LIMIT 1")
                .bind(&new.run.date)
                .bind(&game.whole)
                .fetch_optional(&mut **tx)
                .await?;
        if let Some((original,)) = same {
            return Ok(Some(original));
        }
        for (moves, mark) in game.marks.iter().rev() {
            if moves * 2 < game.moves {
                break;
            }
            let shared: Option<(String,)> = sqlx::query_as(
                "SELECT run FROM marks WHERE day = $1 AND moves = $2 AND mark = $3 LIMIT 1",
            )
            .bind(&new.run.date)
            .bind(i64::from(*moves))
            .bind(mark)
            .fetch_optional(&mut **tx)
            .await?;
            if let Some((original,)) = shared {
                return Ok(Some(original));
            }
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
        .fetch_all(&self.pool)
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

    /// The run file of entry `id`, as it was posted.
    pub async fn run_file(&self, id: &str) -> Result<Option<Vec<u8>>, sqlx::Error> {
        let row: Option<(String,)> = sqlx::query_as("SELECT record FROM runs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|(text,)| caves_rules::record::base64::decode(&text)))
    }

    /// How many runs are kept in all (counted and practice).
    pub async fn count(&self) -> Result<i64, sqlx::Error> {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM runs")
            .fetch_one(&self.pool)
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
        .fetch_all(&self.pool)
        .await?;
        Ok(rows)
    }
}

/// All of `bytes` in lowercase hex.
fn hex_all(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
