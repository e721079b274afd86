//! Watching the search: a hint, every move scored, "move now", and the stream of events
//! (Server-Sent Events) a page listens to: the game's state after each change and each
//! search's progress (until shutdown begins).

use std::convert::Infallible;
use std::time::Duration;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::{BroadcastStream, WatchStream};

use super::game_id;
use crate::access::Caller;
use crate::cluster;
use crate::error::{ApiError, ApiResult};
use crate::live::Purpose;
use crate::state::AppState;
use crate::think;

async fn begin(
    state: AppState,
    caller: Caller,
    id: String,
    purpose: Purpose,
) -> ApiResult<(StatusCode, Json<serde_json::Value>)> {
    let shared = state
        .0
        .games
        .get(game_id(&state, &id).await?, &state.0.store)
        .await?;
    let mut live = shared.lock().await;
    caller.may_change(&state, live.owner.as_deref())?;
    if purpose == Purpose::Hint && !live.human_to_move() {
        return Err(ApiError::conflict("a hint is for a person to move"));
    }
    let client = caller.owner().unwrap_or_else(|| "local".to_string());
    let ticket = state.admit(&client)?;
    let think_id = think::start_for(&state, &shared, &mut live, purpose, Some(ticket))?;
    live.publish();
    Ok((
        StatusCode::ACCEPTED,
        Json(serde_json::json!({ "think_id": think_id, "purpose": purpose })),
    ))
}

pub async fn hint(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<(StatusCode, Json<serde_json::Value>)> {
    begin(state, caller, id, Purpose::Hint).await
}

pub async fn analyze(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<(StatusCode, Json<serde_json::Value>)> {
    begin(state, caller, id, Purpose::Analysis).await
}

pub async fn stop(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<Json<serde_json::Value>> {
    let id = game_id(&state, &id).await?;
    let shared = state.0.games.get(id, &state.0.store).await?;
    let live = shared.lock().await;
    caller.may_change(&state, live.owner.as_deref())?;
    let stopped = match &live.thinking {
        Some(thinking) => {
            thinking.control.stop();
            true
        }
        None => false,
    };
    drop(live);
    // Not thinking here: another server may hold the game's lease; it is asked.
    let stopped = stopped || cluster::ask_to_stop(&state, id).await?;
    Ok(Json(serde_json::json!({ "stopped": stopped })))
}

pub async fn events(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>>> {
    let shared = state
        .0
        .games
        .get(game_id(&state, &id).await?, &state.0.store)
        .await?;
    let (first, receiver) = {
        let mut live = shared.lock().await;
        // A game reopened after a restart may be waiting for the computer.
        let state = if think::continue_game(&state, &shared, &mut live) {
            live.publish()
        } else {
            live.current()
        };
        // Subscribed under the lock, after the state it is given: nothing missed, nothing twice.
        let receiver = live.events.subscribe();
        let mut first: Vec<String> = vec![state.event().to_string()];
        first.extend(live.log.iter().map(|text| text.to_string()));
        (first, receiver)
    };
    let backlog = tokio_stream::iter(first);
    let live = until_behind(receiver);
    // The stream ends when shutdown begins, so that the server can close its connections.
    let shutdown = WatchStream::new(state.shutdown_signal())
        .filter(|shutting_down| *shutting_down)
        .map(|_| None);
    let stream = backlog
        .chain(live)
        .map(Some)
        .merge(shutdown)
        .take_while(Option::is_some)
        .filter_map(|text| text)
        .map(|text| Ok(Event::default().data(text)));
    let reconnect = tokio_stream::once(Ok(Event::default().retry(RECONNECT)));
    Ok(Sse::new(reconnect.chain(stream))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// How soon a browser whose event stream ended reconnects (the `retry` it is told first).
const RECONNECT: Duration = Duration::from_millis(250);

/// The game's events as they come, until the client falls behind: a search may send them
/// faster than a loaded client reads, and the channel then drops the oldest ones, which
/// may include the state that says a search began. Rather than go on with a gap, the stream
/// ends there; the browser reconnects (after [`RECONNECT`]) and is sent the game as it is
/// now, its state and its search log first (the page ignores log lines it has already).
fn until_behind(
    receiver: tokio::sync::broadcast::Receiver<std::sync::Arc<str>>,
) -> impl tokio_stream::Stream<Item = String> {
    BroadcastStream::new(receiver).map_while(|item| item.ok().map(|text| text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::until_behind;
    use std::sync::Arc;
    use tokio_stream::StreamExt;

    #[tokio::test]
    async fn a_client_that_keeps_up_gets_every_event() {
        let (sender, receiver) = tokio::sync::broadcast::channel::<Arc<str>>(4);
        for n in 0..3 {
            sender
                .send(Arc::from(format!("event {n}")))
                .expect("a receiver");
        }
        drop(sender);
        let got: Vec<String> = until_behind(receiver).collect().await;
        assert_eq!(got, ["event 0", "event 1", "event 2"]);
    }

    #[tokio::test]
    async fn a_client_that_fell_behind_is_ended_not_given_a_gap() {
        let (sender, receiver) = tokio::sync::broadcast::channel::<Arc<str>>(4);
        for n in 0..10 {
            sender
                .send(Arc::from(format!("event {n}")))
                .expect("a receiver");
        }
        drop(sender);
        // Events 0 to 5 were dropped for this client: nothing after the gap is given.
        let got: Vec<String> = until_behind(receiver).collect().await;
        assert!(got.is_empty(), "{got:?}");
    }
}
