//! Probes for whoever runs the server: `/healthz` says the process answers at all,
//! `/readyz` says it can serve games now (the store answers through its thread, and
//! shutdown has not begun). They read nothing a client sent and change nothing.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;

use crate::error::ApiError;
use crate::state::AppState;

/// How long the store may take to answer the readiness question.
const STORE_DEADLINE: Duration = Duration::from_secs(2);

/// 200 `ok` while the process can answer a request.
pub async fn healthz() -> &'static str {
    "ok"
}

/// 200 `ready` when the store answers a trivial query through its thread; 503 with the
/// reason (as `{"error": "…"}`) when it does not, or once shutdown has begun.
pub async fn readyz(State(state): State<AppState>) -> Result<&'static str, ApiError> {
    let unavailable = |reason: String| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, reason);
    if state.is_shutting_down() {
        return Err(unavailable("shutting down".to_string()));
    }
    let ping = state.0.store.run(|store| store.ping());
    match tokio::time::timeout(STORE_DEADLINE, ping).await {
        Ok(Ok(())) => Ok("ready"),
        Ok(Err(error)) => Err(unavailable(format!("the game store fails: {error}"))),
        Err(_) => Err(unavailable(format!(
            "the game store did not answer within {} s",
            STORE_DEADLINE.as_secs()
        ))),
    }
}
