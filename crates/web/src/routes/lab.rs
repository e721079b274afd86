//! The lab: a small position searched by minimax and alpha-beta side by side, the trees
//! recorded node by node, and the engine's node counts at the same depth. Runs on a
//! blocking thread, within the search slots, capped in depth and nodes.

use axum::Json;
use axum::extract::State;
use ply_games::session::MAX_LAB_TREE;
use ply_games::{GameOptions, LabRequest, find_game};
use serde::Deserialize;

use super::games::MAX_POSITION_BYTES;
use super::{Body, bounded};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::think::parse_level;

/// What to search.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabBody {
    game: String,
    #[serde(default)]
    size: Option<usize>,
    #[serde(default)]
    rule: Option<String>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    level: Option<String>,
    depth: u32,
    #[serde(default)]
    tree_nodes: Option<usize>,
}

pub async fn run(
    State(state): State<AppState>,
    Body(body): Body<LabBody>,
) -> ApiResult<Json<serde_json::Value>> {
    let spec = find_game(bounded("game", &body.game, 64)?)?;
    let position = match &body.position {
        Some(text) if !text.trim().is_empty() => {
            Some(bounded("position", text, MAX_POSITION_BYTES)?.to_string())
        }
        _ => None,
    };
    let options = GameOptions {
        size: body.size,
        rule: body.rule.clone(),
        position,
        chess960: false,
    };
    let mut session = spec.new_session(&options)?;
    let level = parse_level(body.level.as_deref().unwrap_or("classic"))?;
    let request = LabRequest {
        tree_nodes: body.tree_nodes.unwrap_or(4_000).min(MAX_LAB_TREE),
        ..LabRequest::new(level, body.depth)
    };
    let permit = state
        .0
        .search_slots
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| ApiError::internal("the server is shutting down"))?;
    let report = tokio::task::spawn_blocking(move || {
        let report = session.lab(&request);
        drop(permit);
        report.map(|report| (report, session.position(), session.legal_moves().len()))
    })
    .await
    .map_err(|_| ApiError::internal("the lab search failed"))??;
    let (report, position, moves) = report;
    Ok(Json(serde_json::json!({
        "game": spec.name,
        "position": position,
        "legal_moves": moves,
        "report": report,
    })))
}
