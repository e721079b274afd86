//! What the store keeps of the engine's judgement of a game (schema step 6): a game's
//! analysis (its state and every position's evaluation so far, written as it runs, so a
//! reload or another server shows its progress and a finished one is never searched
//! again) and the computer's own search for each move it played (depth, score, line,
//! nodes), which review shows for past moves. Both go with their game when it is deleted.

use ply_games::ScoreView;
use ply_games::session::analysis::PositionEval;
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::{Backend, Store, StoreResult, from_json, now, to_json};

/// Where an analysis stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisState {
    /// The engine goes over the positions.
    Running,
    /// Every position is evaluated.
    Done,
    /// Its owner stopped it (or the server shut down): the positions so far are kept.
    Stopped,
    /// The engine failed; `error` says why.
    Failed,
}

impl AnalysisState {
    /// Its name as stored.
    pub fn name(self) -> &'static str {
        match self {
            AnalysisState::Running => "running",
            AnalysisState::Done => "done",
            AnalysisState::Stopped => "stopped",
            AnalysisState::Failed => "failed",
        }
    }

    fn parse(text: &str) -> StoreResult<AnalysisState> {
        match text {
            "running" => Ok(AnalysisState::Running),
            "done" => Ok(AnalysisState::Done),
            "stopped" => Ok(AnalysisState::Stopped),
            "failed" => Ok(AnalysisState::Failed),
            other => Err(super::StoreError::Damaged {
                column: "analyses.state",
                reason: format!("unknown state '{other}'"),
            }),
        }
    }
}

/// A game's analysis as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredAnalysis {
    /// Where it stands.
    pub state: AnalysisState,
    /// The number of moves of the game it analyses (its positions are one more).
    pub moves: usize,
    /// The limits of each position's search (JSON: depth, nodes, movetime_ms).
    pub limits: serde_json::Value,
    /// The positions evaluated so far, from the start.
    pub positions: Vec<PositionEval>,
    /// Why it failed.
    pub error: Option<String>,
    /// The server running it (its lease-holder name).
    pub server: String,
    /// Seconds since the epoch.
    pub started_at: i64,
    /// Seconds since the epoch.
    pub updated_at: i64,
}

/// The computer's search for a move it played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveSearch {
    /// Depth of the last full iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Its value for the side that moved.
    pub score: ScoreView,
    /// The line it expected, players' notation, its move first.
    pub line: Vec<String>,
    /// Positions searched.
    pub nodes: u64,
    /// Milliseconds it took.
    pub time_ms: u64,
}

/// A stored [`MoveSearch`] with the move it is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedSearch {
    /// The move's number in the game (1: the first move).
    pub ply: usize,
    /// The move played, canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The search that chose it.
    #[serde(flatten)]
    pub search: MoveSearch,
}

struct AnalysisRow {
    state: String,
    moves: i64,
    limits: String,
    positions: String,
    error: Option<String>,
    server: String,
    started_at: i64,
    updated_at: i64,
}

impl AnalysisRow {
    fn parse(self) -> StoreResult<StoredAnalysis> {
        Ok(StoredAnalysis {
            state: AnalysisState::parse(&self.state)?,
            moves: usize::try_from(self.moves).unwrap_or(0),
            limits: from_json(&self.limits, "analyses.limits")?,
            positions: from_json(&self.positions, "analyses.positions")?,
            error: self.error,
            server: self.server,
            started_at: self.started_at,
            updated_at: self.updated_at,
        })
    }
}

const ANALYSIS_COLUMNS: &str =
    "state, moves, limits, positions, error, server, started_at, updated_at";

impl Store {
    /// Writes game `game_id`'s analysis (the game's row number), replacing any before.
    pub fn save_analysis(&mut self, game_id: i64, analysis: &StoredAnalysis) -> StoreResult<()> {
        let row = AnalysisRow {
            state: analysis.state.name().to_string(),
            moves: analysis.moves as i64,
            limits: to_json(&analysis.limits),
            positions: to_json(&analysis.positions),
            error: analysis.error.clone(),
            server: analysis.server.clone(),
            started_at: analysis.started_at,
            updated_at: now(),
        };
        match &mut self.backend {
            Backend::Sqlite(connection) => {
                connection.execute(
                    "INSERT INTO analyses (game_id, state, moves, limits, positions, error, server, started_at, updated_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                     ON CONFLICT (game_id) DO UPDATE SET state = excluded.state, moves = excluded.moves,
                       limits = excluded.limits, positions = excluded.positions, error = excluded.error,
                       server = excluded.server, started_at = excluded.started_at, updated_at = excluded.updated_at",
                    params![
                        game_id,
                        row.state,
                        row.moves,
                        row.limits,
                        row.positions,
                        row.error,
                        row.server,
                        row.started_at,
                        row.updated_at
                    ],
                )?;
            }
            Backend::Postgres(client) => {
                client.execute(
                    "INSERT INTO analyses (game_id, state, moves, limits, positions, error, server, started_at, updated_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                     ON CONFLICT (game_id) DO UPDATE SET state = excluded.state, moves = excluded.moves,
                       limits = excluded.limits, positions = excluded.positions, error = excluded.error,
                       server = excluded.server, started_at = excluded.started_at, updated_at = excluded.updated_at",
                    &[
                        &game_id,
                        &row.state,
                        &row.moves,
                        &row.limits,
                        &row.positions,
                        &row.error,
                        &row.server,
                        &row.started_at,
                        &row.updated_at,
                    ],
                )?;
            }
        }
        Ok(())
    }

    /// Game `game_id`'s analysis, if one was started.
    pub fn load_analysis(&mut self, game_id: i64) -> StoreResult<Option<StoredAnalysis>> {
        let query = format!("SELECT {ANALYSIS_COLUMNS} FROM analyses WHERE game_id = ");
        let row = match &mut self.backend {
            Backend::Sqlite(connection) => connection
                .query_row(&format!("{query}?1"), params![game_id], |row| {
                    Ok(AnalysisRow {
                        state: row.get(0)?,
                        moves: row.get(1)?,
                        limits: row.get(2)?,
                        positions: row.get(3)?,
                        error: row.get(4)?,
                        server: row.get(5)?,
                        started_at: row.get(6)?,
                        updated_at: row.get(7)?,
                    })
                })
                .optional()?,
            Backend::Postgres(client) => client
                .query_opt(&format!("{query}$1"), &[&game_id])?
                .map(|row| -> StoreResult<AnalysisRow> {
                    Ok(AnalysisRow {
                        state: row.try_get(0)?,
                        moves: row.try_get(1)?,
                        limits: row.try_get(2)?,
                        positions: row.try_get(3)?,
                        error: row.try_get(4)?,
                        server: row.try_get(5)?,
                        started_at: row.try_get(6)?,
                        updated_at: row.try_get(7)?,
                    })
                })
                .transpose()?,
        };
        row.map(AnalysisRow::parse).transpose()
    }

    /// Keeps the computer's `search` for move number `ply` (`mv`, canonical) of game
    /// `game_id`, replacing one kept for that number before (a move taken back and played
    /// again).
    pub fn save_move_search(
        &mut self,
        game_id: i64,
        ply: usize,
        mv: &str,
        search: &MoveSearch,
    ) -> StoreResult<()> {
        let (ply, text) = (ply as i64, to_json(search));
        match &mut self.backend {
            Backend::Sqlite(connection) => {
                connection.execute(
                    "INSERT INTO move_searches (game_id, ply, move, search) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (game_id, ply) DO UPDATE SET move = excluded.move, search = excluded.search",
                    params![game_id, ply, mv, text],
                )?;
            }
            Backend::Postgres(client) => {
                client.execute(
                    "INSERT INTO move_searches (game_id, ply, move, search) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (game_id, ply) DO UPDATE SET move = excluded.move, search = excluded.search",
                    &[&game_id, &ply, &mv, &text],
                )?;
            }
        }
        Ok(())
    }

    /// The computer's searches kept for game `game_id`, by move number.
    pub fn move_searches(&mut self, game_id: i64) -> StoreResult<Vec<PlayedSearch>> {
        let rows: Vec<(i64, String, String)> = match &mut self.backend {
            Backend::Sqlite(connection) => connection
                .prepare(
                    "SELECT ply, move, search FROM move_searches WHERE game_id = ?1 ORDER BY ply",
                )?
                .query_map(params![game_id], |row| {
                    Ok((row.get(0)?, row.get(1)?, row.get(2)?))
                })?
                .collect::<rusqlite::Result<_>>()?,
            Backend::Postgres(client) => client
                .query(
                    "SELECT ply, move, search FROM move_searches WHERE game_id = $1 ORDER BY ply",
                    &[&game_id],
                )?
                .iter()
                .map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)))
                .collect::<StoreResult<_>>()?,
        };
        rows.into_iter()
            .map(|(ply, mv, text)| {
                Ok(PlayedSearch {
                    ply: usize::try_from(ply).unwrap_or(0),
                    mv,
                    search: from_json(&text, "move_searches.search")?,
                })
            })
            .collect()
    }
}
