//! The static UI, embedded in the binary: plain HTML, CSS and ES modules, no build step and
//! nothing fetched from elsewhere (the security headers,
//! the Content-Security-Policy among them, are set for every response in `headers`). Every page path serves the same `index.html`; the
//! modules route on the client.

use axum::extract::Path;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

macro_rules! assets {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/static/", $path)) as &[u8])),*]
    };
}

/// Every embedded file, by its path under `static/`.
pub const ASSETS: &[(&str, &[u8])] = assets![
    "index.html",
    "favicon.svg",
    "css/style.css",
    "css/clock.css",
    "js/app.js",
    "js/api.js",
    "js/i18n.js",
    "js/board.js",
    "js/home.js",
    "js/options.js",
    "js/play.js",
    "js/log.js",
    "js/games.js",
    "js/lab.js",
    "js/tree.js",
    "js/dom.js",
    "js/clock.js",
    "js/words.js",
];

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

fn serve(path: &str) -> Option<Response> {
    let (_, bytes) = ASSETS.iter().find(|(name, _)| *name == path)?;
    Some(
        (
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *bytes,
        )
            .into_response(),
    )
}

pub async fn asset(Path(path): Path<String>) -> Response {
    serve(&path).unwrap_or_else(not_found_page)
}

/// The page a person gets for a path that leads nowhere: HTML with status 404 (the API
/// answers JSON under `/api/` only).
fn not_found_page() -> Response {
    (
        StatusCode::NOT_FOUND,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        NOT_FOUND_HTML,
    )
        .into_response()
}

const NOT_FOUND_HTML: &str = r#"<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <title>Page not found · ply</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/static/css/style.css">
</head>
<body>
  <header class="topbar">
    <a class="brand" href="/" aria-label="ply"><img src="/favicon.svg" width="28" height="28" alt=""><span>ply</span></a>
  </header>
  <main id="main">
    <section class="panel narrow">
      <h1>Page not found</h1>
      <p>There is nothing at this address. · Không có trang nào ở địa chỉ này.</p>
      <p><a class="btn primary" href="/">Back to the games</a></p>
    </section>
  </main>
</body>
</html>
"#;

pub async fn favicon() -> Response {
    serve("favicon.svg").unwrap_or_else(|| StatusCode::NOT_FOUND.into_response())
}

/// Any other GET: the single page, which routes itself (`/`, `/play/12`, `/games`, `/lab`).
pub async fn page(method: axum::http::Method, uri: Uri) -> Response {
    if method != axum::http::Method::GET && method != axum::http::Method::HEAD {
        return ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method not allowed").into_response();
    }
    let path = uri.path();
    let known = path == "/"
        || path == "/games"
        || path == "/lab"
        || path
            .strip_prefix("/play/")
            .is_some_and(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()));
    if !known {
        return not_found_page();
    }
    serve("index.html").unwrap_or_else(|| StatusCode::NOT_FOUND.into_response())
}
