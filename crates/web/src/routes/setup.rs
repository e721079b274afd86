//! The board editor's check: a position the editor built (or a person pasted) read by the
//! game's own parser, so the page shows the canonical FEN or board string and the board,
//! or the rule the position breaks (typed, for the page's language). Nothing is stored.
//! A position that cannot be played is an answer here, not a failed request: `ok` is false
//! and `error` (with `problem`) says why, so a page checking as a person types logs no
//! failed requests.

use std::collections::BTreeMap;

use axum::Json;
use ply_games::{OptionValue, find_game};
use serde::Deserialize;

use super::games::{MAX_POSITION_BYTES, body_options};
use super::{Body, bounded};
use crate::error::{ApiError, ApiResult};

/// A position to check.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupCheck {
    game: String,
    /// Option values by name (board size, rule, Chess960).
    #[serde(default)]
    options: BTreeMap<String, OptionValue>,
    /// FEN or board string; empty for the usual start.
    #[serde(default)]
    position: String,
}

/// `POST /api/setup/check`: the position as the game reads it (`ok`), or why it cannot be
/// played (`ok: false`, `error`, `problem`). An unknown game or option is a failed request.
pub async fn check(Body(request): Body<SetupCheck>) -> ApiResult<Json<serde_json::Value>> {
    let spec = find_game(bounded("game", &request.game, 64)?)?;
    let position = bounded("position", &request.position, MAX_POSITION_BYTES)?;
    let options = body_options(request.options, None, None, Some(position))?;
    let record = match spec.new_game(&options) {
        Ok(record) => record,
        Err(ply_games::GameError::Position(error)) => return Ok(refusal(error.into())),
        Err(error) => return Err(error.into()),
    };
    if let Err(error) = record.check_playable() {
        return Ok(refusal(error.into()));
    }
    Ok(Json(serde_json::json!({
        "ok": true,
        "position": record.position(),
        "board": record.board(),
        "status": record.status(),
        "title": record.title(),
        "side_names": record.side_names(),
    })))
}

/// The answer for a position that cannot be played.
fn refusal(error: ApiError) -> Json<serde_json::Value> {
    let mut body = serde_json::json!({ "ok": false, "error": error.message });
    if let Some(problem) = &error.problem {
        body["problem"] = serde_json::to_value(problem).unwrap_or_default();
    }
    Json(body)
}
