//! The runs kept, by day, in SQLite or PostgreSQL through one set of SQL queries (sqlx's
//! `Any` driver; `$n` parameters read the same in both). The database is the only shared
//! state, so several copies of the server can run over one PostgreSQL database.
//!
//! A run's id is a digest of its bytes, so the same record posted twice is the same entry.
//! The first ended daily run of a device counts for its day; later ones are kept as practice
//! (a unique index on day and device among counted runs settles races between copies).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::{AnyPool, Row};

use crate::verify::Verified;

/// The most entries a board answers with.
pub const BOARD_SIZE: i64 = 100;

pub struct Board {
    pool: AnyPool,
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

/// A run taken by the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    pub id: String,
    pub date: String,
    pub score: i64,
    /// Its rank among the day's counted runs (where it would stand, for practice).
    pub rank: i64,
    /// A later run of a device that already has one counted that day.
    pub practice: bool,
    /// False when the same record was posted before (nothing new was stored).
    pub new: bool,
}

/// A verified run about to be stored.
#[derive(Clone, Copy)]
struct NewRow<'a> {
    id: &'a str,
    run: &'a Verified,
    name: &'a str,
    device: &'a str,
    /// The run file, base64url.
    record: &'a str,
    /// When it came, in microseconds since 1970.
    submitted: i64,
}

/// The id of a run file: its length and a 64-bit FNV-1a digest, in hex.
pub fn run_id(bytes: &[u8]) -> String {
    let digest = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{:x}{digest:016x}", bytes.len())
}

fn now_micros() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}

fn db_error(e: sqlx::Error) -> String {
    format!("the database failed: {e}")
}

impl Board {
    /// Opens (creating a SQLite file if missing) and migrates the database at `url`.
    pub async fn open(url: &str) -> Result<Board, String> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let url = if sqlite && !url.contains("mode=") {
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}mode=rwc")
        } else {
            url.to_string()
        };
        // SQLite takes one writer at a time: one connection queues the writes instead of
        // failing them as "locked". PostgreSQL gets a pool.
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1 } else { 16 })
            .acquire_timeout(Duration::from_secs(10))
            .connect(&url)
            .await
            .map_err(|e| format!("cannot open the database {url}: {e}"))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| format!("cannot prepare the database: {e}"))?;
        Ok(Board { pool })
    }

    async fn find(&self, id: &str) -> Result<Option<Taken>, String> {
        let row = sqlx::query("SELECT day, score, practice, submitted FROM runs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(db_error)?;
        let Some(row) = row else {
            return Ok(None);
        };
        let date: String = row.try_get(0).map_err(db_error)?;
        let score: i64 = row.try_get(1).map_err(db_error)?;
        let practice: i64 = row.try_get(2).map_err(db_error)?;
        let submitted: i64 = row.try_get(3).map_err(db_error)?;
        let rank = self.rank(&date, score, submitted, id).await?;
        Ok(Some(Taken {
            id: id.to_string(),
            date,
            score,
            rank,
            practice: practice != 0,
            new: false,
        }))
    }

    /// Where a run of `score` submitted at `submitted` stands among the day's counted runs:
    /// higher scores first, then earlier submissions.
    async fn rank(&self, date: &str, score: i64, submitted: i64, id: &str) -> Result<i64, String> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM runs WHERE day = $1 AND practice = 0 AND id <> $4 \
             AND (score > $2 OR (score = $2 AND (submitted < $3 OR (submitted = $3 AND id < $4))))",
        )
        .bind(date)
        .bind(score)
        .bind(submitted)
        .bind(id)
        .fetch_one(&self.pool)
        .await
        .map_err(db_error)?;
        let ahead: i64 = row.try_get(0).map_err(db_error)?;
        Ok(ahead + 1)
    }

    /// Inserts `new` (as practice or counted); false when a row stood in the way: the same
    /// id, or the device's counted run of that day.
    async fn insert(&self, new: &NewRow<'_>, practice: bool) -> Result<bool, String> {
        let NewRow {
            id,
            run,
            name,
            device,
            record,
            submitted,
        } = *new;
        let done = sqlx::query(
            "INSERT INTO runs (id, day, name, device, score, outcome, depth, turns, practice, \
             submitted, ruleset, record) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
             ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(run.date.as_str())
        .bind(name)
        .bind(device)
        .bind(i64::from(run.score))
        .bind(run.outcome)
        .bind(i64::from(run.depth))
        .bind(i64::from(run.turns))
        .bind(i64::from(practice))
        .bind(submitted)
        .bind(i64::from(caves::rules::RULESET))
        .bind(record)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(done.rows_affected() == 1)
    }

    /// Keeps a verified run posted by `name` from `device`. The same record again answers
    /// its first entry; a device's second run of a day is kept as practice.
    pub async fn take(
        &self,
        bytes: &[u8],
        run: &Verified,
        name: &str,
        device: &str,
    ) -> Result<Taken, String> {
        let id = run_id(bytes);
        if let Some(taken) = self.find(&id).await? {
            return Ok(taken);
        }
        let record = caves::record::base64::encode(bytes);
        let submitted = now_micros();
        let new = NewRow {
            id: &id,
            run,
            name,
            device,
            record: &record,
            submitted,
        };
        for practice in [false, true] {
            if self.insert(&new, practice).await? {
                let rank = self
                    .rank(&run.date, i64::from(run.score), submitted, &id)
                    .await?;
                return Ok(Taken {
                    id,
                    date: run.date.clone(),
                    score: i64::from(run.score),
                    rank,
                    practice,
                    new: true,
                });
            }
            // Not inserted: the same record came in meanwhile, or (counted) the device has
            // its run of the day already.
            if let Some(taken) = self.find(&id).await? {
                return Ok(taken);
            }
        }
        Err("the run could not be stored".into())
    }

    /// The day's counted runs, best first (ties to the earlier submission), at most
    /// `BOARD_SIZE`.
    pub async fn day(&self, date: &str) -> Result<Vec<Entry>, String> {
        let rows = sqlx::query(
            "SELECT id, name, score, outcome, depth, turns FROM runs \
             WHERE day = $1 AND practice = 0 ORDER BY score DESC, submitted ASC, id ASC LIMIT $2",
        )
        .bind(date)
        .bind(BOARD_SIZE)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        rows.iter()
            .enumerate()
            .map(|(i, row)| {
                Ok(Entry {
                    rank: i as i64 + 1,
                    id: row.try_get(0).map_err(db_error)?,
                    name: row.try_get(1).map_err(db_error)?,
                    score: row.try_get(2).map_err(db_error)?,
                    outcome: row.try_get(3).map_err(db_error)?,
                    depth: row.try_get(4).map_err(db_error)?,
                    turns: row.try_get(5).map_err(db_error)?,
                })
            })
            .collect()
    }

    /// The run file of entry `id`, as it was posted.
    pub async fn run_file(&self, id: &str) -> Result<Option<Vec<u8>>, String> {
        let row = sqlx::query("SELECT record FROM runs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(db_error)?;
        match row {
            None => Ok(None),
            Some(row) => {
                let text: String = row.try_get(0).map_err(db_error)?;
                Ok(caves::record::base64::decode(&text))
            }
        }
    }

    /// How many runs are kept in all (counted and practice).
    pub async fn count(&self) -> Result<i64, String> {
        let row = sqlx::query("SELECT COUNT(*) FROM runs")
            .fetch_one(&self.pool)
            .await
            .map_err(db_error)?;
        row.try_get(0).map_err(db_error)
    }
}
