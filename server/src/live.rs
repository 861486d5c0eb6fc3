//! Runs watched while they are played. The page sends a daily run's actions in batches as it
//! plays; the server replays them (never trusting the page's word for where the player is),
//! stores them in pieces and passes each piece to the run's watchers, whose streams
//! (server-sent events) carry the actions. Nothing here reaches the board: only a posted,
//! verified run counts.
//!
//! One copy of the server passes pieces to its own watchers through a `broadcast` channel per
//! run. Copies over one PostgreSQL database tell each other with `NOTIFY caves_live` (ids and
//! action counts only: the rows carry the actions); each copy's listener reads a piece once
//! from the database for all its watchers. A watcher that falls behind its channel, or
//! reconnects with `Last-Event-ID`, reads what it missed from the stored pieces.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use sqlx::FromRow;
use tokio::sync::{broadcast, watch};

use caves_rules::builder::WorldParams;
use caves_rules::record::actions::{encode_actions, parse_actions};
use caves_rules::record::base64;
use caves_rules::record::Header;
use caves_rules::{Action, Outcome, State};

use crate::board::Board;
use crate::limits::{LIVE_BACKLOG, LIVE_STATES};

/// The PostgreSQL channel copies tell each other of live pieces on.
pub const CHANNEL: &str = "caves_live";

/// A piece of a live run for its watchers: actions `from..upto` (the record's action bytes,
/// base64url), and how the run ended if this piece ended it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub from: i64,
    pub upto: i64,
    pub actions: String,
    pub end: Option<Ending>,
}

/// How a live run ended: `won` or `lost` (by its replay), `abandoned` (the page said so, or
/// its player opened another live run) or `idle` (no batch for `LIVE_IDLE`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Ending {
    pub actions: i64,
    pub outcome: String,
    pub turns: i64,
    pub depth: i64,
}

/// What a run's channel carries.
#[derive(Clone, Debug)]
pub enum Note {
    Piece(Arc<Piece>),
    /// Something may have been missed (the database listener reconnected): read it.
    Resync,
}

struct Channel {
    tx: broadcast::Sender<Note>,
    watchers: usize,
}

/// A live run's replayed state after `count` actions, kept between batches.
struct Kept {
    count: i64,
    used: u64,
    state: State,
}

/// The live runs' side of a server copy: channels and watchers by run, replayed states, and
/// the stop of every stream.
pub struct Live {
    /// This copy, in notifications (it skips its own).
    pub instance: String,
    channels: Mutex<HashMap<String, Channel>>,
    /// Runs whose count of watchers here changed since it was last written.
    changed: Mutex<HashSet<String>>,
    states: Mutex<(u64, HashMap<String, Kept>)>,
    stop: watch::Sender<bool>,
}

/// One open stream on a run, counted until it is dropped.
pub struct Watcher {
    live: Arc<Live>,
    run: String,
    gauge: prometheus_client::metrics::gauge::Gauge,
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.gauge.dec();
        if let Ok(mut channels) = self.live.channels.lock() {
            if let Some(c) = channels.get_mut(&self.run) {
                c.watchers = c.watchers.saturating_sub(1);
                if c.watchers == 0 {
                    channels.remove(&self.run);
                }
            }
        }
        if let Ok(mut changed) = self.live.changed.lock() {
            changed.insert(self.run.clone());
        }
    }
}

impl Default for Live {
    fn default() -> Live {
        Live::new()
    }
}

impl Live {
    pub fn new() -> Live {
        let mut bytes = [0u8; 16];
        let _ = getrandom::fill(&mut bytes);
        Live {
            instance: bytes.iter().map(|b| format!("{b:02x}")).collect(),
            channels: Mutex::new(HashMap::new()),
            changed: Mutex::new(HashSet::new()),
            states: Mutex::new((0, HashMap::new())),
            stop: watch::channel(false).0,
        }
    }

    /// Ends every open stream (the server is stopping).
    pub fn stop(&self) {
        self.stop.send_replace(true);
    }

    /// Resolves once `stop` was called.
    pub fn stopped(&self) -> watch::Receiver<bool> {
        self.stop.subscribe()
    }

    /// A new watcher of `run`: its channel (subscribed before anything is read, so nothing
    /// falls between what it reads and what it is sent) and its count.
    pub fn watch(
        self: &Arc<Live>,
        run: &str,
        gauge: prometheus_client::metrics::gauge::Gauge,
    ) -> (broadcast::Receiver<Note>, Watcher) {
        let rx = {
            let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
            let c = channels.entry(run.to_string()).or_insert_with(|| Channel {
                tx: broadcast::channel(LIVE_BACKLOG).0,
                watchers: 0,
            });
            c.watchers += 1;
            c.tx.subscribe()
        };
        if let Ok(mut changed) = self.changed.lock() {
            changed.insert(run.to_string());
        }
        gauge.inc();
        (
            rx,
            Watcher {
                live: Arc::clone(self),
                run: run.to_string(),
                gauge,
            },
        )
    }

    /// True when `run` has watchers on this copy.
    pub fn watched(&self, run: &str) -> bool {
        self.channels
            .lock()
            .map(|c| c.contains_key(run))
            .unwrap_or(false)
    }

    /// Streams open on `run` on this copy.
    pub fn watchers(&self, run: &str) -> i64 {
        self.channels
            .lock()
            .ok()
            .and_then(|c| c.get(run).map(|c| c.watchers as i64))
            .unwrap_or(0)
    }

    /// Sends `note` to the watchers of `run` on this copy.
    pub fn publish(&self, run: &str, note: Note) {
        if let Ok(channels) = self.channels.lock() {
            if let Some(c) = channels.get(run) {
                let _ = c.tx.send(note);
            }
        }
    }

    /// Tells every watcher here to read what it may have missed.
    pub fn resync_all(&self) {
        if let Ok(channels) = self.channels.lock() {
            for c in channels.values() {
                let _ = c.tx.send(Note::Resync);
            }
        }
    }

    /// The counts of watchers to write: every run watched here, and runs no longer watched
    /// whose count changed (as 0).
    pub fn counts_to_write(&self) -> Vec<(String, i64)> {
        let changed: HashSet<String> = self
            .changed
            .lock()
            .map(|mut c| std::mem::take(&mut *c))
            .unwrap_or_default();
        let channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        let mut out: Vec<(String, i64)> = channels
            .iter()
            .map(|(run, c)| (run.clone(), c.watchers as i64))
            .collect();
        out.extend(
            changed
                .into_iter()
                .filter(|run| !channels.contains_key(run))
                .map(|run| (run, 0)),
        );
        out
    }

    /// The replayed state of `run` after `count` actions, if this copy keeps it (taken out:
    /// `keep` puts it back).
    pub fn take_state(&self, run: &str, count: i64) -> Option<State> {
        let mut states = self.states.lock().ok()?;
        let kept = states.1.remove(run)?;
        (kept.count == count).then_some(kept.state)
    }

    /// Keeps `state`, the replay of `run` after `count` actions; the least recently used
    /// goes when there are `LIVE_STATES`.
    pub fn keep(&self, run: &str, count: i64, state: State) {
        let Ok(mut states) = self.states.lock() else {
            return;
        };
        states.0 += 1;
        let used = states.0;
        if states.1.len() >= LIVE_STATES && !states.1.contains_key(run) {
            if let Some(oldest) = states
                .1
                .iter()
                .min_by_key(|(_, k)| k.used)
                .map(|(r, _)| r.clone())
            {
                states.1.remove(&oldest);
            }
        }
        states
            .1
            .insert(run.to_string(), Kept { count, used, state });
    }

    /// Forgets the state of `run` (it ended).
    pub fn forget(&self, run: &str) {
        if let Ok(mut states) = self.states.lock() {
            states.1.remove(run);
        }
    }
}

/// The base64url action text of a piece starting at action `from`, without its first
/// `at - from` actions; `None` when it does not parse.
pub fn piece_from(text: &str, from: i64, at: i64) -> Option<String> {
    if at <= from {
        return Some(text.to_string());
    }
    let actions = parse_actions(&base64::decode(text)?)?;
    let skip = usize::try_from(at - from).ok()?.min(actions.len());
    Some(base64::encode(&encode_actions(&actions[skip..])))
}

/// The start of the daily run of `date` on the board's `seed`, as the page plays it.
pub fn start_of(date: &str, seed: u64) -> Result<State, String> {
    Header::new(seed, WorldParams::default(), Some(date.to_string()))
        .start()
        .map_err(|e| e.to_string())
}

/// Where a replayed live run stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub turns: i64,
    /// The level the player stands on, from 1.
    pub depth: i64,
    /// `won` or `lost` once the run ended.
    pub outcome: Option<&'static str>,
}

pub fn standing(state: &State) -> Standing {
    Standing {
        turns: i64::from(state.turn()),
        depth: i64::from(state.player().z + 1),
        outcome: match state.outcome() {
            Outcome::Playing => None,
            Outcome::Won => Some("won"),
            Outcome::Lost => Some("lost"),
        },
    }
}

/// Plays `actions` on `state`: the index of the first that came after the end, if one did.
pub fn play(state: &mut State, actions: &[Action]) -> Result<(), usize> {
    for (i, &a) in actions.iter().enumerate() {
        if state.outcome() != Outcome::Playing || !state.act(a) {
            return Err(i);
        }
    }
    Ok(())
}

/// A live run as stored.
#[derive(Clone, Debug, FromRow)]
pub struct LiveRow {
    pub id: String,
    pub day: String,
    pub name: String,
    pub token: String,
    pub actions: i64,
    pub turns: i64,
    pub depth: i64,
    pub ended: i64,
    pub outcome: String,
    pub updated: i64,
}

impl LiveRow {
    pub fn ending(&self) -> Option<Ending> {
        (self.ended != 0).then(|| Ending {
            actions: self.actions,
            outcome: self.outcome.clone(),
            turns: self.turns,
            depth: self.depth,
        })
    }
}

/// A stored piece: actions `start..upto`, base64url.
#[derive(Clone, Debug, FromRow)]
pub struct StoredPiece {
    pub start: i64,
    pub upto: i64,
    pub actions: String,
}

const LIVE_COLUMNS: &str =
    "id, day, name, token, actions, turns, depth, ended, outcome, updated FROM live_runs";

/// A notification's payload: `INSTANCE RUN FROM UPTO` (ids and counts only).
pub fn payload(instance: &str, run: &str, from: i64, upto: i64) -> String {
    format!("{instance} {run} {from} {upto}")
}

/// A notification read back: (instance, run, from).
pub fn parse_payload(text: &str) -> Option<(&str, &str, i64)> {
    let mut parts = text.split(' ');
    let instance = parts.next()?;
    let run = parts.next()?;
    let from = parts.next()?.parse().ok()?;
    Some((instance, run, from))
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

    /// Opens live run `id` of `day` for `token`, and ends the token's other live runs (a
    /// player plays one run at a time): those, as they ended.
    pub async fn live_open(
        &self,
        id: &str,
        day: &str,
        name: &str,
        token: &str,
        now: i64,
        instance: &str,
    ) -> Result<Vec<LiveRow>, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let ended: Vec<LiveRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "UPDATE live_runs SET ended = 1, outcome = 'abandoned', updated = $2 \
             WHERE token = $1 AND ended = 0 RETURNING {}",
            LIVE_COLUMNS.trim_end_matches(" FROM live_runs")
        )))
        .bind(token)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        for run in &ended {
            self.notify_on(
                &mut tx,
                &payload(instance, &run.id, run.actions, run.actions),
            )
            .await?;
        }
        sqlx::query(
            "INSERT INTO live_runs (id, day, name, token, started, updated, actions, turns, depth, \
             ended, outcome) VALUES ($1, $2, $3, $4, $5, $5, 0, 0, 1, 0, '')",
        )
        .bind(id)
        .bind(day)
        .bind(name)
        .bind(token)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(ended)
    }

    /// Live run `id`, if there is one.
    pub async fn live_run(&self, id: &str) -> Result<Option<LiveRow>, sqlx::Error> {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {LIVE_COLUMNS} WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await
    }

    /// Stores actions `from..upto` of live run `id` (base64url `text`; none when `upto` is
    /// `from`) and where the run stands after them, if the run still has `from` actions and
    /// has not ended (else false: another batch came first). `ended` ends it.
    #[allow(clippy::too_many_arguments)]
    pub async fn live_append(
        &self,
        id: &str,
        from: i64,
        upto: i64,
        text: &str,
        at: &Standing,
        ended: Option<&str>,
        now: i64,
        instance: &str,
    ) -> Result<bool, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE live_runs SET actions = $3, turns = $4, depth = $5, ended = $6, outcome = $7, \
             updated = $8 WHERE id = $1 AND actions = $2 AND ended = 0",
        )
        .bind(id)
        .bind(from)
        .bind(upto)
        .bind(at.turns)
        .bind(at.depth)
        .bind(i64::from(ended.is_some()))
        .bind(ended.unwrap_or(""))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        if upto > from {
            sqlx::query(
                "INSERT INTO live_chunks (run, start, upto, actions) VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(from)
            .bind(upto)
            .bind(text)
            .execute(&mut *tx)
            .await?;
        }
        self.notify_on(&mut tx, &payload(instance, id, from, upto))
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The stored pieces of live run `id` that hold actions after the first `after`.
    pub async fn live_pieces(&self, id: &str, after: i64) -> Result<Vec<StoredPiece>, sqlx::Error> {
        sqlx::query_as(
            "SELECT start, upto, actions FROM live_chunks WHERE run = $1 AND upto > $2 \
             ORDER BY start",
        )
        .bind(id)
        .bind(after)
        .fetch_all(&self.pool)
        .await
    }

    /// The live runs of `day` in progress that had a batch since `since`, the first begun
    /// first, at most `limit`.
    pub async fn live_list(
        &self,
        day: &str,
        since: i64,
        limit: i64,
    ) -> Result<Vec<LiveRow>, sqlx::Error> {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {LIVE_COLUMNS} WHERE day = $1 AND ended = 0 AND updated >= $2 \
             ORDER BY started, id LIMIT $3"
        )))
        .bind(day)
        .bind(since)
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
        let ended: Vec<LiveRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "UPDATE live_runs SET ended = 1, outcome = 'idle', updated = $2 \
             WHERE ended = 0 AND updated < $1 RETURNING {}",
            LIVE_COLUMNS.trim_end_matches(" FROM live_runs")
        )))
        .bind(idle)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        for run in &ended {
            self.notify_on(
                &mut tx,
                &payload(instance, &run.id, run.actions, run.actions),
            )
            .await?;
        }
        sqlx::query(
            "DELETE FROM live_chunks WHERE run IN \
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

    /// Writes how many streams copy `instance` has open on each run.
    pub async fn live_watchers_write(
        &self,
        instance: &str,
        counts: &[(String, i64)],
        now: i64,
    ) -> Result<(), sqlx::Error> {
        for rows in counts.chunks(100) {
            let values: Vec<String> = (0..rows.len())
                .map(|i| format!("(${}, $1, ${}, $2)", 3 + 2 * i, 4 + 2 * i))
                .collect();
            let mut q = sqlx::query(sqlx::AssertSqlSafe(format!(
                "INSERT INTO live_watchers (run, instance, watchers, seen) VALUES {} \
                 ON CONFLICT (run, instance) DO UPDATE SET watchers = excluded.watchers, \
                 seen = excluded.seen",
                values.join(", ")
            )))
            .bind(instance)
            .bind(now);
            for (run, n) in rows {
                q = q.bind(run.as_str()).bind(*n);
            }
            q.execute(&self.pool).await?;
        }
        Ok(())
    }

    /// Streams open on each run on the other copies (as they wrote them since `since`).
    pub async fn live_watchers_elsewhere(
        &self,
        instance: &str,
        since: i64,
    ) -> Result<HashMap<String, i64>, sqlx::Error> {
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT run, CAST(SUM(watchers) AS BIGINT) FROM live_watchers \
             WHERE instance <> $1 AND seen >= $2 AND watchers > 0 GROUP BY run",
        )
        .bind(instance)
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().collect())
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
