//! The live runs as stored (one set of SQL queries for SQLite and PostgreSQL): runs, their
//! pieces of actions and marks, the copies' counts of watchers, and the notifications
//! copies over one PostgreSQL database tell each other with.

use std::collections::HashMap;

use sqlx::any::AnyArguments;
use sqlx::query::QueryAs;
use sqlx::{Any, AssertSqlSafe, Encode, FromRow, Type};

use caves_rules::record::actions::parse_actions;
use caves_rules::record::base64;
use caves_rules::Action;

use crate::board::Board;
use crate::claims::{claim_name, Claim, ClaimError};
use crate::limits::LIVE_PIECE_ACTIONS;

use super::hub::{Ending, CHANNEL};
use super::play::Standing;

/// A live run as stored.
#[derive(Clone, Debug, FromRow)]
pub struct LiveRow {
    pub id: String,
    pub day: String,
    pub name: String,
    pub token: String,
    pub started: i64,
    pub actions: i64,
    pub turns: i64,
    pub depth: i64,
    pub ended: i64,
    pub outcome: String,
    pub updated: i64,
    /// Actions its watchers may see.
    pub shown: i64,
    pub settled: i64,
    pub kept: String,
    pub ticket: String,
    pub minute: i64,
    pub batches: i64,
}

impl LiveRow {
    /// How it ended, for its watchers: once it is over for them. A run its replay ended (won
    /// or lost) is over for them once it is settled (kept, or refused, as its player's run),
    /// with every action shown; one abandoned or idle, at once, without the actions held
    /// back (its player may play on in another).
    pub fn ending(&self) -> Option<Ending> {
        if self.ended == 0 || (self.awaits_keeping() && self.settled == 0) {
            return None;
        }
        Some(Ending {
            actions: self.shown,
            outcome: self.outcome.clone(),
            turns: self.turns,
            depth: self.depth,
        })
    }

    /// Ended by its replay (won or lost): to be kept as its player's run.
    pub fn awaits_keeping(&self) -> bool {
        self.ended != 0 && (self.outcome == "won" || self.outcome == "lost")
    }
}

/// How `live_open` went.
pub enum Opened {
    /// Opened; the token's live runs it ended.
    Open(Vec<LiveRow>),
    /// The name is another token's.
    NameTaken,
    /// The name is new to the token, and the address claimed enough names today.
    TooManyNames,
    /// The address opened enough live runs this hour.
    TooMany,
}

/// A batch to store: actions `from..upto` (base64url `text`), where the run stands after
/// them, how it ended if they end it, the actions shown before and after, and the new marks.
pub struct Stored<'a> {
    pub from: i64,
    pub upto: i64,
    pub text: &'a str,
    pub at: &'a Standing,
    pub ended: Option<&'a str>,
    pub shown_before: i64,
    pub shown: i64,
    pub marks: &'a [(u32, String)],
}

/// Pieces read at a time by a stream catching up (at most `LIVE_PIECE_ACTIONS` each).
pub const LIVE_PAGE: i64 = 8;

/// A stored piece: actions `start..upto`, base64url.
#[derive(Clone, Debug, FromRow)]
pub struct StoredPiece {
    pub start: i64,
    pub upto: i64,
    pub actions: String,
}

const LIVE_COLUMNS: &str = "id, day, name, token, started, actions, turns, depth, ended, \
     outcome, updated, shown, settled, kept, ticket, minute, batches";

/// The live runs `condition` picks (its parameters bound by the caller).
fn live_rows(condition: &str) -> QueryAs<'_, Any, LiveRow, AnyArguments> {
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {LIVE_COLUMNS} FROM live_runs WHERE {condition}"
    )))
}

/// A notification's payload, as JSON (ids and counts only): the copy that sent it, the run,
/// and the actions `from..upto` its watchers may now see.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Notice {
    pub instance: String,
    pub run: String,
    pub from: i64,
    pub upto: i64,
}

/// The payload of a notification of `run`'s actions `from..upto` from copy `instance`.
pub fn payload(instance: &str, run: &str, from: i64, upto: i64) -> String {
    let notice = Notice {
        instance: instance.to_string(),
        run: run.to_string(),
        from,
        upto,
    };
    serde_json::to_string(&notice).unwrap_or_default()
}

/// A notification read back; `None` for a payload that is not one.
pub fn parse_payload(text: &str) -> Option<Notice> {
    serde_json::from_str(text).ok()
}

impl Board {
    /// Sends `payload` on `CHANNEL` to every copy (PostgreSQL only; delivered at commit when
    /// `conn` is in a transaction).
    async fn notify_on(
        &self,
        conn: &mut sqlx::AnyConnection,
        payload: &str,
    ) -> Result<(), sqlx::Error> {
        if self.kind == "postgres" {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload)
                .execute(conn)
                .await?;
        }
        Ok(())
    }

    /// Ends the live runs not ended yet that `condition` picks (`$1`, `param`), as `outcome`
    /// at `now`, and tells their watchers: the runs it ended.
    async fn end_live_runs<'q>(
        &self,
        tx: &mut sqlx::AnyConnection,
        condition: &str,
        param: impl Encode<'q, Any> + Type<Any> + Send + 'q,
        outcome: &str,
        now: i64,
        instance: &str,
    ) -> Result<Vec<LiveRow>, sqlx::Error> {
        let ended: Vec<LiveRow> = sqlx::query_as(AssertSqlSafe(format!(
            "UPDATE live_runs SET ended = 1, outcome = '{outcome}', updated = $2 \
             WHERE {condition} AND ended = 0 RETURNING {LIVE_COLUMNS}"
        )))
        .bind(param)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        for run in &ended {
            self.notify_on(tx, &payload(instance, &run.id, run.shown, run.shown))
                .await?;
        }
        Ok(ended)
    }

    /// Opens live run `id` of `day` for `token` under `name`, opened from address `client`
    /// with stream ticket `ticket`, and ends the token's other live runs (a player plays one
    /// run at a time). The name is claimed for the token as a kept run claims it (a name new
    /// to the token counts among the `names_per_day` its address may claim). Refusals:
    /// `Opened::NameTaken` when another token holds the name, `Opened::TooManyNames` when the
    /// address claimed enough names, `Opened::TooMany` when `client` opened `per_hour` live
    /// runs in the last hour.
    #[allow(clippy::too_many_arguments)]
    pub async fn live_open(
        &self,
        id: &str,
        day: &str,
        name: &str,
        token: &str,
        client: &str,
        ticket: &str,
        per_hour: i64,
        names_per_day: i64,
        now: i64,
        instance: &str,
    ) -> Result<Opened, sqlx::Error> {
        let mut tx = self.begin().await?;
        let (opened,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM live_runs WHERE client = $1 AND started > $2")
                .bind(client)
                .bind(now - 3_600_000_000)
                .fetch_one(&mut *tx)
                .await?;
        if opened >= per_hour {
            tx.rollback().await?;
            return Ok(Opened::TooMany);
        }
        let claim = Claim {
            name,
            token,
            at: now,
            counted: false,
            client: Some((client, names_per_day)),
        };
        match claim_name(&mut tx, &claim).await {
            Ok(()) => {}
            Err(ClaimError::Database(e)) => return Err(e),
            Err(refused) => {
                tx.rollback().await?;
                return Ok(match refused {
                    ClaimError::TooMany => Opened::TooManyNames,
                    _ => Opened::NameTaken,
                });
            }
        }
        let ended = self
            .end_live_runs(&mut tx, "token = $1", token, "abandoned", now, instance)
            .await?;
        sqlx::query(
            "INSERT INTO live_runs (id, day, name, token, started, updated, actions, turns, depth, \
             ended, outcome, client, ticket) \
             VALUES ($1, $2, $3, $4, $5, $5, 0, 0, 1, 0, '', $6, $7)",
        )
        .bind(id)
        .bind(day)
        .bind(name)
        .bind(token)
        .bind(now)
        .bind(client)
        .bind(ticket)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Opened::Open(ended))
    }

    /// Live run `id`, if there is one.
    pub async fn live_run(&self, id: &str) -> Result<Option<LiveRow>, sqlx::Error> {
        live_rows("id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// Stores batch `batch` of live run `run` (which had `batch.from` actions, not ended) and
    /// where the run stands after it, if the run still has them (else false: another batch
    /// came first): the run's row, its actions (appended to its last stored piece while that
    /// holds fewer than `LIVE_PIECE_ACTIONS`, else a new piece), its new marks, and the
    /// notification of the actions newly shown.
    pub async fn live_append(
        &self,
        run: &LiveRow,
        batch: &Stored<'_>,
        now: i64,
        instance: &str,
    ) -> Result<bool, sqlx::Error> {
        let minute = now / 60_000_000;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE live_runs SET actions = $3, turns = $4, depth = $5, ended = $6, outcome = $7, \
             updated = $8, shown = $9, minute = $10, \
             batches = CASE WHEN minute = $10 THEN batches + 1 ELSE 1 END \
             WHERE id = $1 AND actions = $2 AND ended = 0",
        )
        .bind(&run.id)
        .bind(batch.from)
        .bind(batch.upto)
        .bind(batch.at.turns)
        .bind(batch.at.depth)
        .bind(i64::from(batch.ended.is_some()))
        .bind(batch.ended.unwrap_or(""))
        .bind(now)
        .bind(batch.shown)
        .bind(minute)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        if batch.upto > batch.from {
            let last: Option<StoredPiece> = sqlx::query_as(
                "SELECT start, upto, actions FROM live_chunks WHERE run = $1 \
                 ORDER BY start DESC LIMIT 1",
            )
            .bind(&run.id)
            .fetch_optional(&mut *tx)
            .await?;
            let joined = last
                .filter(|p| p.upto == batch.from && p.upto - p.start < LIVE_PIECE_ACTIONS)
                .and_then(|p| {
                    let mut codes = base64::decode(&p.actions)?;
                    codes.extend(base64::decode(batch.text)?);
                    Some((p.start, base64::encode(&codes)))
                });
            match joined {
                Some((start, text)) => {
                    sqlx::query(
                        "UPDATE live_chunks SET upto = $3, actions = $4 WHERE run = $1 AND start = $2",
                    )
                    .bind(&run.id)
                    .bind(start)
                    .bind(batch.upto)
                    .bind(text)
                    .execute(&mut *tx)
                    .await?;
                }
                None => {
                    sqlx::query(
                        "INSERT INTO live_chunks (run, start, upto, actions) VALUES ($1, $2, $3, $4)",
                    )
                    .bind(&run.id)
                    .bind(batch.from)
                    .bind(batch.upto)
                    .bind(batch.text)
                    .execute(&mut *tx)
                    .await?;
                }
            }
        }
        if !batch.marks.is_empty() {
            let rows: Vec<String> = (0..batch.marks.len())
                .map(|i| format!("($1, ${}, ${}, $2, $3, $4)", 5 + 2 * i, 6 + 2 * i))
                .collect();
            let mut insert = sqlx::query(AssertSqlSafe(format!(
                "INSERT INTO live_marks (day, turn, mark, run, token, started) VALUES {} \
                 ON CONFLICT DO NOTHING",
                rows.join(", ")
            )))
            .bind(&run.day)
            .bind(&run.id)
            .bind(&run.token)
            .bind(run.started);
            for (turn, mark) in batch.marks {
                insert = insert.bind(i64::from(*turn)).bind(mark.as_str());
            }
            insert.execute(&mut *tx).await?;
        }
        self.notify_on(
            &mut tx,
            &payload(instance, &run.id, batch.shown_before, batch.shown),
        )
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Settles live run `id`, which its replay ended: kept as run `kept` (or refused: ''),
    /// every action shown; its watchers are told.
    pub async fn live_settle(
        &self,
        run: &LiveRow,
        kept: &str,
        instance: &str,
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE live_runs SET settled = 1, kept = $2, shown = actions WHERE id = $1")
            .bind(&run.id)
            .bind(kept)
            .execute(&mut *tx)
            .await?;
        self.notify_on(&mut tx, &payload(instance, &run.id, run.shown, run.actions))
            .await?;
        tx.commit().await
    }

    /// The live runs its replay ended that are not settled yet (a copy stopped, or its
    /// database failed, before it kept them), ended before `before`.
    pub async fn live_unsettled(&self, before: i64) -> Result<Vec<LiveRow>, sqlx::Error> {
        live_rows(
            "ended = 1 AND settled = 0 AND outcome IN ('won', 'lost') AND updated < $1 LIMIT 100",
        )
        .bind(before)
        .fetch_all(&self.pool)
        .await
    }

    /// Up to `limit` stored pieces of live run `id` that hold actions after the first `after`
    /// and start before `before`, in order.
    pub async fn live_pieces(
        &self,
        id: &str,
        after: i64,
        before: i64,
        limit: i64,
    ) -> Result<Vec<StoredPiece>, sqlx::Error> {
        sqlx::query_as(
            "SELECT start, upto, actions FROM live_chunks WHERE run = $1 AND upto > $2 \
             AND start < $3 ORDER BY start LIMIT $4",
        )
        .bind(id)
        .bind(after)
        .bind(before)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
    }

    /// Every stored action of live run `id`, read a page at a time.
    pub async fn live_actions(&self, id: &str) -> Result<Vec<Action>, sqlx::Error> {
        let mut actions = Vec::new();
        loop {
            let at = actions.len() as i64;
            let pieces = self.live_pieces(id, at, i64::MAX, LIVE_PAGE).await?;
            let Some(last) = pieces.last().map(|p| p.upto) else {
                return Ok(actions);
            };
            for p in &pieces {
                let more = base64::decode(&p.actions)
                    .and_then(|b| parse_actions(&b))
                    .ok_or_else(|| {
                        sqlx::Error::Protocol("a stored live piece does not parse".into())
                    })?;
                let skip = usize::try_from(actions.len() as i64 - p.start).unwrap_or(0);
                actions.extend(more.into_iter().skip(skip));
            }
            if last <= at {
                return Ok(actions);
            }
        }
    }

    /// The live runs of `day` in progress that had a batch since `since` and have reached
    /// `turns` turns, the first begun first, at most `limit`.
    pub async fn live_list(
        &self,
        day: &str,
        since: i64,
        turns: i64,
        limit: i64,
    ) -> Result<Vec<LiveRow>, sqlx::Error> {
        live_rows(
            "day = $1 AND ended = 0 AND updated >= $2 AND turns >= $3 ORDER BY started, id LIMIT $4",
        )
        .bind(day)
        .bind(since)
        .bind(turns)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
    }

    /// Live runs in progress (a batch since `since`), on every day.
    pub async fn live_count(&self, since: i64) -> Result<i64, sqlx::Error> {
        let (n,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM live_runs WHERE ended = 0 AND updated >= $1")
                .bind(since)
                .fetch_one(&self.pool)
                .await?;
        Ok(n)
    }

    /// Ends the live runs that had no batch since `idle` (`idle`), and forgets live runs
    /// that ended before `old` and their pieces: the runs it ended.
    pub async fn live_sweep(
        &self,
        idle: i64,
        old: i64,
        now: i64,
        instance: &str,
    ) -> Result<Vec<LiveRow>, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let ended = self
            .end_live_runs(&mut tx, "updated < $1", idle, "idle", now, instance)
            .await?;
        sqlx::query(
            "DELETE FROM live_chunks WHERE run IN \
             (SELECT id FROM live_runs WHERE ended = 1 AND updated < $1)",
        )
        .bind(old)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "DELETE FROM live_marks WHERE run IN \
             (SELECT id FROM live_runs WHERE ended = 1 AND updated < $1)",
        )
        .bind(old)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM live_runs WHERE ended = 1 AND updated < $1")
            .bind(old)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM live_watchers WHERE seen < $1")
            .bind(old)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(ended)
    }

    /// Writes how many streams copy `instance` has open on each run, and from how many
    /// addresses.
    pub async fn live_watchers_write(
        &self,
        instance: &str,
        counts: &[(String, i64, i64)],
        now: i64,
    ) -> Result<(), sqlx::Error> {
        for rows in counts.chunks(100) {
            let values: Vec<String> = (0..rows.len())
                .map(|i| format!("(${}, $1, ${}, ${}, $2)", 3 + 3 * i, 4 + 3 * i, 5 + 3 * i))
                .collect();
            let mut q = sqlx::query(AssertSqlSafe(format!(
                "INSERT INTO live_watchers (run, instance, watchers, addresses, seen) VALUES {} \
                 ON CONFLICT (run, instance) DO UPDATE SET watchers = excluded.watchers, \
                 addresses = excluded.addresses, seen = excluded.seen",
                values.join(", ")
            )))
            .bind(instance)
            .bind(now);
            for (run, n, a) in rows {
                q = q.bind(run.as_str()).bind(*n).bind(*a);
            }
            q.execute(&self.pool).await?;
        }
        Ok(())
    }

    /// Streams open on each run on the other copies, and their addresses (as the copies
    /// wrote them since `since`).
    pub async fn live_watchers_elsewhere(
        &self,
        instance: &str,
        since: i64,
    ) -> Result<HashMap<String, (i64, i64)>, sqlx::Error> {
        let rows: Vec<(String, i64, i64)> = sqlx::query_as(
            "SELECT run, CAST(SUM(watchers) AS BIGINT), CAST(SUM(addresses) AS BIGINT) \
             FROM live_watchers WHERE instance <> $1 AND seen >= $2 AND watchers > 0 GROUP BY run",
        )
        .bind(instance)
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(r, w, a)| (r, (w, a))).collect())
    }

    /// Adds `amount` to what `client` stored of `kind` on `day`: the sum so far, this with it
    /// (counted in the database, so every copy shares it).
    pub async fn add_quota(
        &self,
        client: &str,
        day: &str,
        kind: &str,
        amount: i64,
    ) -> Result<i64, sqlx::Error> {
        let (sum,): (i64,) = sqlx::query_as(
            "INSERT INTO quotas (client, day, kind, amount) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (client, day, kind) DO UPDATE SET amount = quotas.amount + $4 \
             RETURNING amount",
        )
        .bind(client)
        .bind(day)
        .bind(kind)
        .bind(amount)
        .fetch_one(&self.pool)
        .await?;
        Ok(sum)
    }

    /// True when `token`'s own run of `day` has ended: a run of it is kept, or a live run of
    /// it ended by its replay (won or lost).
    pub async fn day_done(&self, day: &str, token: &str) -> Result<bool, sqlx::Error> {
        let (kept, live): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM runs WHERE day = $1 AND token = $2 \
             LIMIT 1) AS k), (SELECT COUNT(*) FROM (SELECT 1 FROM live_runs WHERE token = $2 \
             AND day = $1 AND ended = 1 AND outcome IN ('won', 'lost') LIMIT 1) AS l)",
        )
        .bind(day)
        .bind(token)
        .fetch_one(&self.pool)
        .await?;
        Ok(kept + live > 0)
    }

    /// The watchers of `run` on the other copies (as each wrote them since `since`).
    pub async fn live_watchers_of(
        &self,
        run: &str,
        instance: &str,
        since: i64,
    ) -> Result<i64, sqlx::Error> {
        let (n,): (Option<i64>,) = sqlx::query_as(
            "SELECT CAST(SUM(watchers) AS BIGINT) FROM live_watchers \
             WHERE run = $1 AND instance <> $2 AND seen >= $3",
        )
        .bind(run)
        .bind(instance)
        .bind(since)
        .fetch_one(&self.pool)
        .await?;
        Ok(n.unwrap_or(0))
    }
}
