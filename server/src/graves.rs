//! The fallen of a day: where its counted runs that were lost ended, kept as graves in a
//! table of their own as each run is kept, so a read is one small indexed query whatever the
//! size of the day, and answered from memory for a few seconds.
//!
//! Which graves are kept: on each level, the first `GRAVES_PER_LEVEL` lost runs that ended
//! there, in the order they came. Most runs end on the first levels, so a cap on the day would
//! fill with them; a cap per level keeps the deep graves, the ones a player has the hardest
//! time finding and that cost the most to make (a script can end runs at the entrance as fast
//! as it may post, but must play its way down to die deeper). A grave once kept stays, so the
//! count a page shows does not move back as the day goes on.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use axum::body::Bytes;
use sqlx::{Any, FromRow, Transaction};

use crate::board::Board;
use crate::limits::{FALLEN_CACHE, FALLEN_CACHED_DAYS, FALLEN_SIZE, GRAVES_PER_LEVEL};
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

/// A lost counted run to lay a grave for.
pub struct Grave<'a> {
    pub day: &'a str,
    pub id: &'a str,
    pub name: &'a str,
    pub end: &'a End,
    pub turns: i64,
    pub submitted: i64,
}

/// Lays `grave` on its level (its end's depth; 0 for an end not known yet) if the level has
/// fewer than `GRAVES_PER_LEVEL` graves that day. Each grave takes the next slot of its
/// level, so two copies laying one at once cannot both take the last.
pub(crate) async fn lay(
    tx: &mut Transaction<'static, Any>,
    grave: &Grave<'_>,
) -> Result<(), sqlx::Error> {
    let room = if grave.end.depth == 0 {
        FALLEN_SIZE
    } else {
        GRAVES_PER_LEVEL
    };
    sqlx::query(
        "INSERT INTO graves (day, depth, slot, id, name, x, y, cause, turns, submitted) \
         SELECT $1, $2, COUNT(*), $3, $4, $5, $6, $7, $8, $9 FROM graves \
         WHERE day = $1 AND depth = $2 HAVING COUNT(*) < $10 \
         ON CONFLICT DO NOTHING",
    )
    .bind(grave.day)
    .bind(i64::from(grave.end.depth))
    .bind(grave.id)
    .bind(grave.name)
    .bind(i64::from(grave.end.x))
    .bind(i64::from(grave.end.y))
    .bind(grave.end.cause.as_str())
    .bind(grave.turns)
    .bind(grave.submitted)
    .bind(room)
    .execute(&mut **tx)
    .await
    .map(|_| ())
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
        let rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT g.id, r.record FROM graves g JOIN runs r ON r.id = g.id \
             WHERE g.day = $1 AND g.depth = 0 ORDER BY g.slot",
        )
        .bind(date)
        .fetch_all(&self.reads)
        .await?;
        Ok(rows
            .into_iter()
            .filter_map(|(id, text)| Some((id, caves_rules::record::base64::decode(&text)?)))
            .collect())
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
