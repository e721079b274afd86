//! What a game's page reads: the game's state and the events of its searches, as serde
//! types. This is the one shape the page's JavaScript (`static/js/play.js`, `log.js`) reads;
//! nothing else builds these objects.
//!
//! `GET /api/games/{id}/events` streams Server-Sent Events, one JSON object per `data:`
//! line, told apart by `type`:
//!
//! - `{"type":"state","state":GameState}`: the game after a change. The `state` is the very
//!   text the change's HTTP answer carries (`POST …/moves`, `…/undo`, `GET /api/games/{id}`
//!   answer a bare `GameState`): it is serialised once per change. A page keeps the state
//!   with the highest `version`, whatever order answers and events arrive in.
//! - `{"type":"think_start","id","purpose","side","level","algorithm","movetime_ms"}`: a
//!   search begins; `purpose` is `move` (the computer's), `hint` or `analysis`; `side` is
//!   `first` or `second`; `level` is the player, `"1"` … `"8"` or `"classic"` (a hint
//!   and the full analysis are level 8's); `movetime_ms` is null for a depth-bound search
//!   (levels 1 to 7 stop at their node limit first).
//! - `{"type":"think","id","purpose","event":ThinkEvent}`: its progress, where `event` is
//!   `{"event":"iteration","depth","seldepth","multipv","score","bound","nodes","nps",
//!   "time_ms","pv","pv_display","hashfull","tt_hits"}` or `{"event":"root_move","name",
//!   "display","score","bound","depth"}` (ply-games' `ThinkEvent`).
//! - `{"type":"think_done","id","purpose","played","stopped","result":ThinkResult}`: it
//!   ended; `played` when the computer's move was played, `stopped` when "move now" cut it
//!   short; `result.best_move` is a `MoveView` (`id`, `name`, `display`, `from`, `to`,
//!   `promotion`) or null.
//! - `{"type":"think_error","id","purpose","error"}`: it failed, in words.
//!
//! A page that joins late first gets the current `state`, then the latest search's events.
//! Scores are `{"kind":"value"|"win_in"|"loss_in","value":n}` from the side to move's view.
//!
//! `GameState` (see [`GameState`]) is `{"id","version","game","title","options",
//! "side_names","board":BoardView,"legal":[MoveView],"history":[MoveView],"status",
//! "players","human_to_move","thinking","can_undo","can_redo","position","start_position",
//! "last_think","marks","clock","notations"}`: `options` are the game's option values by name
//! (`{"size":15}`), `status` is `{"state":"ongoing","to_move"}` or
//! `{"state":"finished","winner","reason"}`,
//! `thinking` is null or `{"id","purpose","side","elapsed_ms"}`, `last_think` is the
//! latest hint's or analysis' `think_done` event (or null), and `marks` are empty cells a
//! stone may not go on, `[{"cell","kind":"forbidden","reason"}]` (renju's forbidden points
//! for Black, found by asking the rules about each empty cell no legal move reaches),
//! `clock` is null (untimed) or `{"initial_ms","increment_ms","remaining_ms":[first,second],
//! "running":"first"|"second"|null,"server_time_ms"}` with the time left when the state
//! was serialised (the page counts down the running side from when it got it), and
//! `notations` are `[{"key","labels":{"near","far","ranks"}}]`, the notations a player may
//! choose (moves carry `names` in each: `{"wxf":"C2=5","vietnamese":"P2-5",…}`). A move
//! is played by posting its `id` (from `legal`) or typing its name (with the chosen
//! `notation`).

use std::sync::Arc;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use ply_games::session::serialize_side;
use ply_games::{
    Algorithm, BoardLabels, BoardView, GameOptions, MoveView, Notation, PlayerLevel, Record,
    ScoreStyle, Status, Text, ThinkEvent, ThinkResult,
};
use ply_search::Side;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::clock::ClockView;
use crate::live::Purpose;
use crate::public_id::PublicId;
use crate::store::Players;

/// One event on a game's stream.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event<'a> {
    /// The game after a change.
    State {
        /// The serialised [`GameState`].
        state: &'a RawValue,
    },
    /// A search begins.
    ThinkStart(&'a ThinkStart),
    /// A search's progress.
    Think {
        /// The search's number.
        id: u64,
        /// Why it runs.
        purpose: Purpose,
        /// What it reported.
        event: &'a ThinkEvent,
    },
    /// A search ended.
    ThinkDone(&'a ThinkDone),
    /// A search failed.
    ThinkError {
        /// The search's number.
        id: u64,
        /// Why it ran.
        purpose: Purpose,
        /// What went wrong.
        error: String,
    },
}

impl Event<'_> {
    /// The event as the stream sends it.
    pub fn text(&self) -> Arc<str> {
        Arc::from(serde_json::to_string(self).unwrap_or_default())
    }
}

/// A search begins.
#[derive(Clone, Debug, Serialize)]
pub struct ThinkStart {
    /// The search's number.
    pub id: u64,
    /// Why it runs.
    pub purpose: Purpose,
    /// For whom.
    #[serde(serialize_with = "serialize_side")]
    pub side: Side,
    /// Which player: a level `1` … `8` (a hint or an analysis is level 8's) or `classic`.
    pub level: PlayerLevel,
    /// Which search.
    pub algorithm: Algorithm,
    /// Its time, if it is bound by time.
    pub movetime_ms: Option<u64>,
}

/// A search ended.
#[derive(Clone, Debug, Serialize)]
pub struct ThinkDone {
    /// The search's number.
    pub id: u64,
    /// Why it ran.
    pub purpose: Purpose,
    /// True when the computer's move was played.
    pub played: bool,
    /// True when "move now" stopped it.
    pub stopped: bool,
    /// What it found.
    pub result: ThinkResult,
}

/// What the page sees of a game (borrowed from the game in memory, serialised at once).
#[derive(Serialize)]
pub struct GameState<'a> {
    /// Its public id.
    pub id: &'a PublicId,
    /// Grows with every change.
    pub version: u64,
    /// Registry name.
    pub game: &'static str,
    /// How players read its scores (`unit`: `plain`, `pawns`, or `threats` with `decided`).
    pub score_style: ScoreStyle,
    /// Title with its settings, in English (API clients; the page builds its own from
    /// `names` and `options`).
    pub title: String,
    /// The game's name in English and Vietnamese (its spec's).
    pub names: Text,
    /// Option values by name.
    pub options: &'a GameOptions,
    /// What the sides are called, first first.
    pub side_names: [&'static str; 2],
    /// The board to draw.
    pub board: BoardView,
    /// Legal moves (empty when the game is over).
    pub legal: &'a [MoveView],
    /// Moves played, oldest first.
    pub history: &'a [MoveView],
    /// Where the game stands (a resignation included).
    pub status: &'a Status,
    /// Who plays.
    pub players: &'a Players,
    /// True when a person is to move.
    pub human_to_move: bool,
    /// The search running, if any.
    pub thinking: Option<ThinkingView>,
    /// True when a move can be taken back.
    pub can_undo: bool,
    /// True when a taken-back move can be replayed.
    pub can_redo: bool,
    /// The position (FEN or board string).
    pub position: String,
    /// The position the game started from.
    pub start_position: String,
    /// The latest hint's or analysis' `think_done` event.
    pub last_think: Option<Event<'a>>,
    /// Empty cells the person cannot play on, with the rules' reason (renju's forbidden
    /// points for Black); empty for most games and positions.
    pub marks: Vec<CellMark>,
    /// The clocks of a timed game (null when untimed).
    pub clock: Option<ClockView>,
    /// The notations players may choose for this game, the usual one first, each with the
    /// board's edge labels as it numbers files and ranks (every move in `legal` and
    /// `history` has its name in each, in `names`).
    pub notations: Vec<NotationView>,
}

/// A notation a player may choose, with the board's labels in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotationView {
    /// Its key: `wxf`, `chinese`, `vietnamese`, `coordinates`, `san`.
    pub key: Notation,
    /// The board's edge labels in it.
    pub labels: BoardLabels,
}

impl NotationView {
    /// Every notation `record` offers, with its labels.
    pub fn all(record: &dyn Record) -> Vec<NotationView> {
        record
            .notations()
            .iter()
            .map(|&key| NotationView {
                key,
                labels: record.board_labels(key),
            })
            .collect()
    }
}

/// A cell drawn with a mark and a reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellMark {
    /// The cell, as in `board.cells`.
    pub cell: usize,
    /// What the mark means: `forbidden`.
    pub kind: &'static str,
    /// Why, in the rules' words.
    pub reason: String,
}

/// A search in progress, as the page shows it.
#[derive(Serialize)]
pub struct ThinkingView {
    /// Its number.
    pub id: u64,
    /// Why.
    pub purpose: Purpose,
    /// For whom.
    #[serde(serialize_with = "serialize_side")]
    pub side: Side,
    /// Milliseconds so far.
    pub elapsed_ms: u64,
}

/// A game state serialised once: the HTTP answer and the `state` event carry this text.
pub struct Published {
    state: Box<RawValue>,
}

impl Published {
    /// Serialises `state`.
    pub fn new(state: &GameState<'_>) -> Published {
        let state = serde_json::value::to_raw_value(state).unwrap_or_else(|error| {
            tracing::error!("cannot serialise a game state: {error}");
            RawValue::NULL.to_owned()
        });
        Published { state }
    }

    /// The `state` event carrying it.
    pub fn event(&self) -> Arc<str> {
        Event::State { state: &self.state }.text()
    }

    /// The state as JSON text.
    pub fn json(&self) -> &str {
        self.state.get()
    }

    /// The HTTP answer for one caller: the state with `"yours"` first, whether this caller
    /// may change the game. The shared text is not touched; the field is spliced in front.
    pub fn for_caller(&self, yours: bool) -> Response {
        let state = self.state.get();
        let body = match state.strip_prefix('{') {
            Some("}") => format!("{{\"yours\":{yours}}}"),
            Some(rest) => format!("{{\"yours\":{yours},{rest}"),
            None => state.to_string(),
        };
        ([(header::CONTENT_TYPE, "application/json")], body).into_response()
    }
}

impl IntoResponse for Published {
    fn into_response(self) -> Response {
        let body: Box<str> = self.state.into();
        (
            [(header::CONTENT_TYPE, "application/json")],
            String::from(body),
        )
            .into_response()
    }
}
