//! What an operator relies on: the liveness and readiness probes (ready until shutdown
//! begins) and the security headers on every response.

mod common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{app, call};
use ply_web::{AppState, Config, router};
use serde_json::Value;
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
        (Method::GET, "/play/3", StatusCode::OK),
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
