//! Playing: a person's move, undo and redo (back to the person's turn), resigning. Each
//! change is stored before the answer, then the computer is set thinking if it is its turn.

use axum::Json;
use axum::extract::{Path, State};
use ply_games::session::side_key;
use serde::Deserialize;

use super::{Body, bounded, game_id};
use crate::error::{ApiError, ApiResult};
use crate::live::{LiveGame, Purpose, SharedGame, lock};
use crate::state::AppState;
use crate::store::{Seat, StoredResult};
use crate::think;

/// A move in any notation the game reads.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
}

/// Stores the game, tells its page, and lets the computer move if it is its turn.
fn commit(
    state: &AppState,
    shared: &SharedGame,
    live: &mut LiveGame,
) -> ApiResult<Json<serde_json::Value>> {
    live.last_used = std::time::Instant::now();
    {
        let store = state.store();
        live.save(&store)?;
    }
    live.send_state();
    think::continue_game(state, shared, live);
    Ok(Json(serde_json::to_value(live.state()).unwrap_or_default()))
}

fn open(state: &AppState, id: &str) -> ApiResult<SharedGame> {
    state.0.games.get(game_id(id)?, &state.0.store)
}

pub async fn play(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<MoveBody>,
) -> ApiResult<Json<serde_json::Value>> {
    let text = bounded("move", &body.mv, 64)?;
    let shared = open(&state, &id)?;
    let mut live = lock(&shared);
    if live.status().is_finished() {
        let status = live.status();
        return Err(ApiError::conflict(match status {
            ply_games::Status::Finished { reason, .. } => format!("the game is over ({reason})"),
            ply_games::Status::Ongoing { .. } => "the game is over".to_string(),
        }));
    }
    if !live.human_to_move() {
        return Err(ApiError::conflict(
            "it is the computer's turn: wait for its move, or ask it to move now",
        ));
    }
    // Check before touching anything: an illegal move changes nothing.
    live.session.parse_move(text)?;
    if live
        .thinking
        .as_ref()
        .is_some_and(|thinking| thinking.purpose != Purpose::Move)
    {
        live.cancel_thinking();
    }
    let played = live.session.play(text)?;
    if live.redo.last() == Some(&played.name) {
        live.redo.pop();
    } else {
        live.redo.clear();
    }
    live.last_think = None;
    commit(&state, &shared, &mut live)
}

pub async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<serde_json::Value>> {
    let shared = open(&state, &id)?;
    let mut live = lock(&shared);
    if live.result.is_some() {
        return Err(ApiError::conflict("a resigned game cannot be taken back"));
    }
    if live.session.history().is_empty() {
        return Err(ApiError::conflict("there is no move to take back"));
    }
    live.cancel_thinking();
    // Back to a person's turn: the computer's reply and the person's move.
    while let Some(mv) = live.session.undo() {
        live.redo.push(mv.name);
        if !live.computer_to_move() || live.session.history().is_empty() {
            break;
        }
    }
    live.last_think = None;
    commit(&state, &shared, &mut live)
}

pub async fn redo(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<serde_json::Value>> {
    let shared = open(&state, &id)?;
    let mut live = lock(&shared);
    if live.result.is_some() {
        return Err(ApiError::conflict("a resigned game cannot be replayed"));
    }
    if live.redo.is_empty() {
        return Err(ApiError::conflict("there is no move to redo"));
    }
    live.cancel_thinking();
    while let Some(name) = live.redo.pop() {
        if let Err(error) = live.session.play(&name) {
            live.redo.clear();
            tracing::warn!("game {}: redo {name} failed: {error}", live.id);
            break;
        }
        if !live.computer_to_move() || live.redo.is_empty() {
            break;
        }
    }
    live.last_think = None;
    commit(&state, &shared, &mut live)
}

/// Who resigns; by default the person (the one to move if both sides are people).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResignBody {
    #[serde(default)]
    side: Option<String>,
}

pub async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> ApiResult<Json<serde_json::Value>> {
    let side_name = if body.iter().all(u8::is_ascii_whitespace) {
        None
    } else {
        serde_json::from_slice::<ResignBody>(&body)
            .map_err(|error| ApiError::bad_request(format!("cannot read the body: {error}")))?
            .side
    };
    let shared = open(&state, &id)?;
    let mut live = lock(&shared);
    if live.status().is_finished() {
        return Err(ApiError::conflict("the game is already over"));
    }
    let to_move = live.session.side_to_move();
    let loser = match side_name.as_deref() {
        Some("first") => ply_search::Side::First,
        Some("second") => ply_search::Side::Second,
        Some(other) => {
            return Err(ApiError::unprocessable(format!(
                "side '{}' is not first or second",
                other.chars().take(32).collect::<String>()
            )));
        }
        None if live.seat(to_move) == Seat::Human => to_move,
        None => to_move.opponent(),
    };
    if live.seat(loser) != Seat::Human {
        return Err(ApiError::conflict("only a person resigns"));
    }
    live.cancel_thinking();
    live.result = Some(StoredResult {
        winner: Some(side_key(loser.opponent()).to_string()),
        reason: "resignation".to_string(),
    });
    commit(&state, &shared, &mut live)
}
