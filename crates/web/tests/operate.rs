//! What an operator relies on: the liveness and readiness probes (ready until shutdown
//! begins).

mod common;

use axum::http::{Method, StatusCode};
use common::{app, call};
use ply_web::{AppState, Config, router};
use serde_json::Value;

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
