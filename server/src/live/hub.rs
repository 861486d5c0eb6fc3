//! A server copy's live runs in memory: a `broadcast` channel per run that passes pieces to
//! its watchers, the watchers counted by run and address, the replayed states kept between
//! batches, and the stop of every stream.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use tokio::sync::{broadcast, watch};

use caves_rules::record::actions::{encode_actions, parse_actions};
use caves_rules::record::base64;

use crate::limits::{LIVE_BACKLOG, LIVE_STATES};

use super::play::Play;

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
    /// Watchers by address.
    clients: HashMap<String, usize>,
}

/// A live run's replay after `count` actions, kept between batches: its state, its marks and
/// what watchers do not see yet.
struct Kept {
    count: i64,
    used: u64,
    play: Play,
}

/// The live runs' side of a server copy: channels and watchers by run, replayed states, and
/// the stop of every stream.
pub struct Live {
    /// This copy, in notifications (it skips its own).
    pub instance: String,
    channels: Mutex<HashMap<String, Channel>>,
    /// Streams open on this copy by address.
    clients: Mutex<HashMap<String, usize>>,
    /// When the next read of stored pieces by a stream may start (the catch-ups' pace).
    next_read: Mutex<std::time::Instant>,
    /// Runs whose count of watchers here changed since it was last written.
    changed: Mutex<HashSet<String>>,
    states: Mutex<(u64, HashMap<String, Kept>)>,
    stop: watch::Sender<bool>,
}

/// One open stream on a run, counted until it is dropped.
pub struct Watcher {
    live: Arc<Live>,
    run: String,
    client: String,
    gauge: prometheus_client::metrics::gauge::Gauge,
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.gauge.dec();
        if let Ok(mut channels) = self.live.channels.lock() {
            if let Some(c) = channels.get_mut(&self.run) {
                c.watchers = c.watchers.saturating_sub(1);
                if let Some(n) = c.clients.get_mut(&self.client) {
                    *n -= 1;
                    if *n == 0 {
                        c.clients.remove(&self.client);
                    }
                }
                if c.watchers == 0 {
                    channels.remove(&self.run);
                }
            }
        }
        if let Ok(mut clients) = self.live.clients.lock() {
            if let Some(n) = clients.get_mut(&self.client) {
                *n -= 1;
                if *n == 0 {
                    clients.remove(&self.client);
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
        Live {
            instance: random_id(),
            channels: Mutex::new(HashMap::new()),
            clients: Mutex::new(HashMap::new()),
            next_read: Mutex::new(std::time::Instant::now()),
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

    /// A new watcher of `run` from address `client`: its channel (subscribed before anything
    /// is read, so nothing falls between what it reads and what it is sent) and its count;
    /// `None` when `client` has `per_client` streams open on this copy already.
    pub fn watch(
        self: &Arc<Live>,
        run: &str,
        client: &str,
        per_client: usize,
        gauge: prometheus_client::metrics::gauge::Gauge,
    ) -> Option<(broadcast::Receiver<Note>, Watcher)> {
        {
            let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
            let n = clients.entry(client.to_string()).or_insert(0);
            if *n >= per_client {
                return None;
            }
            *n += 1;
        }
        let rx = {
            let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
            let c = channels.entry(run.to_string()).or_insert_with(|| Channel {
                tx: broadcast::channel(LIVE_BACKLOG).0,
                watchers: 0,
                clients: HashMap::new(),
            });
            c.watchers += 1;
            *c.clients.entry(client.to_string()).or_insert(0) += 1;
            c.tx.subscribe()
        };
        if let Ok(mut changed) = self.changed.lock() {
            changed.insert(run.to_string());
        }
        gauge.inc();
        Some((
            rx,
            Watcher {
                live: Arc::clone(self),
                run: run.to_string(),
                client: client.to_string(),
                gauge,
            },
        ))
    }

    /// Waits for this copy's turn to read stored pieces for a stream: at most `per_second`
    /// reads a second on this copy, however many streams ask, so readers wait and the
    /// board does not. False (without waiting) when the turn is further off than `patience`.
    pub async fn read_turn(&self, per_second: u32, patience: std::time::Duration) -> bool {
        let at = {
            let mut next = self.next_read.lock().unwrap_or_else(|e| e.into_inner());
            let now = std::time::Instant::now();
            let at = (*next).max(now);
            if at.duration_since(now) > patience {
                return false;
            }
            *next = at + std::time::Duration::from_secs(1) / per_second.max(1);
            at
        };
        tokio::time::sleep_until(at.into()).await;
        true
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

    /// Addresses with a stream open on `run` on this copy.
    pub fn addresses(&self, run: &str) -> i64 {
        self.channels
            .lock()
            .ok()
            .and_then(|c| c.get(run).map(|c| c.clients.len() as i64))
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

    /// The counts of watchers and of their addresses to write: every run watched here, and
    /// runs no longer watched whose count changed (as 0).
    pub fn counts_to_write(&self) -> Vec<(String, i64, i64)> {
        let changed: HashSet<String> = self
            .changed
            .lock()
            .map(|mut c| std::mem::take(&mut *c))
            .unwrap_or_default();
        let channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        let mut out: Vec<(String, i64, i64)> = channels
            .iter()
            .map(|(run, c)| (run.clone(), c.watchers as i64, c.clients.len() as i64))
            .collect();
        out.extend(
            changed
                .into_iter()
                .filter(|run| !channels.contains_key(run))
                .map(|run| (run, 0, 0)),
        );
        out
    }

    /// The replay of `run` after `count` actions, if this copy keeps it (taken out: `keep`
    /// puts it back).
    pub fn take_state(&self, run: &str, count: i64) -> Option<Play> {
        let mut states = self.states.lock().ok()?;
        let kept = states.1.remove(run)?;
        (kept.count == count).then_some(kept.play)
    }

    /// Keeps `play`, the replay of `run` after `count` actions; the least recently used goes
    /// when there are `LIVE_STATES`.
    pub fn keep(&self, run: &str, count: i64, play: Play) {
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
        states.1.insert(run.to_string(), Kept { count, used, play });
    }

    /// Forgets the state of `run` (it ended).
    pub fn forget(&self, run: &str) {
        if let Ok(mut states) = self.states.lock() {
            states.1.remove(run);
        }
    }
}

/// The base64url action text of actions `at..upto` of a piece holding actions from `from` on
/// (`at` at or after `from`); `None` when it does not parse.
pub fn piece_between(text: &str, from: i64, at: i64, upto: i64) -> Option<String> {
    let actions = parse_actions(&base64::decode(text)?)?;
    let skip = usize::try_from(at - from).unwrap_or(0).min(actions.len());
    let end = usize::try_from(upto - from)
        .unwrap_or(0)
        .clamp(skip, actions.len());
    if skip == 0 && end == actions.len() {
        return Some(text.to_string());
    }
    Some(base64::encode(&encode_actions(&actions[skip..end])))
}

/// A random id: 32 hex digits (a version 4 UUID's), for live runs, their tickets and each
/// copy of the server.
pub fn random_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}
