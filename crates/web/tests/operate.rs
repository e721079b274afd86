//! What an operator relies on: the liveness and readiness probes (ready until shutdown
//! begins), the security headers on every response, and the metrics.

mod common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{app, call};
use ply_web::{AppState, Config, router};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::Duration;
use tower::ServiceExt;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn alive_and_ready() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    assert_eq!(
        call(&app, Method::GET, "/healthz", None).await,
        (StatusCode::OK, Value::String("ok".into()))
    );
    assert_eq!(
        call(&app, Method::GET, "/readyz", None).await,
        (StatusCode::OK, Value::String("ready".into()))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn not_ready_once_shutdown_begins() {
    let dir = tempfile::tempdir().expect("temp dir");
    let state = AppState::open(&Config::new(dir.path())).expect("the store opens");
    let app = router(state.clone());
    assert_eq!(
        call(&app, Method::GET, "/readyz", None).await.0,
        StatusCode::OK
    );
    state.begin_shutdown();
    let (status, body) = call(&app, Method::GET, "/readyz", None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["error"], "shutting down");
    // Still alive while it drains.
    assert_eq!(
        call(&app, Method::GET, "/healthz", None).await.0,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_the_security_headers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    for (method, path, status) in [
        (Method::GET, "/", StatusCode::OK),
        (
            Method::GET,
            "/play/0123456789abcdef01234567",
            StatusCode::OK,
        ),
        (Method::GET, "/static/js/app.js", StatusCode::OK),
        (Method::GET, "/static/css/style.css", StatusCode::OK),
        (Method::GET, "/api/catalog", StatusCode::OK),
        (Method::GET, "/healthz", StatusCode::OK),
        (Method::GET, "/no/such/page", StatusCode::NOT_FOUND),
        (Method::GET, "/api/nothing", StatusCode::NOT_FOUND),
        (
            Method::DELETE,
            "/api/catalog",
            StatusCode::METHOD_NOT_ALLOWED,
        ),
    ] {
        let request = Request::builder()
            .method(method.clone())
            .uri(path)
            .body(Body::empty())
            .expect("a request");
        let response = app.clone().oneshot(request).await.expect("an answer");
        assert_eq!(response.status(), status, "{method} {path}");
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|value| value.to_str().ok())
                .unwrap_or_default()
                .to_string()
        };
        let policy = header("content-security-policy");
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
        ] {
            assert!(policy.contains(directive), "{path}: {policy}");
        }
        assert!(!policy.contains("unsafe"), "{path}: {policy}");
        assert!(
            !policy.contains("http"),
            "{path}: no other origin: {policy}"
        );
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("referrer-policy"), "no-referrer", "{path}");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
    }
}

/// The embedded page has nothing inline that the policy would refuse.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_has_no_inline_script_or_style() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    for path in ["/", "/no/such/page"] {
        let (_, page) = call(&app, Method::GET, path, None).await;
        let page = page.as_str().expect("html").to_string();
        assert!(!page.contains("<style"), "{path}");
        assert!(!page.contains("style="), "{path}");
        for script in page.split("<script").skip(1) {
            assert!(script.contains("src=\"/static/"), "{path}: inline script");
        }
    }
}

/// The metrics by name (a histogram's samples with their labels, `x_bucket{le="1"}`),
/// checking the text format: each sample has its HELP and TYPE.
fn metrics(text: &str) -> HashMap<String, f64> {
    let mut samples = HashMap::new();
    let mut typed = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').expect("a name and a type");
            assert!(["gauge", "counter", "histogram"].contains(&kind), "{line}");
            typed.push((name.to_string(), kind.to_string()));
        } else if !line.starts_with("# HELP ") {
            let (sample, value) = line.rsplit_once(' ').expect("a name and a value");
            let name = sample.split('{').next().expect("a name");
            assert!(
                name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                "{line}"
            );
            let has_type = typed.iter().any(|(typed, kind)| {
                typed == name
                    || (kind == "histogram"
                        && ["_bucket", "_sum", "_count"]
                            .iter()
                            .any(|suffix| name.strip_suffix(suffix) == Some(typed)))
            });
            assert!(has_type, "{name} has a TYPE");
            samples.insert(sample.to_string(), value.parse().expect("a number"));
        }
    }
    samples
}

async fn scrape(app: &axum::Router) -> HashMap<String, f64> {
    let (status, body) = call(app, Method::GET, "/metrics", None).await;
    assert_eq!(status, StatusCode::OK);
    metrics(body.as_str().expect("text"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_count_games_searches_and_store_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config {
        max_searches: 1,
        ..Config::new(dir.path())
    };
    let state = AppState::open(&config).expect("the store opens");
    let app = router(state.clone());
    let idle = scrape(&app).await;
    for (name, value) in [
        ("ply_games_in_memory", 0.0),
        ("ply_searches_running", 0.0),
        ("ply_searches_waiting", 0.0),
        ("ply_search_slots", 1.0),
        ("ply_searches_started_total", 0.0),
        ("ply_store_errors_total", 0.0),
        ("ply_shutting_down", 0.0),
    ] {
        assert_eq!(idle.get(name), Some(&value), "{name}: {idle:?}");
    }
    // Two computers to move, one slot: one searches, the other waits.
    for _ in 0..2 {
        let body =
            json!({ "game": "chess", "human": "second", "level": "strong", "movetime_ms": 30_000 });
        let (status, _) = call(&app, Method::POST, "/api/games", Some(body)).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let busy = scrape(&app).await;
    assert_eq!(busy["ply_games_in_memory"], 2.0, "{busy:?}");
    assert_eq!(busy["ply_searches_running"], 1.0, "{busy:?}");
    assert_eq!(busy["ply_searches_waiting"], 1.0, "{busy:?}");
    assert_eq!(busy["ply_searches_started_total"], 2.0, "{busy:?}");
    state.begin_shutdown();
    assert!(state.drain(Duration::from_secs(10)).await, "drained");
    let done = scrape(&app).await;
    assert_eq!(done["ply_searches_running"], 0.0, "{done:?}");
    assert_eq!(done["ply_searches_waiting"], 0.0, "{done:?}");
    assert_eq!(done["ply_shutting_down"], 1.0, "{done:?}");
    assert_eq!(done["ply_store_errors_total"], 0.0, "{done:?}");
    // Both games go on (the stopped search played its move); it searched positions.
    assert_eq!(done["ply_games_in_progress"], 2.0, "{done:?}");
    assert!(done["ply_search_nodes_total"] > 0.0, "{done:?}");
    assert!(done["ply_search_nodes_per_second"] > 0.0, "{done:?}");
    // Every request so far is in the latency histogram (this scrape is counted after).
    let requests = done["ply_http_request_duration_seconds_count"];
    assert!(requests >= 4.0, "{done:?}");
    assert_eq!(
        done["ply_http_request_duration_seconds_bucket{le=\"+Inf\"}"],
        requests
    );
    assert!(done["ply_http_request_duration_seconds_bucket{le=\"0.001\"}"] <= requests);
}
