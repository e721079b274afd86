//! Games as records: the catalogue, starting a game, the list of games, one game's state,
//! a past position for review, export, and forgetting a game.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use ply_games::{GameOptions, find_game};
use ply_search::Side;
use serde::{Deserialize, Serialize};

use super::{Body, bounded, game_id};
use crate::error::{ApiError, ApiResult};
use crate::live::{LiveGame, lock};
use crate::state::AppState;
use crate::store::{GameRecord, Players, Seat, StoredOptions};
use crate::think::{self, MAX_MOVETIME_MS, MIN_MOVETIME_MS, parse_level};

/// Longest position string accepted.
pub const MAX_POSITION_BYTES: usize = 4_096;

pub async fn catalog(State(state): State<AppState>) -> impl IntoResponse {
    Json(serde_json::json!({ "games": state.0.catalog }))
}

/// A new game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    game: String,
    #[serde(default)]
    size: Option<usize>,
    #[serde(default)]
    rule: Option<String>,
    #[serde(default)]
    position: Option<String>,
    /// `first`, `second` or `both`.
    #[serde(default)]
    human: Option<String>,
    /// `classic` or `strong`.
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    movetime_ms: Option<u64>,
}

pub async fn create(
    State(state): State<AppState>,
    Body(request): Body<NewGame>,
) -> ApiResult<Response> {
    let spec = find_game(bounded("game", &request.game, 64)?)?;
    let position = match &request.position {
        Some(text) if !text.trim().is_empty() => {
            Some(bounded("position", text, MAX_POSITION_BYTES)?.to_string())
        }
        _ => None,
    };
    let rule = match &request.rule {
        Some(rule) => Some(bounded("rule", rule, 64)?.to_string()),
        None => None,
    };
    let options = GameOptions {
        size: request.size,
        rule: rule.clone(),
        position: position.clone(),
        chess960: false,
    };
    let session = spec.new_session(&options)?;
    let (first, second) = match request.human.as_deref().unwrap_or("first") {
        "first" => (Seat::Human, Seat::Computer),
        "second" => (Seat::Computer, Seat::Human),
        "both" => (Seat::Human, Seat::Human),
        other => {
            return Err(ApiError::unprocessable(format!(
                "human '{}' is not a side: expected first, second or both",
                other.chars().take(32).collect::<String>()
            )));
        }
    };
    let level = parse_level(request.level.as_deref().unwrap_or("strong"))?;
    let movetime_ms = request
        .movetime_ms
        .unwrap_or(spec.default_movetime_ms.unwrap_or(1_000));
    if !(MIN_MOVETIME_MS..=MAX_MOVETIME_MS).contains(&movetime_ms) {
        return Err(ApiError::unprocessable(format!(
            "movetime_ms {movetime_ms} is out of range: {MIN_MOVETIME_MS} to {MAX_MOVETIME_MS}"
        )));
    }
    let players = Players {
        first,
        second,
        level: level.name().to_string(),
        movetime_ms,
    };
    let stored = StoredOptions {
        size: request.size,
        rule,
    };
    let start_position = session.start_position();
    let title = session.title();
    let id = state
        .store()
        .insert(spec.name, &title, &stored, &start_position, &players)?;
    let record = GameRecord {
        id,
        game: spec.name.to_string(),
        title,
        options: stored,
        start_position,
        moves: Vec::new(),
        redo: Vec::new(),
        players,
        result: None,
        status: "ongoing".to_string(),
        summary: String::new(),
        created_at: 0,
        updated_at: 0,
    };
    let live = LiveGame::from_record(&record)?;
    let shared = state.0.games.insert(live);
    let mut live = lock(&shared);
    think::continue_game(&state, &shared, &mut live);
    let body = Json(serde_json::to_value(live.state()).unwrap_or_default());
    Ok((StatusCode::CREATED, body).into_response())
}

#[derive(Serialize)]
struct Summary {
    id: i64,
    game: String,
    title: String,
    status: String,
    summary: String,
    moves: usize,
    players: Players,
    created_at: i64,
    updated_at: i64,
}

fn number(
    query: &HashMap<String, String>,
    name: &str,
    default: usize,
    max: usize,
) -> ApiResult<usize> {
    match query.get(name) {
        None => Ok(default),
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|value| *value <= max)
            .ok_or_else(|| {
                ApiError::bad_request(format!("{name} must be a number from 0 to {max}"))
            }),
    }
}

pub async fn list(
    State(state): State<AppState>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<serde_json::Value>> {
    let limit = number(&query, "limit", 50, 500)?;
    let offset = number(&query, "offset", 0, 1_000_000_000)?;
    let store = state.store();
    let total = store.count()?;
    let games: Vec<Summary> = store
        .list(limit, offset)?
        .into_iter()
        .map(|record| Summary {
            id: record.id,
            game: record.game,
            title: record.title,
            status: record.status,
            summary: record.summary,
            moves: record.moves.len(),
            players: record.players,
            created_at: record.created_at,
            updated_at: record.updated_at,
        })
        .collect();
    Ok(Json(serde_json::json!({ "games": games, "total": total })))
}

pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<serde_json::Value>> {
    let shared = state.0.games.get(game_id(&id)?, &state.0.store)?;
    let mut live = lock(&shared);
    live.last_used = std::time::Instant::now();
    // A game reopened after a restart may be waiting for the computer.
    think::continue_game(&state, &shared, &mut live);
    Ok(Json(serde_json::to_value(live.state()).unwrap_or_default()))
}

pub async fn position(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<serde_json::Value>> {
    let shared = state.0.games.get(game_id(&id)?, &state.0.store)?;
    let mut copy = lock(&shared).session.clone_session();
    let played = copy.history().len();
    let ply = number(&query, "ply", played, played)?;
    for _ in ply..played {
        copy.undo();
    }
    Ok(Json(serde_json::json!({
        "ply": ply,
        "board": copy.board(),
        "position": copy.position(),
        "status": copy.status(),
    })))
}

pub async fn export(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let id = game_id(&id)?;
    let shared = state.0.games.get(id, &state.0.store)?;
    let live = lock(&shared);
    let mut text = live.session.export();
    if let Some(result) = &live.result {
        let winner = match result.winner.as_deref() {
            Some("first") => Some(Side::First),
            Some("second") => Some(Side::Second),
            _ => None,
        };
        let names = live.session.side_names();
        let who = match winner {
            Some(Side::First) => format!("{} wins", names[0]),
            Some(Side::Second) => format!("{} wins", names[1]),
            None => "draw".to_string(),
        };
        text.push_str(&format!("; {who} ({})\n", result.reason));
    }
    // PGN has an Event tag; other exports are the position and the moves.
    let extension = if text.contains("[Event ") {
        "pgn"
    } else {
        "txt"
    };
    let disposition = format!(
        "attachment; filename=\"ply-{}-{id}.{extension}\"",
        live.spec.name
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

pub async fn remove(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let id = game_id(&id)?;
    if let Some(shared) = state.0.games.remove(id) {
        lock(&shared).cancel_thinking();
    }
    if state.store().delete(id)? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(format!("there is no game {id}")))
    }
}
