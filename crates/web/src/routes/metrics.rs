//! `GET /metrics`: a few gauges and counters in the Prometheus text format (version
//! 0.0.4), each read from a counter or a length the server keeps anyway, so a scrape never
//! waits on the store or on a game. Not a history: a scraper keeps that.

use std::fmt::Write;

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;

use crate::state::AppState;

/// One metric: name, type, help, value.
type Metric = (&'static str, &'static str, &'static str, f64);

pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    let (running, waiting) = state.search_counts();
    let metrics: [Metric; 7] = [
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
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
}
