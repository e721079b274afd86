//! What the API tests share: an app on a store in a directory, and a call through it whose
//! answer is read as JSON (or, when it is not JSON, as a string). Every call is made as one
//! browser (the owner cookie [`SECRET`]) unless it says who it is ([`call_as`]).
// Each test file uses part of this.
#![allow(dead_code)]

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Method, Request, StatusCode, header};
use ply_web::{AppState, Config, router};
use serde_json::Value;
use tower::ServiceExt;

pub fn app(dir: &std::path::Path) -> Router {
    router(AppState::open(&Config::new(dir)).expect("the store opens"))
}

/// The owner secret of the browser the tests are, unless a call says otherwise.
pub const SECRET: &str = "0123456789abcdef0123456789abcdef";

pub async fn call(
    app: &Router,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    call_as(app, Some(SECRET), method, path, body).await
}

/// A call as the browser whose owner secret is `secret` (none: a browser with no cookie).
pub async fn call_as(
    app: &Router,
    secret: Option<&str>,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(path);
    request = match secret {
        Some(secret) => request.header(header::COOKIE, format!("ply_owner={secret}")),
        // No cookie at all: `raw` would give it the usual one.
        None => request.header(header::COOKIE, "none=none"),
    };
    let body = match body {
        Some(value) => {
            request = request.header(header::CONTENT_TYPE, "application/json");
            Body::from(value.to_string())
        }
        None => Body::empty(),
    };
    raw(app, request.body(body).expect("a request")).await
}

/// A request as it is; without a cookie it goes as the tests' browser ([`SECRET`]).
pub async fn raw(app: &Router, mut request: Request<Body>) -> (StatusCode, Value) {
    if !request.headers().contains_key(header::COOKIE) {
        let cookie = format!("ply_owner={SECRET}").parse().expect("a cookie");
        request.headers_mut().insert(header::COOKIE, cookie);
    }
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 1 << 24)
        .await
        .expect("a body");
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}
