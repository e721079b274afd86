//! Limits: a client's request rate (429 with Retry-After past its burst; loopback callers
//! with no proxy are not limited), a client's searches at once, and the server's queue of
//! searches (429 with Retry-After when full).

mod common;

use std::net::SocketAddr;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::ConnectInfo;
use axum::http::{Method, Request, StatusCode, header};
use common::{SECRET, call_as};
use ply_web::{AppState, Config, router};
use serde_json::{Value, json};
use tower::ServiceExt;

const OTHER: &str = "fedcba9876543210fedcba9876543210";
const THIRD: &str = "00000000000000001111111111111111";

async fn from(app: &Router, peer: &str, forwarded: Option<&str>) -> (StatusCode, Option<String>) {
    let mut request = Request::get("/api/catalog");
    if let Some(forwarded) = forwarded {
        request = request.header("x-forwarded-for", forwarded);
    }
    let mut request = request.body(Body::empty()).expect("a request");
    let addr: SocketAddr = peer.parse().expect("an address");
    request.extensions_mut().insert(ConnectInfo(addr));
    let response = app.clone().oneshot(request).await.expect("an answer");
    let retry = response
        .headers()
        .get(header::RETRY_AFTER)
        .and_then(|value| value.to_str().ok())
        .map(str::to_string);
    let status = response.status();
    let body = to_bytes(response.into_body(), 1 << 20)
        .await
        .expect("a body");
    if status == StatusCode::TOO_MANY_REQUESTS {
        let error: Value = serde_json::from_slice(&body).expect("JSON");
        assert!(
            error["error"]
                .as_str()
                .unwrap_or_default()
                .contains("too many requests"),
            "{error}"
        );
    }
    (status, retry)
}

#[tokio::test]
async fn a_client_past_its_burst_is_told_when_to_retry() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config {
        requests_per_minute: 6,
        request_burst: 3,
        ..Config::new(dir.path())
    };
    let app = router(AppState::open(&config).expect("opens"));
    for _ in 0..3 {
        assert_eq!(from(&app, "192.0.2.1:4000", None).await.0, StatusCode::OK);
    }
    let (status, retry) = from(&app, "192.0.2.1:4001", None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(retry.as_deref(), Some("10"), "one request per 10 s");
    // Another address has its own bucket; the machine itself is not limited.
    assert_eq!(from(&app, "192.0.2.2:4000", None).await.0, StatusCode::OK);
    for _ in 0..10 {
        assert_eq!(from(&app, "127.0.0.1:4000", None).await.0, StatusCode::OK);
    }
}

#[tokio::test]
async fn behind_a_proxy_the_forwarded_address_is_the_client() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config {
        requests_per_minute: 6,
        request_burst: 2,
        behind_proxy: true,
        ..Config::new(dir.path())
    };
    let app = router(AppState::open(&config).expect("opens"));
    let client = Some("10.9.9.9, 198.51.100.4");
    for _ in 0..2 {
        assert_eq!(from(&app, "127.0.0.1:1", client).await.0, StatusCode::OK);
    }
    assert_eq!(
        from(&app, "127.0.0.1:1", client).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Another client through the same proxy is not held back.
    let other = Some("198.51.100.5");
    assert_eq!(from(&app, "127.0.0.1:1", other).await.0, StatusCode::OK);
}

async fn game(app: &Router, secret: &str) -> String {
    let (status, state) = call_as(
        app,
        Some(secret),
        Method::POST,
        "/api/games",
        Some(json!({ "game": "chess", "human": "both", "movetime_ms": 30000 })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    state["id"].as_str().expect("an id").to_string()
}

async fn analyze(app: &Router, secret: &str, id: &str) -> (StatusCode, Value) {
    call_as(
        app,
        Some(secret),
        Method::POST,
        &format!("/api/games/{id}/analyze"),
        None,
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_has_its_searches_and_the_queue_its_length() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config {
        max_searches: 1,
        max_queued: 1,
        max_searches_per_client: 1,
        ..Config::new(dir.path())
    };
    let state = AppState::open(&config).expect("opens");
    let app = router(state.clone());
    let mine = [game(&app, SECRET).await, game(&app, SECRET).await];
    let (status, answer) = analyze(&app, SECRET, &mine[0]).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    // The first search takes the one slot (under load it can still wait in the queue when
    // the answer comes back; then another client's search would find the queue full).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while state.search_counts() != (1, 0) && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(state.search_counts(), (1, 0), "the first search runs");
    // A second search of the same client: refused while its first runs.
    let (status, answer) = analyze(&app, SECRET, &mine[1]).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or_default()
            .contains("at most 1"),
        "{answer}"
    );
    // Another client's search waits its turn (one slot)…
    let theirs = game(&app, OTHER).await;
    let (status, answer) = analyze(&app, OTHER, &theirs).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    // …and with one waiting the queue is full for a third.
    let third = game(&app, THIRD).await;
    let (status, answer) = analyze(&app, THIRD, &third).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or_default()
            .contains("busy"),
        "{answer}"
    );
    state.begin_shutdown();
    assert!(state.drain(std::time::Duration::from_secs(10)).await);
}
