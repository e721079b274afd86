//! `GET /metrics`: a few gauges and counters in the Prometheus text format (version
//! 0.0.4), each read from a counter or a length the server keeps anyway, so a scrape never
//! waits on the store or on a game. Not a history: a scraper keeps that.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;

use crate::state::AppState;

/// One metric: name, type, help, value.
type Metric = (&'static str, &'static str, &'static str, f64);

/// The upper bounds (seconds) of the request latency histogram's buckets.
const BUCKETS: [f64; 11] = [
    0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// How long requests took to be answered (to the response's head; an event stream's
/// life is not counted): a Prometheus histogram kept in atomics.
#[derive(Default)]
pub struct Latency {
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

impl Latency {
    /// Counts one request that took `elapsed`.
    pub fn observe(&self, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        for (bound, bucket) in BUCKETS.iter().zip(&self.buckets) {
            if seconds <= *bound {
                bucket.fetch_add(1, Ordering::Relaxed);
            }
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum_micros
            .fetch_add(elapsed.as_micros() as u64, Ordering::Relaxed);
    }

    /// The histogram in the text format.
    fn render(&self, text: &mut String) {
        let name = "ply_http_request_duration_seconds";
        let _ = writeln!(
            text,
            "# HELP {name} Time to answer a request (to the response's head).\n# TYPE {name} histogram"
        );
        for (bound, bucket) in BUCKETS.iter().zip(&self.buckets) {
            let count = bucket.load(Ordering::Relaxed);
            let _ = writeln!(text, "{name}_bucket{{le=\"{bound}\"}} {count}");
        }
        let count = self.count.load(Ordering::Relaxed);
        let sum = self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(text, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let _ = writeln!(text, "{name}_sum {sum}\n{name}_count {count}");
    }
}

pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    let (running, waiting) = state.search_counts();
    // A game being changed right now (locked) is in progress too.
    let in_progress = state
        .0
        .games
        .all()
        .iter()
        .filter(|game| {
            game.try_lock()
                .map_or(true, |live| !live.status().is_finished())
        })
        .count();
    let metrics: [Metric; 10] = [
        (
            "ply_games_in_progress",
            "gauge",
            "Games in memory that are not over.",
            in_progress as f64,
        ),
        (
            "ply_search_nodes_total",
            "counter",
            "Positions searched by finished searches (rate() of it is nodes per second).",
            state.0.nodes.load(Ordering::Relaxed) as f64,
        ),
        (
            "ply_search_nodes_per_second",
            "gauge",
            "Positions per second of the latest finished search.",
            state.0.last_nps.load(Ordering::Relaxed) as f64,
        ),
        (
            "ply_games_in_memory",
            "gauge",
            "Games held in memory.",
            state.0.games.len() as f64,
        ),
        (
            "ply_searches_running",
            "gauge",
            "Searches running now.",
            running as f64,
        ),
        (
            "ply_searches_waiting",
            "gauge",
            "Searches waiting for a slot.",
            waiting as f64,
        ),
        (
            "ply_search_slots",
            "gauge",
            "Searches that may run at once.",
            state.0.max_searches as f64,
        ),
        (
            "ply_searches_started_total",
            "counter",
            "Searches started since the server started.",
            state.searches_started() as f64,
        ),
        (
            "ply_store_errors_total",
            "counter",
            "Store jobs that failed since the server started.",
            state.0.store.errors() as f64,
        ),
        (
            "ply_shutting_down",
            "gauge",
            "1 once shutdown has begun.",
            if state.is_shutting_down() { 1.0 } else { 0.0 },
        ),
    ];
    let mut text = String::new();
    for (name, kind, help, value) in metrics {
        let _ = writeln!(
            text,
            "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
        );
    }
    state.0.latency.render(&mut text);
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
}
