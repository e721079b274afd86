//! Errors the API returns: an HTTP status and a one-line message, always as JSON
//! `{"error": "…"}`. Nothing a client sends becomes a panic; it becomes one of these.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use ply_games::{GameError, MoveError, PositionError, ThinkError};

/// A failed request.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, in one line.
    pub message: String,
}

impl ApiError {
    /// An error with `status`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 400: the request cannot be read.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: not now (the computer is thinking, it is not your turn).
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 422: understood, but the rules or the limits say no.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 500: our fault (the store failed).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(serde_json::json!({ "error": self.message }));
        (self.status, body).into_response()
    }
}

impl From<GameError> for ApiError {
    fn from(error: GameError) -> Self {
        match error {
            GameError::Unknown { .. } => ApiError::not_found(error.to_string()),
            _ => ApiError::unprocessable(error.to_string()),
        }
    }
}

impl From<MoveError> for ApiError {
    fn from(error: MoveError) -> Self {
        match error {
            MoveError::GameOver { .. } => ApiError::conflict(error.to_string()),
            _ => ApiError::unprocessable(error.to_string()),
        }
    }
}

impl From<PositionError> for ApiError {
    fn from(error: PositionError) -> Self {
        ApiError::unprocessable(error.to_string())
    }
}

impl From<ThinkError> for ApiError {
    fn from(error: ThinkError) -> Self {
        ApiError::unprocessable(error.to_string())
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(error: rusqlite::Error) -> Self {
        tracing::error!("store: {error}");
        ApiError::internal(format!("the game store failed: {error}"))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        let status = match &rejection {
            JsonRejection::MissingJsonContentType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            JsonRejection::JsonDataError(_) => StatusCode::UNPROCESSABLE_ENTITY,
            _ => rejection.status(),
        };
        ApiError::new(status, rejection.body_text())
    }
}

/// What handlers return.
pub type ApiResult<T> = Result<T, ApiError>;
