//! Standard game files over HTTP: a game downloaded as its game's standard file (chess and
//! xiangqi PGN, caro `.psq`) or as ply's own text, and a file uploaded (pasted or chosen) to
//! become a stored game, to review or continue.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use ply_games::files::{self, FileFormat, FileHeader, StandardFile};
use ply_games::session::side_key;
use serde::Deserialize;

use super::games::{Unstored, store_owned, with_cookie};
use super::{Body, game_id};
use crate::access::Caller;
use crate::clock::TimeControl;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store::{Players, Seat, StoredResult};

/// Largest file accepted for import.
pub const MAX_IMPORT_BYTES: usize = 512 * 1024;

/// What a seat is called in a file.
fn seat_name(seat: Seat, level: &str) -> String {
    match seat {
        Seat::Human => "human".to_string(),
        Seat::Computer => format!("ply {level}"),
    }
}

/// `YYYY.MM.DD` for seconds since the epoch (the proleptic Gregorian calendar, UTC).
fn pgn_date(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// PGN's `TimeControl`: seconds and increment (`180+2`), or `-` for an untimed game.
fn time_control(control: Option<TimeControl>) -> String {
    match control {
        Some(control) => format!(
            "{}+{}",
            control.initial_ms / 1_000,
            control.increment_ms / 1_000
        ),
        None => "-".to_string(),
    }
}

/// `GET /api/games/{id}/export?format=standard|text`: the game as its standard file
/// (default) or as ply's own text, as an attachment.
pub async fn export(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Response> {
    let id = game_id(&state, &id).await?;
    let standard = match query.get("format").map(String::as_str) {
        None | Some("standard" | "pgn" | "psq") => true,
        Some("text") => false,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "format '{}' is not one ply writes: expected standard (PGN for chess and xiangqi, .psq for caro) or text",
                other.chars().take(32).collect::<String>()
            )));
        }
    };
    let created = state
        .0
        .store
        .run(move |store| Ok(store.load(id)?.map(|stored| stored.created_at)))
        .await?;
    let shared = state.0.games.get(id, &state.0.store).await?;
    let live = shared.lock().await;
    let file = if standard {
        let header = FileHeader {
            players: [
                seat_name(live.players.first, &live.players.level),
                seat_name(live.players.second, &live.players.level),
            ],
            date: created.map(pgn_date),
            time_control: Some(time_control(live.clock.as_ref().map(|clock| clock.control))),
            status: live.status().clone(),
        };
        files::export(live.record.as_ref(), &header)
    } else {
        let mut text = live.record.export();
        if let Some(result) = live.result() {
            let names = live.record.side_names();
            let who = match result.winner.as_deref() {
                Some("first") => format!("{} wins", names[0]),
                Some("second") => format!("{} wins", names[1]),
                _ => "draw".to_string(),
            };
            text.push_str(&format!("; {who} ({})\n", result.reason));
        }
        StandardFile {
            format: FileFormat::Text,
            text,
        }
    };
    let disposition = format!(
        "attachment; filename=\"ply-{}-{}.{}\"",
        live.spec.name,
        live.public_id,
        file.format.extension()
    );
    Ok((
        [
            (header::CONTENT_TYPE, file.format.media_type().to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        file.text,
    )
        .into_response())
}

/// A file to import.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportBody {
    /// The file's text: PGN (chess or xiangqi) or a Piskvork `.psq`.
    text: String,
}

/// `POST /api/games/import`: reads the first game of a standard file and stores it, both
/// sides played by people (to review, or to continue with the hint and score tools). With
/// `?check=1` nothing is stored: the answer is 200 with `ok` and the game's name and move
/// count, or `ok: false` with the `error` and its `line` (a page checks first, so a person's
/// bad file is an answer, not a failed request).
pub async fn import(
    State(state): State<AppState>,
    Query(query): Query<HashMap<String, String>>,
    caller: Caller,
    Body(body): Body<ImportBody>,
) -> ApiResult<Response> {
    if body.text.len() > MAX_IMPORT_BYTES {
        return Err(ApiError::unprocessable(format!(
            "the file is too long: at most {MAX_IMPORT_BYTES} bytes"
        )));
    }
    let read = files::import(&body.text);
    if query.get("check").is_some_and(|value| value != "0") {
        let answer = match read {
            Ok(game) => serde_json::json!({
                "ok": true,
                "game": game.record.spec().name,
                "moves": game.record.history().len(),
                "format": game.format,
            }),
            Err(error) => {
                let error = ApiError::from(error);
                serde_json::json!({ "ok": false, "error": error.message, "line": error.line })
            }
        };
        return Ok(axum::Json(answer).into_response());
    }
    let imported = read?;
    let record = imported.record;
    let spec = record.spec();
    let players = Players {
        first: Seat::Human,
        second: Seat::Human,
        level: "strong".to_string(),
        movetime_ms: spec.default_movetime_ms.unwrap_or(1_000),
    };
    let result = imported.result.map(|result| StoredResult {
        winner: result.winner.map(|side| side_key(side).to_string()),
        reason: result.reason,
    });
    let (name, moves) = (spec.name, record.history().len());
    let game = Unstored {
        record,
        players,
        result,
        clock: None,
    };
    // The imported game is the importing browser's, as a game it started would be.
    let (shared, cookie) = store_owned(&state, &caller, game).await?;
    let mut live = shared.lock().await;
    live.commit(&state.0.store).await?;
    live.publish();
    let answer = axum::Json(serde_json::json!({
        "id": live.public_id,
        "game": name,
        "moves": moves,
        "format": imported.format,
    }));
    Ok(with_cookie(
        (StatusCode::CREATED, answer).into_response(),
        cookie,
    ))
}

#[cfg(test)]
mod tests {
    use super::pgn_date;

    #[test]
    fn time_controls_are_written_in_seconds() {
        use super::{TimeControl, time_control};
        assert_eq!(time_control(None), "-");
        let blitz = TimeControl {
            initial_ms: 180_000,
            increment_ms: 2_000,
        };
        assert_eq!(time_control(Some(blitz)), "180+2");
    }

    #[test]
    fn dates_are_written_as_pgn_wants() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(951_782_400), "2000.02.29");
        assert_eq!(pgn_date(1_796_083_200), "2026.12.01");
    }
}
