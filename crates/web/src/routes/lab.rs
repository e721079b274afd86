//! The lab: a small position searched by minimax and alpha-beta side by side, the trees
//! recorded node by node, and the engine's node counts at the same depth; and the course's
//! lessons, each a fixed experiment. Runs on a blocking thread, within the search slots,
//! capped in depth and nodes.

use axum::Json;
use axum::extract::{Path, State};
use ply_games::session::MAX_LAB_TREE;
use std::collections::BTreeMap;

use ply_games::{LabRequest, Lesson, OptionValue, find_game, run_lesson};
use serde::Deserialize;

use super::games::body_options;
use super::{Body, bounded};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::think::parse_level;

/// What to search.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabBody {
    game: String,
    /// Option values by name.
    #[serde(default)]
    options: BTreeMap<String, OptionValue>,
    /// The `size` option, as older clients send it.
    #[serde(default)]
    size: Option<OptionValue>,
    /// The `rule` option, as older clients send it.
    #[serde(default)]
    rule: Option<OptionValue>,
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
    let options = body_options(body.options, body.size, body.rule, body.position.as_deref())?;
    let record = spec.new_game(&options)?;
    let level = parse_level(body.level.as_deref().unwrap_or("classic"))?;
    let request = LabRequest {
        tree_nodes: body.tree_nodes.unwrap_or(4_000).min(MAX_LAB_TREE),
        ..LabRequest::new(level, body.depth)
    }
    .within(spec);
    let permit = state
        .0
        .search_slots
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| ApiError::internal("the server is shutting down"))?;
    let position = record.position();
    let moves = record.legal_moves().len();
    let snapshot = record.snapshot();
    let mut thinker = record.thinker();
    let report = tokio::task::spawn_blocking(move || {
        let report = thinker.lab(&snapshot, &request);
        drop(permit);
        report
    })
    .await
    .map_err(|_| ApiError::internal("the lab search failed"))??;
    Ok(Json(serde_json::json!({
        "game": spec.name,
        "position": position,
        "legal_moves": moves,
        "report": report,
    })))
}

/// The course's lessons, in order.
pub async fn lessons() -> Json<serde_json::Value> {
    let names: Vec<&str> = Lesson::ALL.iter().map(|lesson| lesson.name()).collect();
    Json(serde_json::json!({ "lessons": names }))
}

/// Runs one lesson's experiments (a few seconds of one core at most, fixed positions).
pub async fn lesson(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> ApiResult<Json<serde_json::Value>> {
    let lesson: Lesson = bounded("lesson", &name, 32)?
        .parse()
        .map_err(|error: ply_games::UnknownLesson| ApiError::not_found(error.to_string()))?;
    let permit = state
        .0
        .search_slots
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| ApiError::internal("the server is shutting down"))?;
    let report = tokio::task::spawn_blocking(move || {
        let report = run_lesson(lesson);
        drop(permit);
        report
    })
    .await
    .map_err(|_| ApiError::internal("the lesson failed"))??;
    Ok(Json(serde_json::json!({ "report": report })))
}
