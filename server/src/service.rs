//! The server's shared state, as every request handler sees it: the board, the settings it
//! was started with, its metrics, the verifier pool, the live runs and the memory for uploads.

use std::sync::Arc;
use std::time::Instant;

use jiff::civil::Date;
use tokio::sync::Semaphore;

use crate::board::Board;
use crate::cli::Caps;
use crate::dates::{day_before, show, utc_today};
use crate::fallen::FallenCache;
use crate::limits::{HEALTH_EVERY, UPLOAD_MEMORY, VERIFY_QUEUE, VERIFY_WAIT};
use crate::metrics::Metrics;
use crate::pool::Pool;
use crate::verify::Day;

/// How the server was started, as far as requests care.
pub struct Settings {
    /// The server's date, fixed by `--today`; the UTC date when `None`.
    pub today: Option<Date>,
    /// Take the client's address from `X-Forwarded-For` (behind a balancer).
    pub trust_proxy: bool,
    /// What one address, one run or one copy may do (`limits`' numbers unless set).
    pub caps: Caps,
}

impl Settings {
    /// The settings of a server whose date is `today` (the UTC date when `None`), with
    /// `limits`' caps.
    pub fn new(today: Option<Date>, trust_proxy: bool) -> Settings {
        Settings {
            today,
            trust_proxy,
            caps: Caps::default(),
        }
    }
}

pub struct Service {
    pub board: Board,
    pub settings: Settings,
    pub metrics: Metrics,
    per_minute: u32,
    live_per_minute: u32,
    pub(crate) pool: Pool,
    /// Live runs: channels, watchers and replayed states of this copy.
    pub live: Arc<crate::live::Live>,
    /// Memory for unfinished uploads, in KB.
    pub(crate) uploads: Arc<Semaphore>,
    /// New names one address may claim in 24 hours.
    pub names_per_day: i64,
    /// Bytes of runs one address may have kept for a day.
    pub run_bytes_per_day: i64,
    /// Days' fallen, answered from memory for a few seconds.
    pub(crate) fallen: FallenCache,
    /// Days whose par this copy is making now (one task a day).
    pub(crate) par_making: std::sync::Mutex<std::collections::HashSet<String>>,
    /// When the health row was last written, and whether that worked (the failure's words).
    health: tokio::sync::Mutex<Option<(Instant, Result<(), String>)>>,
}

impl Service {
    pub fn new(board: Board, settings: Settings) -> Service {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Service {
            board,
            metrics: Metrics::new(),
            per_minute: settings.caps.submissions_per_minute,
            live_per_minute: settings.caps.live_batches_per_minute,
            live: Arc::new(crate::live::Live::new()),
            pool: Pool::new(cores, VERIFY_QUEUE, VERIFY_WAIT),
            uploads: Arc::new(Semaphore::new(UPLOAD_MEMORY / 1024)),
            names_per_day: settings.caps.names_per_day,
            run_bytes_per_day: settings.caps.run_bytes_per_day,
            fallen: FallenCache::default(),
            settings,
            par_making: std::sync::Mutex::default(),
            health: tokio::sync::Mutex::new(None),
        }
    }

    /// Whether the database takes writes: the health row written, at most once every
    /// `HEALTH_EVERY` (between, the last write's outcome, so a flood of health checks costs
    /// one write a second). The failure's words when it does not.
    pub async fn healthy(&self) -> Result<(), String> {
        let mut last = self.health.lock().await;
        if let Some((at, outcome)) = last.as_ref() {
            if at.elapsed() < HEALTH_EVERY {
                return outcome.clone();
            }
        }
        let outcome = self.board.writable().await.map_err(|e| e.to_string());
        *last = Some((Instant::now(), outcome.clone()));
        outcome
    }

    /// Submissions (and live runs opened) one address may make per minute.
    pub fn per_minute(&self) -> u32 {
        self.per_minute
    }

    /// Batches of live actions one address may send per minute.
    pub fn live_per_minute(&self) -> u32 {
        self.live_per_minute
    }

    /// The server's today.
    pub fn today(&self) -> Date {
        self.settings.today.unwrap_or_else(utc_today)
    }

    /// The days the board takes runs of now, with their seeds: today and yesterday (a run
    /// begun before midnight).
    pub(crate) async fn days(&self) -> Result<Vec<Day>, sqlx::Error> {
        let today = self.today();
        let mut days = Vec::with_capacity(2);
        for date in std::iter::once(today).chain(day_before(today)) {
            let date = show(date);
            let seed = self.board.seed(&date).await?;
            days.push(Day { date, seed });
        }
        Ok(days)
    }
}
