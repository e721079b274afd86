//! Playing: a person's move, undo and redo (back to the person's turn), resigning. Each
//! change is committed on the store's thread before the answer (the game stays locked
//! meanwhile), then the computer is set thinking if it is its turn, and the state is
//! serialised once: the answer and the page's `state` event carry the same text.

use axum::extract::{Path, State};
use ply_games::MoveId;
use ply_games::session::{Notation, UnknownNotation};
use serde::Deserialize;

use super::{Body, bounded, game_id};
use crate::access::Caller;
use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::events::Published;
use crate::live::{LiveGame, Purpose, SharedGame};
use crate::state::AppState;
use crate::store::Seat;
use crate::{flag, think};

/// A move: its `id` from the state's `legal` list (a click), or its name in any notation
/// the game reads (typed), the player's chosen `notation` first (`wxf`, `vietnamese`…;
/// it decides where a text names different moves in different notations). `ply`, when
/// given, is the number of moves the page saw played: a move meant for another position
/// is refused.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(default, rename = "move")]
    mv: Option<String>,
    #[serde(default)]
    id: Option<u16>,
    #[serde(default)]
    ply: Option<usize>,
    #[serde(default)]
    notation: Option<String>,
}

/// Commits the game, lets the computer move if it is its turn, and tells the page.
async fn commit(
    state: &AppState,
    shared: &SharedGame,
    live: &mut LiveGame,
) -> ApiResult<Published> {
    live.last_used = std::time::Instant::now();
    live.commit(&state.0.store).await?;
    think::continue_game(state, shared, live);
    Ok(live.publish())
}

async fn open(state: &AppState, id: &str) -> ApiResult<SharedGame> {
    state
        .0
        .games
        .get(game_id(state, id).await?, &state.0.store)
        .await
}

pub async fn play(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    Body(body): Body<MoveBody>,
) -> ApiResult<Published> {
    let shared = open(&state, &id).await?;
    let mut live = shared.lock().await;
    caller.may_change(&state, live.owner.as_deref())?;
    let now = now_ms();
    if flag::fall_if_due(&mut live, now) {
        commit(&state, &shared, &mut live).await?;
        return Err(ApiError::conflict(
            "the flag fell before the move arrived: the game is over (out of time)",
        ));
    }
    if let ply_games::Status::Finished { reason, .. } = live.status() {
        return Err(ApiError::conflict(format!("the game is over ({reason})")));
    }
    if !live.human_to_move() {
        return Err(ApiError::conflict(
            "it is the computer's turn: wait for its move, or ask it to move now",
        ));
    }
    if let Some(ply) = body.ply
        && ply != live.record.history().len()
    {
        return Err(ApiError::conflict(format!(
            "the game has moved on: {} moves are played, not {ply}",
            live.record.history().len()
        )));
    }
    // Read (and check) the move before touching anything: an illegal move changes nothing.
    let mv = match (&body.mv, body.id) {
        (Some(text), None) => {
            let text = bounded("move", text, 64)?;
            match body.notation.as_deref() {
                None => live.record.parse_move(text)?,
                Some(key) => {
                    let notation: Notation = key.parse().map_err(|error: UnknownNotation| {
                        ApiError::unprocessable(error.to_string()).coded("bad_notation", None)
                    })?;
                    live.record.parse_move_in(text, notation)?
                }
            }
        }
        (None, Some(id)) => {
            let Some(legal) = live.record.legal_move(MoveId(id)) else {
                return Err(ApiError::unprocessable(format!(
                    "move id {id} is not one of the legal moves here"
                )));
            };
            legal.id
        }
        _ => {
            return Err(ApiError::unprocessable(
                "give the move as 'move' (its name) or as 'id' (from the legal moves), not both",
            ));
        }
    };
    if live
        .thinking
        .as_ref()
        .is_some_and(|thinking| thinking.purpose != Purpose::Move)
    {
        live.cancel_thinking();
    }
    let mover = live.record.side_to_move();
    let name = live.record.play(mv)?.name.clone();
    live.clock_moved(mover, now);
    if live.redo.last() == Some(&name) {
        live.redo.pop();
    } else {
        live.redo.clear();
    }
    live.last_think = None;
    commit(&state, &shared, &mut live).await
}

/// Undo and redo are refused in a timed game: a takeback would either give back the time
/// spent on the moves taken back or charge it to the wrong side.
fn refuse_if_timed(live: &LiveGame) -> ApiResult<()> {
    if live.clock.is_some() {
        return Err(ApiError::conflict(
            "moves cannot be taken back or replayed in a timed game",
        ));
    }
    Ok(())
}

pub async fn undo(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<Published> {
    let shared = open(&state, &id).await?;
    let mut live = shared.lock().await;
    caller.may_change(&state, live.owner.as_deref())?;
    refuse_if_timed(&live)?;
    if live.result().is_some() {
        return Err(ApiError::conflict("a resigned game cannot be taken back"));
    }
    if live.record.history().is_empty() {
        return Err(ApiError::conflict("there is no move to take back"));
    }
    live.cancel_thinking();
    // Back to a person's turn: the computer's reply and the person's move.
    while let Some(mv) = live.record.undo() {
        live.redo.push(mv.name);
        if !live.computer_to_move() || live.record.history().is_empty() {
            break;
        }
    }
    live.last_think = None;
    commit(&state, &shared, &mut live).await
}

pub async fn redo(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<Published> {
    let shared = open(&state, &id).await?;
    let mut live = shared.lock().await;
    caller.may_change(&state, live.owner.as_deref())?;
    refuse_if_timed(&live)?;
    if live.result().is_some() {
        return Err(ApiError::conflict("a resigned game cannot be replayed"));
    }
    if live.redo.is_empty() {
        return Err(ApiError::conflict("there is no move to redo"));
    }
    live.cancel_thinking();
    while let Some(name) = live.redo.pop() {
        if let Err(error) = live.record.play_text(&name) {
            live.redo.clear();
            tracing::warn!("game {}: redo {name} failed: {error}", live.id);
            break;
        }
        if !live.computer_to_move() || live.redo.is_empty() {
            break;
        }
    }
    live.last_think = None;
    commit(&state, &shared, &mut live).await
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
    caller: Caller,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> ApiResult<Published> {
    let side_name = if body.iter().all(u8::is_ascii_whitespace) {
        None
    } else {
        serde_json::from_slice::<ResignBody>(&body)
            .map_err(|error| ApiError::bad_request(format!("cannot read the body: {error}")))?
            .side
    };
    let shared = open(&state, &id).await?;
    let mut live = shared.lock().await;
    caller.may_change(&state, live.owner.as_deref())?;
    if live.status().is_finished() {
        return Err(ApiError::conflict("the game is already over"));
    }
    let to_move = live.record.side_to_move();
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
    live.resign(loser);
    commit(&state, &shared, &mut live).await
}
