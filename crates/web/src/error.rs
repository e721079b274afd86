//! Errors the API returns: an HTTP status and a one-line message, always as JSON
//! `{"error": "…", "code": "…", "subject": "…"}`. Nothing a client sends becomes a panic;
//! it becomes one of these. The message is English, for logs and API clients; `code` names
//! the error for the page, which says it in the reader's language with `subject` (a game
//! number, a typed move) filled in. The server answers in one language, because one answer
//! is often read by several pages (a game's state goes to every tab as it is) and because
//! every word the page shows lives in its own dictionaries.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use ply_games::files::ImportError;
use ply_games::{GameError, MoveError, PositionError, SetupProblem, ThinkError};

/// A failed request.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, in one line.
    pub message: String,
    /// Which error it is, for the page to translate: `no_game`, `move_illegal`…; by
    /// default the status's name (`not_found`, `conflict`…).
    pub code: &'static str,
    /// What the error is about (a game number, a typed move), for the page's words.
    pub subject: Option<String>,
    /// For 429 and 503: seconds after which a retry may succeed (`Retry-After`).
    pub retry_after: Option<u64>,
    /// The set-up rule a position broke, typed, so the page can say it in its language
    /// (sent as `problem`: a `code` and its fields).
    pub problem: Option<Box<SetupProblem>>,
    /// The line of an uploaded file at fault (sent as `line`).
    pub line: Option<usize>,
}

impl ApiError {
    /// An error with `status`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let code = match status {
            StatusCode::BAD_REQUEST => "bad_request",
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::CONFLICT => "conflict",
            StatusCode::UNPROCESSABLE_ENTITY => "unprocessable",
            StatusCode::PAYLOAD_TOO_LARGE => "too_large",
            StatusCode::SERVICE_UNAVAILABLE => "unavailable",
            StatusCode::TOO_MANY_REQUESTS => "busy",
            status if status.is_server_error() => "internal",
            _ => "refused",
        };
        ApiError {
            status,
            message: message.into(),
            code,
            subject: None,
            retry_after: None,
            problem: None,
            line: None,
        }
    }

    /// The same error named `code` for the page, about `subject`.
    pub fn coded(mut self, code: &'static str, subject: Option<String>) -> ApiError {
        self.code = code;
        self.subject = subject;
        self
    }

    /// 404 for a game number that is not stored.
    pub fn no_game(id: impl std::fmt::Display) -> ApiError {
        ApiError::not_found(format!("there is no game {id}")).coded("no_game", Some(id.to_string()))
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
        let mut body = serde_json::json!({
            "error": self.message,
            "code": self.code,
            "subject": self.subject,
        });
        if let Some(problem) = &self.problem {
            body["problem"] = serde_json::to_value(problem).unwrap_or_default();
        }
        if let Some(line) = self.line {
            body["line"] = line.into();
        }
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

impl From<crate::limits::TooMany> for ApiError {
    fn from(refused: crate::limits::TooMany) -> Self {
        ApiError {
            retry_after: Some(refused.retry_after),
            ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, refused.message)
        }
    }
}

impl From<GameError> for ApiError {
    fn from(error: GameError) -> Self {
        match error {
            GameError::Unknown { .. } => {
                ApiError::not_found(error.to_string()).coded("unknown_game", None)
            }
            GameError::Position(position) => position.into(),
            _ => ApiError::unprocessable(error.to_string()).coded("bad_option", None),
        }
    }
}

impl From<ImportError> for ApiError {
    fn from(error: ImportError) -> Self {
        // The line travels in its own field, so the sentence is the reason alone (a page that
        // writes "Line 4: …" would otherwise say the line twice).
        let (line, message) = match error {
            ImportError::Line { line, reason } | ImportError::Setup { line, reason } => {
                (Some(line), reason)
            }
            other => (None, other.to_string()),
        };
        ApiError {
            line,
            ..ApiError::unprocessable(message).coded("bad_file", None)
        }
    }
}

impl From<MoveError> for ApiError {
    fn from(error: MoveError) -> Self {
        let (code, subject) = match &error {
            MoveError::GameOver { .. } => ("game_over", None),
            MoveError::Unreadable { text, .. } => ("move_unreadable", Some(text.clone())),
            MoveError::Illegal { text, .. } => ("move_illegal", Some(text.clone())),
            MoveError::Ambiguous { text, .. } => ("move_ambiguous", Some(text.clone())),
        };
        let message = error.to_string();
        match error {
            MoveError::GameOver { .. } => ApiError::conflict(message),
            _ => ApiError::unprocessable(message),
        }
        .coded(code, subject)
    }
}

impl From<PositionError> for ApiError {
    fn from(error: PositionError) -> Self {
        ApiError {
            problem: error.problem.clone().map(Box::new),
            ..ApiError::unprocessable(error.to_string()).coded("bad_position", None)
        }
    }
}

impl From<ThinkError> for ApiError {
    fn from(error: ThinkError) -> Self {
        ApiError::unprocessable(error.to_string())
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(error: crate::store::StoreError) -> Self {
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
