//! A game's analysis and review: `POST /api/games/{id}/analysis` starts the engine going
//! over every position (its owner only; 202), `GET` gives its progress and, as positions
//! are done, every move's grade, the better move and the line, with the computer's own
//! searches for the moves it played (anyone who may watch the game), `DELETE` stops it
//! (its owner). `POST /api/games/{id}/branch` plays a line of the owner's own from a
//! position of the game and answers with the engine's reply, without touching the game.

use std::time::Duration;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use ply_games::session::analysis::{self, GameReview};
use ply_games::{Level, Record, ThinkRequest};
use ply_search::{Limits, SearchControl};
use serde::Deserialize;

use super::{Body, game_id};
use crate::access::Caller;
use crate::analysis::{self as jobs, MAX_DEPTH};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store::{AnalysisState, StoredAnalysis};

/// An analysis not written for this long while it says it runs is one whose server died.
const STALE_SECONDS: i64 = 300;
/// Longest variation a branch may play from the game.
const MAX_BRANCH_MOVES: usize = 200;
/// Time the engine takes to answer a branch at most.
const BRANCH_MS: u64 = 1_000;

/// How deep to search each position: the game's analysis depth unless a depth is asked.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct StartBody {
    #[serde(default)]
    depth: Option<u32>,
}

/// A copy of the game `id` names, with its row number and owner.
async fn game(state: &AppState, id: &str) -> ApiResult<(i64, Box<dyn Record>, Option<String>)> {
    let row = game_id(state, id).await?;
    let shared = state.0.games.get(row, &state.0.store).await?;
    let live = shared.lock().await;
    Ok((row, live.record.clone_record(), live.owner.clone()))
}

pub async fn start(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> ApiResult<(StatusCode, Json<serde_json::Value>)> {
    let body: StartBody = if body.iter().all(u8::is_ascii_whitespace) {
        StartBody::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|error| ApiError::bad_request(format!("cannot read the body: {error}")))?
    };
    let (row, record, owner) = game(&state, &id).await?;
    caller.may_change(&state, owner.as_deref())?;
    if state.is_shutting_down() {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down: no new search",
        ));
    }
    let limits = match body.depth {
        None => analysis::default_limits(record.as_ref()),
        Some(depth) if (1..=MAX_DEPTH).contains(&depth) => Limits::depth(depth),
        Some(depth) => {
            return Err(ApiError::unprocessable(format!(
                "depth {depth} is out of range: 1 to {MAX_DEPTH}"
            )));
        }
    };
    if state.0.analyses.is_running(row) {
        return Err(ApiError::conflict(
            "this game's analysis is already running: wait, or stop it",
        ));
    }
    let moves = record.history().len();
    let limits_json = jobs::limits_json(&limits);
    let earlier = state
        .0
        .store
        .run(move |store| store.load_analysis(row))
        .await?;
    if let Some(done) = &earlier
        && done.state == AnalysisState::Done
        && done.moves == moves
        && done.limits == limits_json
    {
        return Ok((StatusCode::OK, Json(serde_json::json!({ "state": "done" }))));
    }
    let client = caller.owner().unwrap_or_else(|| "local".to_string());
    let ticket = state.admit(&client)?;
    let analysis = StoredAnalysis {
        state: AnalysisState::Running,
        moves,
        positions: jobs::resumed(earlier, moves, &limits_json),
        limits: limits_json,
        error: None,
        server: state.0.server.clone(),
        started_at: crate::clock::now_ms() / 1000,
        updated_at: 0,
    };
    let stored = analysis.clone();
    state
        .0
        .store
        .run(move |store| store.save_analysis(row, &stored))
        .await?;
    if !jobs::start(&state, row, record, limits, analysis, ticket) {
        return Err(ApiError::conflict(
            "this game's analysis is already running: wait, or stop it",
        ));
    }
    Ok((
        StatusCode::ACCEPTED,
        Json(serde_json::json!({ "state": "running", "positions": moves + 1 })),
    ))
}

pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<serde_json::Value>> {
    let (row, record, _) = game(&state, &id).await?;
    let (stored, searches) = state
        .0
        .store
        .run(move |store| Ok((store.load_analysis(row)?, store.move_searches(row)?)))
        .await?;
    // The computer's searches for the moves still in the game.
    let history = record.history();
    let searches: Vec<_> = searches
        .into_iter()
        .filter(|kept| {
            kept.ply >= 1
                && history
                    .get(kept.ply - 1)
                    .is_some_and(|mv| mv.name == kept.mv)
        })
        .collect();
    let style = record.spec().score_style;
    let Some(stored) = stored else {
        return Ok(Json(serde_json::json!({
            "state": "none",
            "searches": searches,
            "score_style": style,
        })));
    };
    let running_here = state.0.analyses.is_running(row);
    let now = crate::clock::now_ms() / 1000;
    // Running here until its task has ended (its last write included): a new start is
    // refused until then, so the page must not offer one.
    let state_now = match stored.state {
        _ if running_here => AnalysisState::Running,
        AnalysisState::Running
            if !running_here
                && (stored.server == state.0.server
                    || now - stored.updated_at.max(stored.started_at) > STALE_SECONDS) =>
        {
            AnalysisState::Stopped
        }
        other => other,
    };
    // The moves it analysed: the game may have gone on since.
    let mut analysed = record;
    while analysed.history().len() > stored.moves {
        analysed.undo();
    }
    let review = GameReview::new(analysed.as_ref());
    let moves = review.grade(&stored.positions);
    Ok(Json(serde_json::json!({
        "state": state_now,
        "total": review.positions(),
        "done": stored.positions.len(),
        "moves_analysed": stored.moves,
        "limits": stored.limits,
        "positions": stored.positions,
        "moves": moves,
        "error": stored.error,
        "searches": searches,
        "score_style": style,
    })))
}

pub async fn stop(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<Json<serde_json::Value>> {
    let (row, _, owner) = game(&state, &id).await?;
    caller.may_change(&state, owner.as_deref())?;
    let stopped = state.0.analyses.stop(row);
    Ok(Json(serde_json::json!({ "stopped": stopped })))
}

/// A line tried from the game: from the position after `ply` moves, the `moves`
/// (canonical names) played on.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BranchBody {
    ply: usize,
    #[serde(default)]
    moves: Vec<String>,
}

pub async fn branch(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    Body(body): Body<BranchBody>,
) -> ApiResult<Json<serde_json::Value>> {
    let (_, mut record, owner) = game(&state, &id).await?;
    caller.may_change(&state, owner.as_deref())?;
    let played = record.history().len();
    if body.ply > played {
        return Err(ApiError::unprocessable(format!(
            "ply {} is past the game's {played} moves",
            body.ply
        )));
    }
    if body.moves.len() > MAX_BRANCH_MOVES {
        return Err(ApiError::unprocessable(format!(
            "a branch has at most {MAX_BRANCH_MOVES} moves"
        )));
    }
    while record.history().len() > body.ply {
        record.undo();
    }
    for (index, name) in body.moves.iter().enumerate() {
        record.play_text(name).map_err(|error| {
            ApiError::unprocessable(format!("move {} of the branch: {error}", index + 1))
        })?;
    }
    let answer = if record.status().is_finished() {
        None
    } else {
        let client = caller.owner().unwrap_or_else(|| "local".to_string());
        let ticket = state.admit(&client)?;
        let limits = match record.spec().default_movetime_ms {
            Some(ms) => Limits::movetime(Duration::from_millis(ms.min(BRANCH_MS))),
            None => Limits::default(),
        };
        let Ok(permit) = state.0.search_slots.clone().acquire_owned().await else {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is shutting down: no new search",
            ));
        };
        let position = record.snapshot();
        let mut thinker = record.thinker();
        state.running(true);
        let searched = tokio::task::spawn_blocking(move || {
            let request = ThinkRequest::new(Level::Strong, limits);
            thinker.think(&position, &request, &SearchControl::default(), &mut |_| {})
        })
        .await;
        state.running(false);
        drop(permit);
        drop(ticket);
        let result = searched.map_err(|error| {
            tracing::error!("a branch's search failed: {error}");
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the search failed")
        })??;
        state.searched(result.nodes, result.nps);
        Some(result)
    };
    let branch: Vec<_> = record.history()[body.ply..].to_vec();
    Ok(Json(serde_json::json!({
        "ply": body.ply,
        "moves": branch,
        "board": record.board(),
        "position": record.position(),
        "status": record.status(),
        "side_to_move": ply_games::session::side_key(record.side_to_move()),
        "legal": record.legal_moves(),
        "answer": answer,
        "score_style": record.spec().score_style,
    })))
}
