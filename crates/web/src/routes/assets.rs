//! The static UI, embedded in the binary: plain HTML, CSS and ES modules, no build step and
//! nothing fetched from elsewhere (the security headers,
//! the Content-Security-Policy among them, are set for every response in `headers`). Every page path serves the same `index.html`; the
//! modules route on the client.

use axum::extract::Path;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::public_id::PublicId;

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
    "css/lab.css",
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
    "js/lessons.js",
    "js/dom.js",
    "js/clock.js",
    "js/words.js",
    "js/pieces.js",
    "js/drag.js",
    "js/zoom.js",
    "js/animate.js",
    "js/sound.js",
    "js/settings.js",
    "js/premove.js",
    "fonts/xiangqi.woff",
    "fonts/mono-vi.woff",
    "fonts/mono-vi-bold.woff",
    "js/setup.js",
    "js/problems.js",
    "js/import.js",
    "js/levels.js",
    // The lab's own tree and quiz.
    "js/quiztree.js",
    "js/owntree.js",
    "js/quiz.js",
    "js/quizscore.js",
    "css/quiz.css",
    "css/analysis.css",
    "js/evalbar.js",
    "js/review.js",
];

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("woff") => "font/woff",
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

/// The page a person gets for a path that leads nowhere: the single page with status 404
/// (the API answers JSON under `/api/` only). The page's router finds no view for the path
/// and says so in the reader's language, with the site's header to go on from.
fn not_found_page() -> Response {
    let (_, page) = ASSETS
        .iter()
        .find(|(name, _)| *name == "index.html")
        .copied()
        .unwrap_or(("index.html", b"page not found"));
    (
        StatusCode::NOT_FOUND,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        page,
    )
        .into_response()
}

pub async fn favicon() -> Response {
    serve("favicon.svg").unwrap_or_else(|| StatusCode::NOT_FOUND.into_response())
}

/// Any other GET: the single page, which routes itself (`/`, `/play/<public id>`, `/games`,
/// `/lab`, `/lab/alphabeta`).
pub async fn page(method: axum::http::Method, uri: Uri) -> Response {
    if method != axum::http::Method::GET && method != axum::http::Method::HEAD {
        return ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method not allowed").into_response();
    }
    let path = uri.path();
    let known = path == "/"
        || path == "/games"
        || path == "/lab"
        || path == "/lab/tree"
        || path == "/lab/quiz"
        || path
            .strip_prefix("/lab/")
            .is_some_and(|name| name.parse::<ply_games::Lesson>().is_ok())
        || path == "/setup"
        || path
            .strip_prefix("/play/")
            .is_some_and(|id| PublicId::parse(id).is_some());
    if !known {
        return not_found_page();
    }
    serve("index.html").unwrap_or_else(|| StatusCode::NOT_FOUND.into_response())
}

#[cfg(test)]
mod tests {
    use super::{ASSETS, content_type};

    /// The paths a file asks for beside itself: `from './x.js'`, `import('./x.js')`, `url("../x")`.
    fn references(path: &str, text: &str) -> Vec<String> {
        let dir = path.rsplit_once('/').map_or("", |(dir, _)| dir);
        let mut found = Vec::new();
        for (open, close) in [("from './", "'"), ("import('./", "'"), ("url(\"../", "\"")] {
            for piece in text.split(open).skip(1) {
                let Some((name, _)) = piece.split_once(close) else {
                    continue;
                };
                if open.contains("../") || dir.is_empty() {
                    found.push(name.to_string());
                } else {
                    found.push(format!("{dir}/{name}"));
                }
            }
        }
        found
    }

    #[test]
    fn every_module_stylesheet_font_a_page_asks_for_is_embedded() {
        let names: Vec<&str> = ASSETS.iter().map(|(name, _)| *name).collect();
        let mut checked = 0;
        for (path, bytes) in ASSETS {
            if !(path.ends_with(".js") || path.ends_with(".css")) {
                continue;
            }
            let text = std::str::from_utf8(bytes).expect("text");
            for wanted in references(path, text) {
                assert!(
                    names.contains(&wanted.as_str()),
                    "{path} asks for {wanted}, which is not embedded"
                );
                checked += 1;
            }
        }
        assert!(names.contains(&"js/drag.js") && names.contains(&"fonts/xiangqi.woff"));
        assert!(checked > 20, "only {checked} references found");
        assert_eq!(content_type("fonts/xiangqi.woff"), "font/woff");
    }
}
