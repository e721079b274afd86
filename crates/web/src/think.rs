//! Searches run off the request path: each on a blocking thread with its own
//! `SearchControl` ("move now" stops it), at most a few at once, their events streamed to
//! the page. When the computer's search ends its move is played and stored; a search whose
//! game changed meanwhile (undo, resign) is ignored.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_games::{Level, Session, ThinkEvent, ThinkRequest, ThinkResult};
use ply_search::{Limits, SearchControl};
use serde_json::json;

use crate::error::{ApiError, ApiResult};
use crate::live::{LiveGame, Purpose, SharedGame, Thinking, lock};
use crate::state::AppState;

/// Longest time per move a client may ask for.
pub const MAX_MOVETIME_MS: u64 = 30_000;
/// Shortest.
pub const MIN_MOVETIME_MS: u64 = 50;
/// Time a hint takes at most.
const HINT_MS: u64 = 1_500;

/// The level of a stored level name.
pub fn parse_level(name: &str) -> ApiResult<Level> {
    name.parse()
        .map_err(|error: ply_games::session::UnknownName| {
            ApiError::unprocessable(error.to_string())
        })
}

/// What the computer (or the helper) is asked to do.
fn request_for(live: &LiveGame, purpose: Purpose) -> ApiResult<ThinkRequest> {
    let movetime = Duration::from_millis(
        live.players
            .movetime_ms
            .clamp(MIN_MOVETIME_MS, MAX_MOVETIME_MS),
    );
    let level = parse_level(&live.players.level)?;
    Ok(match purpose {
        Purpose::Move => match level {
            Level::Classic => ThinkRequest::new(Level::Classic, Limits::default()),
            Level::Strong => ThinkRequest::new(Level::Strong, Limits::movetime(movetime)),
        },
        Purpose::Hint => ThinkRequest::new(
            Level::Strong,
            Limits::movetime(movetime.min(Duration::from_millis(HINT_MS))),
        ),
        Purpose::Analysis => {
            let limits = match level {
                Level::Classic => Limits::default(),
                Level::Strong => Limits::movetime(movetime),
            };
            ThinkRequest {
                all_moves: true,
                ..ThinkRequest::new(level, limits)
            }
        }
    })
}

/// Starts the computer's search if it is the computer's turn and nothing searches.
pub fn continue_game(state: &AppState, shared: &SharedGame, live: &mut LiveGame) {
    if live.thinking.is_none()
        && live.computer_to_move()
        && let Err(error) = start(state, shared, live, Purpose::Move)
    {
        tracing::warn!("game {}: the computer cannot move: {error}", live.id);
    }
}

/// Starts a search for `purpose` on the locked game `live` (which is `shared`).
pub fn start(
    state: &AppState,
    shared: &SharedGame,
    live: &mut LiveGame,
    purpose: Purpose,
) -> ApiResult<u64> {
    if live.thinking.is_some() {
        return Err(ApiError::conflict(
            "a search is already running for this game: wait, or ask it to move now",
        ));
    }
    if live.status().is_finished() {
        return Err(ApiError::conflict("the game is over"));
    }
    let request = request_for(live, purpose)?;
    let mut thinker = match live.thinker.take() {
        Some(thinker) => thinker,
        None => live.session.clone_session(),
    };
    sync(thinker.as_mut(), live.session.as_ref())?;
    let id = state.next_think_id();
    let control = Arc::new(SearchControl::default());
    let side = live.session.side_to_move();
    live.thinking = Some(Thinking {
        id,
        purpose,
        control: control.clone(),
        side,
        started: Instant::now(),
    });
    live.log.clear();
    let start_event = json!({
        "type": "think_start",
        "id": id,
        "purpose": purpose,
        "side": ply_games::session::side_key(side),
        "level": request.level,
        "algorithm": request.effective_algorithm(),
        "movetime_ms": request.limits.movetime.map(|time| time.as_millis() as u64),
    });
    live.send(start_event, true);
    live.send_state();

    let state = state.clone();
    let shared = shared.clone();
    tokio::spawn(async move {
        // Waits its turn; a closed semaphore (never closed here) would just not limit.
        let permit = state.0.search_slots.clone().acquire_owned().await;
        let watched = shared.clone();
        let search = tokio::task::spawn_blocking(move || {
            let mut on_event = |event: &ThinkEvent| {
                if matches!(event, ThinkEvent::CurrentMove { .. }) {
                    return;
                }
                let mut live = lock(&watched);
                if live
                    .thinking
                    .as_ref()
                    .is_some_and(|thinking| thinking.id == id)
                {
                    live.send(
                        json!({ "type": "think", "id": id, "purpose": purpose, "event": event }),
                        true,
                    );
                }
            };
            let result = thinker.think(&request, &control, &mut on_event);
            (thinker, result)
        })
        .await;
        drop(permit);
        finish(&state, &shared, id, purpose, search);
    });
    Ok(id)
}

/// Brings the thinking copy to the game's position, keeping its engines.
fn sync(thinker: &mut dyn Session, game: &dyn Session) -> ApiResult<()> {
    if thinker.position() == game.position() && thinker.history() == game.history() {
        return Ok(());
    }
    thinker.set_position(&game.start_position())?;
    for mv in game.history() {
        thinker.play(&mv.name)?;
    }
    Ok(())
}

type SearchOutcome =
    Result<(Box<dyn Session>, Result<ThinkResult, ply_games::ThinkError>), tokio::task::JoinError>;

fn finish(state: &AppState, shared: &SharedGame, id: u64, purpose: Purpose, search: SearchOutcome) {
    let mut live = lock(shared);
    let current = live
        .thinking
        .as_ref()
        .is_some_and(|thinking| thinking.id == id);
    let outcome = match search {
        Ok((thinker, outcome)) => {
            if live.thinker.is_none() {
                live.thinker = Some(thinker);
            }
            outcome
        }
        Err(error) => {
            tracing::error!("game {}: the search failed: {error}", live.id);
            Err(ply_games::ThinkError::Refused(
                "the search failed".to_string(),
            ))
        }
    };
    if !current {
        return;
    }
    let stopped = live
        .thinking
        .as_ref()
        .is_some_and(|thinking| thinking.control.is_stopped());
    live.thinking = None;
    live.last_used = Instant::now();
    let mut played = false;
    match outcome {
        Ok(result) => {
            if purpose == Purpose::Move
                && let Some(best) = &result.best_move
            {
                match live.session.play(&best.name) {
                    Ok(_) => {
                        played = true;
                        live.redo.clear();
                        let saved = {
                            let store = state.store();
                            live.save(&store)
                        };
                        if let Err(error) = saved {
                            tracing::error!("game {}: {error}", live.id);
                        }
                    }
                    Err(error) => {
                        tracing::error!("game {}: the engine's move failed: {error}", live.id);
                    }
                }
            }
            let done = json!({
                "type": "think_done",
                "id": id,
                "purpose": purpose,
                "played": played,
                "stopped": stopped,
                "result": result,
            });
            if purpose != Purpose::Move {
                live.last_think = Some(done.clone());
            }
            live.send(done, true);
        }
        Err(error) => {
            let failed = json!({ "type": "think_error", "id": id, "purpose": purpose, "error": error.to_string() });
            live.send(failed, true);
        }
    }
    live.send_state();
    // Only after a move: a search that failed must not start again and again.
    if played {
        continue_game(state, shared, &mut live);
    }
}
