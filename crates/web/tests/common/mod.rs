//! What the API tests share: an app on a store in a directory, and a call through it whose
//! answer is read as JSON (or, when it is not JSON, as a string).

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Method, Request, StatusCode, header};
use ply_web::{AppState, Config, router};
use serde_json::Value;
use tower::ServiceExt;

pub fn app(dir: &std::path::Path) -> Router {
    router(AppState::open(&Config::new(dir)).expect("the store opens"))
}

pub async fn call(
    app: &Router,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(path);
    let body = match body {
        Some(value) => {
            request = request.header(header::CONTENT_TYPE, "application/json");
            Body::from(value.to_string())
        }
        None => Body::empty(),
    };
    raw(app, request.body(body).expect("a request")).await
}

pub async fn raw(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 1 << 24)
        .await
        .expect("a body");
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}
