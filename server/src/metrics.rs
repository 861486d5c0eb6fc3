//! What an operator watches, in the Prometheus text format at `/metrics` (names start
//! `caves_`): submissions by verdict, verification time, the verification pool, board
//! reads, database errors and the runs kept.

use prometheus_client::encoding::text::encode;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct VerdictLabel {
    pub verdict: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct StatusLabel {
    pub status: u16,
}

pub struct Metrics {
    registry: Registry,
    pub submissions: Family<VerdictLabel, Counter>,
    pub requests: Family<StatusLabel, Counter>,
    pub verify_seconds: Histogram,
    pub pool_in_use: Gauge,
    pub pool_refused: Counter,
    pub board_reads: Counter,
    pub database_errors: Counter,
    pub connections_refused: Counter,
    pub runs_kept: Gauge,
    pub live_runs: Gauge,
    pub live_opened: Counter,
    pub live_batches: Family<VerdictLabel, Counter>,
    pub live_actions: Counter,
    pub live_watchers: Gauge,
    pub live_events: Counter,
    pub live_catchups: Counter,
    pub live_notifications: Counter,
    pub par_games: Counter,
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("caves");
        let submissions = Family::<VerdictLabel, Counter>::default();
        let requests = Family::<StatusLabel, Counter>::default();
        // 0.5 ms to about 4 s.
        let verify_seconds = Histogram::new(exponential_buckets(0.0005, 2.0, 14));
        let pool_in_use = Gauge::default();
        let pool_refused = Counter::default();
        let board_reads = Counter::default();
        let database_errors = Counter::default();
        let connections_refused = Counter::default();
        let runs_kept = Gauge::default();
        registry.register(
            "submissions",
            "Submitted runs, by verdict",
            submissions.clone(),
        );
        registry.register(
            "http_requests",
            "Answered requests, by status",
            requests.clone(),
        );
        registry.register(
            "verify_seconds",
            "Time to verify a run (decode and replay)",
            verify_seconds.clone(),
        );
        registry.register(
            "verify_pool_in_use",
            "Verifications running now",
            pool_in_use.clone(),
        );
        registry.register(
            "verify_pool_refused",
            "Submissions refused because the verification pool was full (503)",
            pool_refused.clone(),
        );
        registry.register("board_reads", "Reads of a day's board", board_reads.clone());
        registry.register(
            "database_errors",
            "Requests that met a database error",
            database_errors.clone(),
        );
        registry.register(
            "connections_refused",
            "Connections closed at once: too many from one address, or in all",
            connections_refused.clone(),
        );
        registry.register(
            "runs_kept",
            "Runs kept in the database (counted and practice)",
            runs_kept.clone(),
        );
        let live_runs = Gauge::default();
        let live_opened = Counter::default();
        let live_batches = Family::<VerdictLabel, Counter>::default();
        let live_actions = Counter::default();
        let live_watchers = Gauge::default();
        let live_events = Counter::default();
        let live_catchups = Counter::default();
        let live_notifications = Counter::default();
        registry.register(
            "live_runs",
            "Live runs in progress on the board (a batch within the idle time), every copy's",
            live_runs.clone(),
        );
        registry.register("live_opened", "Live runs opened", live_opened.clone());
        registry.register(
            "live_batches",
            "Batches of live actions, by verdict (stored, same, gap, ended, unfit)",
            live_batches.clone(),
        );
        registry.register("live_actions", "Live actions stored", live_actions.clone());
        registry.register(
            "live_watchers",
            "Streams of live runs open on this copy",
            live_watchers.clone(),
        );
        registry.register(
            "live_events",
            "Events sent on streams of live runs",
            live_events.clone(),
        );
        registry.register(
            "live_catchups",
            "Reads of stored live actions by a stream (its start, a reconnect, a lag)",
            live_catchups.clone(),
        );
        registry.register(
            "live_notifications",
            "PostgreSQL notifications of live pieces received",
            live_notifications.clone(),
        );
        let par_games = Counter::default();
        registry.register(
            "par_games",
            "Bots' games of par played by this copy",
            par_games.clone(),
        );
        Metrics {
            registry,
            par_games,
            live_runs,
            live_opened,
            live_batches,
            live_actions,
            live_watchers,
            live_events,
            live_catchups,
            live_notifications,
            submissions,
            requests,
            verify_seconds,
            pool_in_use,
            pool_refused,
            board_reads,
            database_errors,
            connections_refused,
            runs_kept,
        }
    }

    /// Counts a submission's verdict.
    pub fn verdict(&self, verdict: &'static str) {
        self.submissions
            .get_or_create(&VerdictLabel { verdict })
            .inc();
    }

    /// Counts a batch of live actions by its verdict.
    pub fn live_batch(&self, verdict: &'static str) {
        self.live_batches
            .get_or_create(&VerdictLabel { verdict })
            .inc();
    }

    /// Everything, in the Prometheus text format.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if encode(&mut out, &self.registry).is_err() {
            out.clear();
        }
        out
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}
