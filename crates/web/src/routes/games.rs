//! Games as records: the catalogue (each game's options from its spec), starting a game, the list of games, one game's state,
//! a past position for review, export, and forgetting a game.

use std::collections::{BTreeMap, HashMap};

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use ply_games::session::side_key;
use ply_games::{GameOptions, OptionValue, Record, Text, find_game};
use ply_search::Side;
use serde::{Deserialize, Serialize};

use super::{Body, bounded, game_id};
use crate::access::{Caller, fingerprint};
use crate::clock::{GameClock, TimeControl, now_ms};
use crate::error::{ApiError, ApiResult};
use crate::live::{LiveGame, SharedGame, read_summary};
use crate::public_id::PublicId;
use crate::state::AppState;
use crate::store::{Listing, Players, Seat, StoredResult};
use crate::think::{self, MAX_MOVETIME_MS, MIN_MOVETIME_MS, parse_player_level};

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
    /// Option values by name, as the catalogue lists the game's options.
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
    /// `first`, `second` or `both`.
    #[serde(default)]
    human: Option<String>,
    /// `1` … `8` (default 8, the full engine), `classic`, or the older `strong` (8).
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    movetime_ms: Option<u64>,
    /// The time control, `{"initial_ms","increment_ms"}`; absent or null: untimed.
    #[serde(default)]
    clock: Option<TimeControl>,
}

/// The options a body asks for: its `options` map, the older top-level `size` and `rule`
/// fields, and a start position (blank: the usual start). The game's spec checks them.
pub fn body_options(
    mut values: BTreeMap<String, OptionValue>,
    size: Option<OptionValue>,
    rule: Option<OptionValue>,
    position: Option<&str>,
) -> ApiResult<GameOptions> {
    for (name, value) in [("size", size), ("rule", rule)] {
        if let Some(value) = value {
            values.insert(name.to_string(), value);
        }
    }
    let position = match position {
        Some(text) if !text.trim().is_empty() => {
            Some(bounded("position", text, MAX_POSITION_BYTES)?.to_string())
        }
        _ => None,
    };
    Ok(GameOptions { values, position })
}

pub async fn create(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<NewGame>,
) -> ApiResult<Response> {
    let spec = find_game(bounded("game", &request.game, 64)?)?;
    let options = body_options(
        request.options,
        request.size,
        request.rule,
        request.position.as_deref(),
    )?;
    let set_up = options.position.is_some();
    let record = spec.new_game(&options)?;
    if set_up {
        record.check_playable()?;
    }
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
    let level = parse_player_level(request.level.as_deref().unwrap_or("8"))?;
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
        level: level.name(),
        movetime_ms,
    };
    let control = match request.clock {
        Some(control) => Some(
            TimeControl::new(control.initial_ms, control.increment_ms)
                .map_err(|error| ApiError::unprocessable(error.to_string()))?,
        ),
        None => None,
    };
    // The clock starts now: the side to move's time runs from the game's creation.
    let clock = control.map(|control| GameClock::start(control, now_ms()));
    let game = Unstored {
        record,
        players,
        result: None,
        clock,
    };
    let (shared, cookie) = store_owned(&state, &caller, game).await?;
    let mut live = shared.lock().await;
    think::continue_game(&state, &shared, &mut live);
    Ok(with_cookie(
        (StatusCode::CREATED, live.publish()).into_response(),
        cookie,
    ))
}

/// A game about to be stored: what creating one and importing one both give.
pub(super) struct Unstored {
    /// Its record, at its start or after the moves read from a file.
    pub record: Box<dyn Record>,
    /// Who plays each side.
    pub players: Players,
    /// A result the rules did not give (a resignation read from a file).
    pub result: Option<StoredResult>,
    /// Its clocks, when timed.
    pub clock: Option<GameClock>,
}

/// Stores a new game as the caller's and makes it live: the caller's secret (made now if it
/// has none) is kept in an HTTP-only cookie, and the game stores the secret's fingerprint.
/// The cookie to set comes back with the game when it was made now.
pub(super) async fn store_owned(
    state: &AppState,
    caller: &Caller,
    game: Unstored,
) -> ApiResult<(SharedGame, Option<HeaderValue>)> {
    let Unstored {
        record,
        players,
        result,
        clock,
    } = game;
    let (name, title, stored, start) = (
        record.spec().name,
        record.title(),
        record.options().clone(),
        record.start_position(),
    );
    let (seats, stored_clock) = (players.clone(), clock.clone());
    let (secret, cookie) = caller.secret_or_new();
    let owner = fingerprint(&secret);
    let stored_owner = owner.clone();
    let (id, public_id) = state
        .0
        .store
        .run(move |store| {
            store.insert_owned(
                Some(&stored_owner),
                name,
                &title,
                &stored,
                &start,
                &seats,
                stored_clock.as_ref(),
            )
        })
        .await?;
    let mut live =
        LiveGame::new(id, public_id, record, Vec::new(), players, result).with_clock(clock);
    live.owner = Some(owner);
    Ok((state.0.games.insert(live), cookie))
}

/// `response` with the owner cookie set, when there is one to set.
pub(super) fn with_cookie(mut response: Response, cookie: Option<HeaderValue>) -> Response {
    if let Some(cookie) = cookie {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// One game in the list: `title` and `summary` are English words; the page builds its
/// own from `names`, `options`, `side_names` and `result`
/// (`{"winner":"first"|"second"|null,"reason"}`).
#[derive(Serialize)]
struct Summary {
    id: PublicId,
    game: String,
    title: String,
    names: Option<Text>,
    side_names: [&'static str; 2],
    options: GameOptions,
    status: String,
    summary: String,
    result: Option<ResultView>,
    moves: usize,
    players: Players,
    created_at: i64,
    updated_at: i64,
}

/// A finished game's result, typed.
#[derive(Serialize)]
struct ResultView {
    #[serde(serialize_with = "serialize_winner")]
    winner: Option<Side>,
    reason: String,
}

fn serialize_winner<S: serde::Serializer>(
    winner: &Option<Side>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match winner {
        Some(side) => serializer.serialize_str(side_key(*side)),
        None => serializer.serialize_none(),
    }
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

/// The caller's games (and, from the server's own machine on SQLite, the games stored
/// before owners), most recently changed first.
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<serde_json::Value>> {
    let limit = number(&query, "limit", 50, 500)?;
    let offset = number(&query, "offset", 0, 1_000_000_000)?;
    let owner = caller.owner();
    let unowned = caller.is_local() && !state.0.shared;
    let (total, stored) = state
        .0
        .store
        .run(move |store| {
            let listing = Listing::Owned {
                owner: owner.as_deref(),
                unowned,
            };
            Ok((
                store.count_games(listing)?,
                store.list_games(listing, limit, offset)?,
            ))
        })
        .await?;
    let games: Vec<Summary> = stored
        .into_iter()
        .map(|record| {
            let side_names = state
                .0
                .catalog
                .iter()
                .find(|entry| entry.name() == record.game)
                .and_then(|entry| entry.side_names())
                .unwrap_or(["first", "second"]);
            let result = read_summary(&record.summary, side_names)
                .map(|(winner, reason)| ResultView { winner, reason });
            let names = find_game(&record.game).ok().map(|spec| spec.title);
            Summary {
                id: record.public_id,
                game: record.game,
                title: record.title,
                names,
                side_names,
                options: record.options,
                status: record.status,
                summary: record.summary,
                result,
                moves: record.moves.len(),
                players: record.players,
                created_at: record.created_at,
                updated_at: record.updated_at,
            }
        })
        .collect();
    Ok(Json(serde_json::json!({ "games": games, "total": total })))
}

/// `GET /api/games/{id}`: the game's state, as its watchers' events carry it, with one
/// field for this caller alone: `yours`, whether the caller may change the game (move, undo,
/// resign…) or only watch it.
pub async fn show(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let shared = state
        .0
        .games
        .get(game_id(&state, &id).await?, &state.0.store)
        .await?;
    let mut live = shared.lock().await;
    live.last_used = std::time::Instant::now();
    let yours = caller.may_change(&state, live.owner.as_deref()).is_ok();
    // A game reopened after a restart may be waiting for the computer.
    let published = if think::continue_game(&state, &shared, &mut live) {
        live.publish()
    } else {
        live.current()
    };
    Ok(published.for_caller(yours))
}

pub async fn position(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<serde_json::Value>> {
    let shared = state
        .0
        .games
        .get(game_id(&state, &id).await?, &state.0.store)
        .await?;
    let mut copy = shared.lock().await.record.clone_record();
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
        // What may be tried from here (review's branches).
        "legal": copy.legal_moves(),
    })))
}

pub async fn remove(
    State(state): State<AppState>,
    caller: Caller,
    Path(public_id): Path<String>,
) -> ApiResult<StatusCode> {
    let id = game_id(&state, &public_id).await?;
    let owner = state
        .0
        .games
        .get(id, &state.0.store)
        .await?
        .lock()
        .await
        .owner
        .clone();
    caller.may_change(&state, owner.as_deref())?;
    if let Some(shared) = state.0.games.remove(id) {
        shared.lock().await.cancel_thinking();
    }
    if state.0.store.run(move |store| store.delete(id)).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::no_game(public_id))
    }
}
