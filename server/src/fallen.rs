//! Reading the fallen of a day: the graves kept as runs are kept (`graves`), read in one
//! small indexed query, their ends filled in once replayed, and each day's answer kept in
//! memory for a few seconds.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use axum::body::Bytes;
use sqlx::FromRow;

use crate::board::Board;
use crate::graves::{lay, Grave};
use crate::limits::{FALLEN_CACHE, FALLEN_CACHED_DAYS, FALLEN_SIZE};
use crate::verify::End;

/// Where a counted run that was lost ended, and what ended it.
#[derive(Clone, Debug, PartialEq, Eq, FromRow, serde::Serialize)]
pub struct Fallen {
    pub name: String,
    pub depth: i64,
    pub x: i64,
    pub y: i64,
    pub cause: String,
    pub turns: i64,
    pub id: String,
}

impl Board {
    /// The day's graves, in the order their runs came, at most `FALLEN_SIZE`.
    pub async fn fallen(&self, date: &str) -> Result<Vec<Fallen>, sqlx::Error> {
        sqlx::query_as(
            "SELECT name, depth, x, y, cause, turns, id FROM graves \
             WHERE day = $1 AND depth > 0 ORDER BY submitted, id LIMIT $2",
        )
        .bind(date)
        .bind(FALLEN_SIZE)
        .fetch_all(&self.reads)
        .await
    }

    /// The day's graves of runs kept before the board noted where runs end (laid at depth 0),
    /// with their run files: `fill_end` notes their ends once they are replayed.
    pub async fn fallen_unknown(&self, date: &str) -> Result<Vec<(String, Vec<u8>)>, sqlx::Error> {
        sqlx::query_as(
            "SELECT g.id, r.record FROM graves g JOIN runs r ON r.id = g.id \
             WHERE g.day = $1 AND g.depth = 0 ORDER BY g.slot",
        )
        .bind(date)
        .fetch_all(&self.reads)
        .await
    }

    /// Notes where run `id` ended, and moves its grave to its level (if that has room).
    pub async fn fill_end(&self, id: &str, end: &End) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE runs SET end_depth = $2, end_x = $3, end_y = $4, cause = $5 WHERE id = $1",
        )
        .bind(id)
        .bind(i64::from(end.depth))
        .bind(i64::from(end.x))
        .bind(i64::from(end.y))
        .bind(end.cause.as_str())
        .execute(&mut *tx)
        .await?;
        let row: Option<(String, String, i64, i64)> = sqlx::query_as(
            "DELETE FROM graves WHERE id = $1 AND depth = 0 RETURNING day, name, turns, submitted",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some((day, name, turns, submitted)) = row {
            let grave = Grave {
                day: &day,
                id,
                name: &name,
                end,
                turns,
                submitted,
            };
            lay(&mut tx, &grave).await?;
        }
        tx.commit().await
    }
}

/// Days' fallen answers (the JSON bodies), each kept for `FALLEN_CACHE`.
#[derive(Default)]
pub struct FallenCache {
    days: Mutex<HashMap<String, (Instant, Bytes)>>,
}

impl FallenCache {
    /// The answer for `date` if it was made within `FALLEN_CACHE`.
    pub fn get(&self, date: &str) -> Option<Bytes> {
        let days = self.days.lock().ok()?;
        let (made, body) = days.get(date)?;
        (made.elapsed() < FALLEN_CACHE).then(|| body.clone())
    }

    /// Keeps the answer for `date`; past `FALLEN_CACHED_DAYS` days, the stale ones go, then
    /// all.
    pub fn put(&self, date: &str, body: Bytes) {
        let Ok(mut days) = self.days.lock() else {
            return;
        };
        if days.len() >= FALLEN_CACHED_DAYS {
            days.retain(|_, (made, _)| made.elapsed() < FALLEN_CACHE);
            if days.len() >= FALLEN_CACHED_DAYS {
                days.clear();
            }
        }
        days.insert(date.to_string(), (Instant::now(), body));
    }
}
