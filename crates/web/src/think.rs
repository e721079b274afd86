//! Searches run off the request path: each on a blocking thread with its own
//! `SearchControl` ("move now" stops it), at most a few at once, their events streamed to
//! the page. The game's thinker (its engines and what they learnt) and a snapshot of the
//! position go to that thread and the thinker comes back: nothing is copied or replayed.
//! When the computer's search ends its move is played by its id and committed on the
//! store's thread; a search whose game changed meanwhile (undo, resign) is ignored. In a
//! timed game the computer thinks on its own clock: the engine's time manager is given
//! its time left and increment, and whatever the level a timer stops the search at
//! [`GameClock::think_deadline`](crate::clock::GameClock::think_deadline). The computer's
//! move is thought under the game's lease, so with several servers on one database only
//! one thinks for a game (see [`crate::cluster`]). At shutdown no search starts and the
//! running ones are stopped ([`AppState::begin_shutdown`]).

use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_games::book;
use ply_games::{
    Algorithm, Level, PlayerLevel, ThinkError, ThinkEvent, ThinkRequest, ThinkResult, Thinker,
};
use ply_search::{Limits, SearchControl};

use crate::clock::{ENGINE_OVERHEAD, now_ms};
use crate::cluster;
use crate::error::{ApiError, ApiResult};
use crate::events::{Event, ThinkDone, ThinkStart};
use crate::flag;
use crate::limits::ClientSearch;
use crate::live::{LiveGame, Purpose, SharedGame, Thinking};
use crate::state::AppState;
use crate::store::MoveSearch;

/// Longest time per move a client may ask for.
pub const MAX_MOVETIME_MS: u64 = 30_000;
/// Shortest.
pub const MIN_MOVETIME_MS: u64 = 50;
/// Time a hint takes at most.
const HINT_MS: u64 = 1_500;

/// The judgement a level name asks for (`classic` or `strong`, as the lab takes it).
pub fn parse_level(name: &str) -> ApiResult<Level> {
    name.parse()
        .map_err(|error: ply_games::session::UnknownName| {
            ApiError::unprocessable(error.to_string())
        })
}

/// The computer player a stored or asked level names: `1` … `8` or `classic`; games stored
/// before the ladder say `strong` (level 8).
pub fn parse_player_level(name: &str) -> ApiResult<PlayerLevel> {
    name.parse()
        .map_err(|error: ply_games::UnknownLevel| ApiError::unprocessable(error.to_string()))
}

/// What the computer (or the helper) is asked to do, and which player that is.
fn request_for(live: &LiveGame, purpose: Purpose) -> ApiResult<(ThinkRequest, PlayerLevel)> {
    let movetime = Duration::from_millis(
        live.players
            .movetime_ms
            .clamp(MIN_MOVETIME_MS, MAX_MOVETIME_MS),
    );
    let level = parse_player_level(&live.players.level)?;
    let limits = match level {
        PlayerLevel::Classic => Limits::default(),
        PlayerLevel::Ladder(_) => Limits::movetime(movetime),
    };
    Ok(match purpose {
        // The game's number seeds a weaker level's noise and choices: the same game replayed
        // gets the same answers, another game other ones.
        // Levels 1 to 7 open from the game's built-in book while it has a move, for
        // variety; level 8 is the full engine thinking for the time chosen.
        Purpose::Move => {
            let mut request = level.request(limits, live.id as u64);
            if level.rung().is_some() && level != PlayerLevel::STRONGEST {
                let moves = book::builtin::moves(live.record.as_ref());
                let seed = (live.id as u64).rotate_left(32) ^ live.record.position_key();
                request.book_move =
                    book::choose(&moves, book::BookChoice::Weighted(seed)).map(|mv| mv.id);
            }
            (request, level)
        }
        Purpose::Hint => (
            ThinkRequest::new(
                Level::Strong,
                Limits::movetime(movetime.min(Duration::from_millis(HINT_MS))),
            ),
            PlayerLevel::STRONGEST,
        ),
        // Scoring every move is the full judgement's (or the classic player's) work.
        Purpose::Analysis => {
            let scorer = match level {
                PlayerLevel::Classic => PlayerLevel::Classic,
                PlayerLevel::Ladder(_) => PlayerLevel::STRONGEST,
            };
            (
                ThinkRequest {
                    all_moves: true,
                    ..ThinkRequest::new(scorer.judgement(), limits)
                },
                scorer,
            )
        }
    })
}

/// Starts the computer's search if it is the computer's turn and nothing searches; true
/// when it started one (the caller then publishes the state, which shows it thinking).
pub fn continue_game(state: &AppState, shared: &SharedGame, live: &mut LiveGame) -> bool {
    if live.thinking.is_some() || !live.computer_to_move() || state.is_shutting_down() {
        return false;
    }
    match start(state, shared, live, Purpose::Move) {
        Ok(_) => true,
        Err(error) => {
            tracing::warn!("game {}: the computer cannot move: {error}", live.id);
            false
        }
    }
}

/// Starts a search for `purpose` on the locked game `live` (which is `shared`). The caller
/// publishes the state afterwards.
pub fn start(
    state: &AppState,
    shared: &SharedGame,
    live: &mut LiveGame,
    purpose: Purpose,
) -> ApiResult<u64> {
    start_for(state, shared, live, purpose, None)
}

/// [`start`] for a client whose admission `ticket` (see [`AppState::admit`]) is held
/// until the search ends.
pub fn start_for(
    state: &AppState,
    shared: &SharedGame,
    live: &mut LiveGame,
    purpose: Purpose,
    ticket: Option<ClientSearch>,
) -> ApiResult<u64> {
    if live.thinking.is_some() {
        return Err(ApiError::conflict(
            "a search is already running for this game: wait, or ask it to move now",
        ));
    }
    if live.status().is_finished() {
        return Err(ApiError::conflict("the game is over"));
    }
    if state.is_shutting_down() {
        return Err(ApiError::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down: no new search",
        ));
    }
    let (mut request, player) = request_for(live, purpose)?;
    // The computer's move in a timed game: its clock, and when it must stop at the latest.
    let deadline = match (&live.clock, purpose) {
        (Some(clock), Purpose::Move) => {
            let now = now_ms();
            let side = live.record.side_to_move();
            request.limits.movetime = None;
            request.limits.clock = Some(clock.search_clock(side, now));
            request.limits.move_overhead = ENGINE_OVERHEAD;
            Some(clock.think_deadline(side, now))
        }
        _ => None,
    };
    let asked = Instant::now();
    let mut thinker = match live.thinker.take() {
        Some(thinker) => thinker,
        None => live.record.thinker(),
    };
    let position = live.record.snapshot();
    let id = state.next_think_id();
    let control = Arc::new(SearchControl::default());
    let side = live.record.side_to_move();
    live.thinking = Some(Thinking {
        id,
        purpose,
        control: control.clone(),
        side,
        started: Instant::now(),
    });
    let started = ThinkStart {
        id,
        purpose,
        side,
        level: player,
        algorithm: request.effective_algorithm(),
        movetime_ms: deadline
            .or(request.limits.movetime)
            .map(|time| time.as_millis() as u64),
    };
    let text = live.send(&Event::ThinkStart(&started), true);
    cluster::tell_event(state, live.id, &text);
    state.started(id, control.clone());

    if let Some(deadline) = deadline {
        let control = control.clone();
        tokio::spawn(async move {
            tokio::time::sleep(deadline).await;
            control.stop();
        });
    }
    let state = state.clone();
    let shared = shared.clone();
    let game = live.id;
    tokio::spawn(async move {
        // Held until the search ends: the client's count of searches.
        let _ticket = ticket;
        // The computer's move is thought on one server at a time: the one holding the lease.
        let renewal = if purpose == Purpose::Move {
            if !take_lease(&state, game).await {
                leased_elsewhere(&state, &shared, id, thinker).await;
                state.ended(id);
                return;
            }
            Some(tokio::spawn(renew_lease(
                state.clone(),
                game,
                control.clone(),
            )))
        } else {
            None
        };
        // Waits its turn; the slots close when shutdown begins, and then it never runs.
        let Ok(permit) = state.0.search_slots.clone().acquire_owned().await else {
            if let Some(renewal) = renewal {
                renewal.abort();
            }
            let refused = ThinkError::Refused("the server is shutting down".to_string());
            finish(&state, &shared, id, purpose, Ok((thinker, Err(refused)))).await;
            state.ended(id);
            return;
        };
        state.running(true);
        let watched = shared.clone();
        let events_state = state.clone();
        let search = tokio::task::spawn_blocking(move || {
            // The clock ran while the search waited for its slot.
            if let Some(clock) = request.limits.clock.as_mut() {
                clock.remaining = clock.remaining.saturating_sub(asked.elapsed());
            }
            // The engine scores every root move at every depth: thousands of events in
            // the first milliseconds, which no page shows (its log lists root moves only
            // for the textbook algorithms, and an analysis's table comes with its end).
            // Sent, they would crowd the iterations and the state out of the channel.
            let engine = request.effective_algorithm() == Algorithm::Engine;
            let mut on_event = |event: &ThinkEvent| {
                if matches!(event, ThinkEvent::CurrentMove { .. })
                    || (engine && matches!(event, ThinkEvent::RootMove { .. }))
                {
                    return;
                }
                let mut live = watched.blocking_lock();
                if live
                    .thinking
                    .as_ref()
                    .is_some_and(|thinking| thinking.id == id)
                {
                    let text = live.send(&Event::Think { id, purpose, event }, true);
                    cluster::tell_event(&events_state, game, &text);
                }
            };
            let result = thinker.think(&position, &request, &control, &mut on_event);
            (thinker, result)
        })
        .await;
        drop(permit);
        if let Some(renewal) = renewal {
            renewal.abort();
        }
        state.running(false);
        finish(&state, &shared, id, purpose, search).await;
        state.ended(id);
    });
    Ok(id)
}

/// Takes (or renews) this server's lease on game `id`'s thinking; false when another
/// server holds it (or the store cannot say: then nobody here thinks, and the lease runs
/// out for whoever can).
async fn take_lease(state: &AppState, id: i64) -> bool {
    match state.0.store.run(move |store| store.take_lease(id)).await {
        Ok(taken) => taken,
        Err(error) => {
            tracing::warn!(game = id, "cannot take the lease: {error}");
            false
        }
    }
}

/// Gives the lease on game `id` back, so another server may think at once.
async fn release_lease(state: &AppState, id: i64) {
    if let Err(error) = state
        .0
        .store
        .run(move |store| store.release_lease(id))
        .await
    {
        tracing::warn!(game = id, "cannot release the lease: {error}");
    }
}

/// Renews the lease while the search runs (three times per lease); a lease lost to
/// another server stops the search (its move would be refused as stale anyway).
async fn renew_lease(state: AppState, id: i64, control: Arc<SearchControl>) {
    let period = Duration::from_millis((state.0.lease_ms / 3).max(1) as u64);
    loop {
        tokio::time::sleep(period).await;
        match state.0.store.run(move |store| store.take_lease(id)).await {
            Ok(true) => {}
            Ok(false) => {
                tracing::warn!(game = id, "lease lost to another server: search stopped");
                control.stop();
                return;
            }
            Err(error) => tracing::warn!(game = id, "cannot renew the lease: {error}"),
        }
    }
}

/// Another server holds the lease: this one does not think; the thinker goes back and the
/// page shows no search here (the other server's move arrives as a change).
async fn leased_elsewhere(
    state: &AppState,
    shared: &SharedGame,
    id: u64,
    thinker: Box<dyn Thinker>,
) {
    let mut live = shared.lock().await;
    if live.thinker.is_none() {
        live.thinker = Some(thinker);
    }
    if live
        .thinking
        .as_ref()
        .is_some_and(|thinking| thinking.id == id)
    {
        live.thinking = None;
        tracing::debug!(game = live.id, server = %state.0.server, "another server thinks");
        live.publish();
    }
}

type SearchOutcome =
    Result<(Box<dyn Thinker>, Result<ThinkResult, ThinkError>), tokio::task::JoinError>;

/// Keeps the computer's search for the move it just played (committed): review shows
/// it for past moves. Queued on the store's thread, not waited for: a failure to keep it
/// costs the review a line, never the move.
/// A book move ran no search, so none is kept for it.
fn keep_search(state: &AppState, live: &LiveGame, result: &ThinkResult) {
    let Some(best) = result.best_move.as_ref().filter(|_| !result.book) else {
        return;
    };
    let (game, ply, mv) = (live.id, live.record.history().len(), best.name.clone());
    let search = MoveSearch {
        depth: result.depth,
        seldepth: result.seldepth,
        score: result.score,
        line: result.pv_display.clone(),
        nodes: result.nodes,
        time_ms: result.time_ms,
    };
    let store = state.0.store.clone();
    tokio::spawn(async move {
        if let Err(error) = store
            .run(move |store| store.save_move_search(game, ply, &mv, &search))
            .await
        {
            tracing::warn!(game, "the computer's search is not kept: {error}");
        }
    });
}

/// Takes the search's result: gives the thinker back, plays the computer's move by its id
/// and waits for it to be committed, then tells the page.
async fn finish(
    state: &AppState,
    shared: &SharedGame,
    id: u64,
    purpose: Purpose,
    search: SearchOutcome,
) {
    let mut live = shared.lock().await;
    let current = live
        .thinking
        .as_ref()
        .is_some_and(|thinking| thinking.id == id);
    let outcome = match search {
        Ok((thinker, outcome)) => {
            if let Ok(result) = &outcome {
                state.searched(result.nodes, result.nps);
            }
            if live.thinker.is_none() {
                live.thinker = Some(thinker);
            }
            outcome
        }
        Err(error) => {
            tracing::error!("game {}: the search failed: {error}", live.id);
            Err(ThinkError::Refused("the search failed".to_string()))
        }
    };
    if !current {
        if purpose == Purpose::Move {
            release_lease(state, live.id).await;
        }
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
            let now = now_ms();
            if purpose == Purpose::Move && flag::fall_if_due(&mut live, now) {
                // Its flag fell while it thought: the game is over, the move is not played.
                if let Err(error) = live.commit(&state.0.store).await {
                    tracing::error!("game {}: {error}", live.id);
                }
            } else if purpose == Purpose::Move
                && let Some(best) = &result.best_move
            {
                let mover = live.record.side_to_move();
                match live.record.play(best.id) {
                    Ok(_) => {
                        live.clock_moved(mover, now);
                        live.redo.clear();
                        match live.commit(&state.0.store).await {
                            Ok(()) => {
                                played = true;
                                keep_search(state, &live, &result);
                            }
                            // Changed through another server meanwhile: reloaded as stored.
                            Err(error) => {
                                tracing::warn!(
                                    game = live.id,
                                    "the computer's move is dropped: {error}"
                                );
                                release_lease(state, live.id).await;
                                return;
                            }
                        }
                    }
                    Err(error) => {
                        tracing::error!("game {}: the engine's move failed: {error}", live.id);
                    }
                }
            }
            let done = ThinkDone {
                id,
                purpose,
                played,
                stopped,
                result,
            };
            let text = live.send(&Event::ThinkDone(&done), true);
            cluster::tell_event(state, live.id, &text);
            if purpose != Purpose::Move {
                live.last_think = Some(done);
            }
        }
        Err(error) => {
            let error = error.to_string();
            let text = live.send(&Event::ThinkError { id, purpose, error }, true);
            cluster::tell_event(state, live.id, &text);
        }
    }
    if purpose == Purpose::Move {
        release_lease(state, live.id).await;
    }
    // Only after a move: a search that failed must not start again and again.
    if played {
        continue_game(state, shared, &mut live);
    }
    live.publish();
}
