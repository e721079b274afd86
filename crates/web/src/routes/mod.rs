//! The HTTP API and the pages: one file per group of routes. Every body is JSON of bounded
//! size; every failure is a 4xx or 5xx with `{"error": "…"}`.

mod analysis;
mod assets;
mod files;
mod games;
mod headers;
mod health;
mod lab;
mod metrics;
mod play;
// The lab's own tree and quiz.
mod quiz;
mod setup;
mod tree_view;
mod watch;

pub use metrics::Latency;

use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::de::DeserializeOwned;

use crate::error::{ApiError, ApiResult};
use crate::public_id::PublicId;
use crate::state::AppState;

/// Largest request body accepted.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// The whole application.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/catalog", get(games::catalog))
        .route("/games", get(games::list).post(games::create))
        .route("/games/{id}", get(games::show).delete(games::remove))
        .route("/games/{id}/position", get(games::position))
        .route(
            "/games/import",
            post(files::import).layer(DefaultBodyLimit::max(files::MAX_IMPORT_BYTES + 4_096)),
        )
        .route("/games/{id}/export", get(files::export))
        .route("/games/{id}/moves", post(play::play))
        .route("/games/{id}/undo", post(play::undo))
        .route("/games/{id}/redo", post(play::redo))
        .route("/games/{id}/resign", post(play::resign))
        .route("/games/{id}/hint", post(watch::hint))
        .route("/games/{id}/analyze", post(watch::analyze))
        .route("/games/{id}/stop", post(watch::stop))
        .route(
            "/games/{id}/analysis",
            get(analysis::show)
                .post(analysis::start)
                .delete(analysis::stop),
        )
        .route("/games/{id}/branch", post(analysis::branch))
        .route("/games/{id}/events", get(watch::events))
        .route("/setup/check", post(setup::check))
        .route("/lab", post(lab::run))
        // The lab's own tree and quiz.
        .route("/lab/tree", post(quiz::own_tree))
        .route("/lab/quiz", post(quiz::ask))
        .route("/lab/quiz/answer", post(quiz::answer))
        .route("/lab/lessons", get(lab::lessons))
        .route("/lab/lessons/{name}", get(lab::lesson))
        .fallback(api_not_found);
    Router::new()
        .nest("/api", api)
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(metrics::metrics))
        .route("/static/{*path}", get(assets::asset))
        .route("/favicon.ico", get(assets::favicon))
        .route("/favicon.svg", get(assets::favicon))
        .fallback(assets::page)
        .layer(axum::middleware::from_fn_with_state(state.clone(), guard))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::map_response(json_errors))
        .layer(axum::middleware::map_response(headers::secure))
        .with_state(state)
}

/// Every request: API requests count against their client's rate (429 past it), and the
/// time to answer goes into the latency histogram.
async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    if request.uri().path().starts_with("/api/")
        && let Some(client) = client_address(&state, &request)
        && let Err(refused) = state.0.rate.take(client, started)
    {
        tracing::info!(%client, "rate limited");
        state.0.latency.observe(started.elapsed());
        return refused.into_response();
    }
    let (method, path) = (request.method().clone(), request.uri().path().to_string());
    let response = next.run(request).await;
    let elapsed = started.elapsed();
    state.0.latency.observe(elapsed);
    tracing::debug!(
        %method,
        path,
        status = response.status().as_u16(),
        ms = elapsed.as_secs_f64() * 1e3,
        "request"
    );
    response
}

/// The address a request's rate is counted against: the peer, or behind a proxy the last
/// address the proxy added to `X-Forwarded-For`. None when it is not limited: the router
/// called in-process, or a loopback caller with no proxy in front (the machine's owner).
fn client_address(state: &AppState, request: &Request) -> Option<IpAddr> {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(peer)| peer.ip())?;
    if state.0.behind_proxy {
        let forwarded = request
            .headers()
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .filter_map(|address| address.trim().parse::<IpAddr>().ok())
            .next_back();
        return Some(forwarded.unwrap_or(peer));
    }
    (!peer.is_loopback()).then_some(peer)
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such API route: see /api/catalog, /api/games, /api/lab")
}

/// Gives every error response without a body of its own a JSON one (405, 413 from layers…);
/// the HTML "not found" page for people stays HTML.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let has_body = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| {
            value.as_bytes().starts_with(b"application/json")
                || value.as_bytes().starts_with(b"text/html")
        });
    if (status.is_client_error() || status.is_server_error()) && !has_body {
        let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
        let mut replaced = ApiError::new(status, reason).into_response();
        if let Some(allow) = response.headers().get(header::ALLOW) {
            replaced.headers_mut().insert(header::ALLOW, allow.clone());
        }
        return replaced;
    }
    response
}

/// A JSON body whose rejections are API errors.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let axum::Json(value) = axum::Json::<T>::from_request(request, state).await?;
        Ok(Body(value))
    }
}

/// The number of the game a path names by its public id; 404 for anything else (a row
/// number included: games are not found by counting).
pub async fn game_id(state: &AppState, text: &str) -> ApiResult<i64> {
    let shown: String = text.chars().take(32).collect();
    let missing = || ApiError::no_game(&shown);
    let public_id = PublicId::parse(text).ok_or_else(missing)?;
    state
        .0
        .store
        .run(move |store| store.find(public_id.as_str()))
        .await?
        .ok_or_else(missing)
}

/// Checks the length of a string field.
pub fn bounded<'a>(field: &str, text: &'a str, max: usize) -> ApiResult<&'a str> {
    if text.len() > max {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("{field} is too long: at most {max} bytes"),
        ));
    }
    Ok(text)
}
