//! What an operator watches, in the Prometheus text format at `/metrics` (names start
//! `caves_`): submissions by verdict, verification time, the verification pool, board
//! reads, database errors and the runs kept.

use prometheus_client::encoding::text::encode;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::{Metric, Registry};

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

/// A new metric of kind `M`, registered in `registry` as `name` with `help`.
fn made<M: Metric + Clone + Default>(registry: &mut Registry, name: &str, help: &str) -> M {
    let metric = M::default();
    registry.register(name, help, metric.clone());
    metric
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("caves");
        let r = &mut registry;
        // 0.5 ms to about 4 s.
        let verify_seconds = Histogram::new(exponential_buckets(0.0005, 2.0, 14));
        r.register(
            "verify_seconds",
            "Time to verify a run (decode and replay)",
            verify_seconds.clone(),
        );
        Metrics {
            submissions: made(r, "submissions", "Submitted runs, by verdict"),
            requests: made(r, "http_requests", "Answered requests, by status"),
            verify_seconds,
            pool_in_use: made(r, "verify_pool_in_use", "Verifications running now"),
            pool_refused: made(
                r,
                "verify_pool_refused",
                "Submissions refused because the verification pool was full (503)",
            ),
            board_reads: made(r, "board_reads", "Reads of a day's board"),
            database_errors: made(r, "database_errors", "Requests that met a database error"),
            connections_refused: made(
                r,
                "connections_refused",
                "Connections closed at once: too many from one address, or in all",
            ),
            runs_kept: made(
                r,
                "runs_kept",
                "Runs kept in the database (counted and practice)",
            ),
            live_runs: made(
                r,
                "live_runs",
                "Live runs in progress on the board (a batch within the idle time), every copy's",
            ),
            live_opened: made(r, "live_opened", "Live runs opened"),
            live_batches: made(
                r,
                "live_batches",
                "Batches of live actions, by verdict (stored, same, gap, ended, unfit)",
            ),
            live_actions: made(r, "live_actions", "Live actions stored"),
            live_watchers: made(r, "live_watchers", "Streams of live runs open on this copy"),
            live_events: made(r, "live_events", "Events sent on streams of live runs"),
            live_catchups: made(
                r,
                "live_catchups",
                "Reads of stored live actions by a stream (its start, a reconnect, a lag)",
            ),
            live_notifications: made(
                r,
                "live_notifications",
                "PostgreSQL notifications of live pieces received",
            ),
            par_games: made(r, "par_games", "Bots' games of par played by this copy"),
            registry,
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
