//! The game store: one SQLite file (WAL) under the data directory. A game row holds the
//! game's name and options, its start position, the moves played (canonical names), the
//! moves taken back (for redo), the players and the result; replaying the moves through a
//! game record rebuilds the game. The store is used from its own thread only
//! ([`crate::writer`]), never from the async executor. Every change is committed before the request that made it
//! is answered, so a game survives a reload, a restart and a kill -9.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use ply_games::GameOptions;

use crate::clock::GameClock;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

/// Who plays each side and how the computer plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    /// `human` or `computer`, first player.
    pub first: Seat,
    /// `human` or `computer`, second player.
    pub second: Seat,
    /// The computer's level: `classic` or `strong`.
    pub level: String,
    /// The strong computer's time per move.
    pub movetime_ms: u64,
}

/// Who sits on one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// A person at the page.
    Human,
    /// The engine.
    Computer,
}

/// How a game ended when the rules did not end it (a resignation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredResult {
    /// `first`, `second`, or none for a draw.
    pub winner: Option<String>,
    /// Why.
    pub reason: String,
}

/// One stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Its number.
    pub id: i64,
    /// Registry name.
    pub game: String,
    /// Its title when it started.
    pub title: String,
    /// Settings: the game's option values by name, as its spec checked them (a JSON
    /// object, `{"size":15,"rule":"renju"}`); the start position is its own column.
    pub options: GameOptions,
    /// Start position (FEN or board string).
    pub start_position: String,
    /// Moves played, canonical names.
    pub moves: Vec<String>,
    /// Moves taken back, the next to redo last.
    pub redo: Vec<String>,
    /// Players.
    pub players: Players,
    /// A result the rules did not give (resignation).
    pub result: Option<StoredResult>,
    /// `ongoing` or `finished`, for the list.
    pub status: String,
    /// The result in words, for the list.
    pub summary: String,
    /// Seconds since the epoch.
    pub created_at: i64,
    /// Seconds since the epoch.
    pub updated_at: i64,
    /// The clocks of a timed game (its own column, JSON).
    pub clock: Option<GameClock>,
}

/// A changed game: what [`Store::update`] writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameChange<'a> {
    /// Moves played.
    pub moves: &'a [String],
    /// Moves taken back.
    pub redo: &'a [String],
    /// Resignation.
    pub result: Option<&'a StoredResult>,
    /// `ongoing` or `finished`.
    pub status: &'a str,
    /// The result in words.
    pub summary: &'a str,
    /// The clocks of a timed game.
    pub clock: Option<&'a GameClock>,
}

/// The SQLite store.
pub struct Store {
    connection: Connection,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    game           TEXT    NOT NULL,
    title          TEXT    NOT NULL,
    options        TEXT    NOT NULL,
    start_position TEXT    NOT NULL,
    moves          TEXT    NOT NULL DEFAULT '[]',
    redo           TEXT    NOT NULL DEFAULT '[]',
    players        TEXT    NOT NULL,
    result         TEXT,
    status         TEXT    NOT NULL DEFAULT 'ongoing',
    summary        TEXT    NOT NULL DEFAULT '',
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_update ON games (updated_at DESC, id DESC);
";

/// Changes to the schema after [`SCHEMA`], in order; `PRAGMA user_version` counts those
/// applied, and each runs once, in the transaction that counts it.
const MIGRATIONS: &[&str] = &[
    // 1: a timed game's clocks (JSON, `crate::clock::GameClock`); null when untimed.
    "ALTER TABLE games ADD COLUMN clock TEXT",
];

/// Brings the schema up to date.
fn migrate(connection: &mut Connection) -> rusqlite::Result<()> {
    let applied: i64 = connection.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    for (number, step) in MIGRATIONS.iter().enumerate().skip(applied.max(0) as usize) {
        let transaction = connection.transaction()?;
        transaction.execute_batch(step)?;
        transaction.pragma_update(None, "user_version", number as i64 + 1)?;
        transaction.commit()?;
    }
    Ok(())
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() as i64)
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

fn from_json<T: for<'de> Deserialize<'de>>(text: &str, column: usize) -> rusqlite::Result<T> {
    serde_json::from_str(text).map_err(|error| {
        rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, error.into())
    })
}

impl Store {
    /// Opens (creating if needed) `ply.sqlite3` in `dir`.
    pub fn open(dir: &Path) -> rusqlite::Result<Store> {
        std::fs::create_dir_all(dir).map_err(|error| {
            rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CANTOPEN),
                Some(format!("cannot create {}: {error}", dir.display())),
            )
        })?;
        let mut connection = Connection::open(dir.join("ply.sqlite3"))?;
        connection.pragma_update(None, "journal_mode", "WAL")?;
        // NORMAL in WAL mode: a commit survives the process dying (kill -9); only a power
        // cut may lose the last ones.
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        connection.busy_timeout(std::time::Duration::from_secs(5))?;
        connection.execute_batch(SCHEMA)?;
        migrate(&mut connection)?;
        Ok(Store { connection })
    }

    /// Stores a new game and returns its number.
    pub fn insert(
        &self,
        game: &str,
        title: &str,
        options: &GameOptions,
        start_position: &str,
        players: &Players,
        clock: Option<&GameClock>,
    ) -> rusqlite::Result<i64> {
        let time = now();
        self.connection.execute(
            "INSERT INTO games (game, title, options, start_position, players, created_at, updated_at, clock)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7)",
            params![
                game,
                title,
                to_json(options),
                start_position,
                to_json(players),
                time,
                clock.map(to_json)
            ],
        )?;
        Ok(self.connection.last_insert_rowid())
    }

    /// Writes a game's moves and result.
    pub fn update(&self, id: i64, change: &GameChange<'_>) -> rusqlite::Result<()> {
        self.connection.execute(
            "UPDATE games SET moves = ?2, redo = ?3, result = ?4, status = ?5, summary = ?6,
             updated_at = ?7, clock = ?8 WHERE id = ?1",
            params![
                id,
                to_json(&change.moves),
                to_json(&change.redo),
                change.result.map(to_json),
                change.status,
                change.summary,
                now(),
                change.clock.map(to_json)
            ],
        )?;
        Ok(())
    }

    /// The game numbered `id`.
    pub fn load(&self, id: i64) -> rusqlite::Result<Option<StoredGame>> {
        self.connection
            .query_row(
                &format!("SELECT {COLUMNS} FROM games WHERE id = ?1"),
                [id],
                record,
            )
            .optional()
    }

    /// Games, most recently changed first.
    pub fn list(&self, limit: usize, offset: usize) -> rusqlite::Result<Vec<StoredGame>> {
        let mut statement = self.connection.prepare(&format!(
            "SELECT {COLUMNS} FROM games ORDER BY updated_at DESC, id DESC LIMIT ?1 OFFSET ?2"
        ))?;
        let rows = statement.query_map(params![limit as i64, offset as i64], record)?;
        rows.collect()
    }

    /// The games going on whose clocks run: their flags must be watched from the start.
    pub fn timed_games(&self) -> rusqlite::Result<Vec<i64>> {
        let mut statement = self.connection.prepare(
            "SELECT id FROM games WHERE status = 'ongoing' AND clock IS NOT NULL ORDER BY id",
        )?;
        let rows = statement.query_map([], |row| row.get::<_, i64>(0))?;
        rows.collect()
    }

    /// Asks the database a trivial question: an error means it cannot answer.
    pub fn ping(&self) -> rusqlite::Result<()> {
        self.connection
            .query_row("SELECT 1", [], |row| row.get::<_, i64>(0))
            .map(|_| ())
    }

    /// How many games are stored.
    pub fn count(&self) -> rusqlite::Result<u64> {
        self.connection
            .query_row("SELECT COUNT(*) FROM games", [], |row| row.get::<_, i64>(0))
            .map(|count| count as u64)
    }

    /// Forgets a game.
    pub fn delete(&self, id: i64) -> rusqlite::Result<bool> {
        Ok(self
            .connection
            .execute("DELETE FROM games WHERE id = ?1", [id])?
            > 0)
    }
}

const COLUMNS: &str = "id, game, title, options, start_position, moves, redo, players, result, \
                       status, summary, created_at, updated_at, clock";

fn record(row: &rusqlite::Row<'_>) -> rusqlite::Result<StoredGame> {
    let result: Option<String> = row.get(8)?;
    let clock: Option<String> = row.get(13)?;
    Ok(StoredGame {
        id: row.get(0)?,
        game: row.get(1)?,
        title: row.get(2)?,
        options: from_json(&row.get::<_, String>(3)?, 3)?,
        start_position: row.get(4)?,
        moves: from_json(&row.get::<_, String>(5)?, 5)?,
        redo: from_json(&row.get::<_, String>(6)?, 6)?,
        players: from_json(&row.get::<_, String>(7)?, 7)?,
        result: result.map(|text| from_json(&text, 8)).transpose()?,
        status: row.get(9)?,
        summary: row.get(10)?,
        created_at: row.get(11)?,
        updated_at: row.get(12)?,
        clock: clock.map(|text| from_json(&text, 13)).transpose()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players() -> Players {
        Players {
            first: Seat::Human,
            second: Seat::Computer,
            level: "strong".into(),
            movetime_ms: 500,
        }
    }

    #[test]
    fn a_game_round_trips_and_survives_reopening() {
        let dir = tempfile::tempdir().expect("temp dir");
        let id = {
            let store = Store::open(dir.path()).expect("opens");
            let id = store
                .insert(
                    "tictactoe",
                    "Tic-tac-toe",
                    &GameOptions::default(),
                    "3/3/3 x",
                    &players(),
                    None,
                )
                .expect("inserts");
            let moves = vec!["b2".to_string(), "a1".to_string()];
            let redo = vec!["c3".to_string()];
            store
                .update(
                    id,
                    &GameChange {
                        moves: &moves,
                        redo: &redo,
                        result: None,
                        status: "ongoing",
                        summary: "",
                        clock: None,
                    },
                )
                .expect("updates");
            id
        };
        let store = Store::open(dir.path()).expect("reopens");
        let game = store.load(id).expect("loads").expect("exists");
        assert_eq!(game.moves, ["b2", "a1"]);
        assert_eq!(game.redo, ["c3"]);
        assert_eq!(game.players, players());
        assert_eq!(store.list(10, 0).expect("lists").len(), 1);
        assert_eq!(store.load(id + 1).expect("loads"), None);
        assert!(store.delete(id).expect("deletes"));
        assert_eq!(store.count().expect("counts"), 0);
    }

    #[test]
    fn a_store_without_clocks_gains_the_column_and_keeps_its_games() {
        use crate::clock::{GameClock, TimeControl};
        let dir = tempfile::tempdir().expect("temp dir");
        {
            // The store as it was before clocks: the first schema, no migrations.
            let connection = Connection::open(dir.path().join("ply.sqlite3")).expect("opens");
            connection.execute_batch(SCHEMA).expect("creates");
            connection
                .execute(
                    "INSERT INTO games (game, title, options, start_position, players, created_at, updated_at)
                     VALUES ('tictactoe', 'Tic-tac-toe', '{}', '3/3/3 x', ?1, 1, 1)",
                    [to_json(&players())],
                )
                .expect("inserts");
        }
        let store = Store::open(dir.path()).expect("migrates");
        let old = store.load(1).expect("loads").expect("exists");
        assert_eq!(old.clock, None);
        assert_eq!(store.timed_games().expect("lists"), Vec::<i64>::new());
        let clock = GameClock::start(TimeControl::new(5_000, 1_000).expect("valid"), 42);
        let id = store
            .insert(
                "chess",
                "Chess",
                &GameOptions::default(),
                "startpos",
                &players(),
                Some(&clock),
            )
            .expect("inserts");
        drop(store);
        let store = Store::open(dir.path()).expect("opens again, migrated once");
        assert_eq!(
            store.load(id).expect("loads").expect("exists").clock,
            Some(clock)
        );
        assert_eq!(store.timed_games().expect("lists"), vec![id]);
        let version: i64 = store
            .connection
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .expect("reads");
        assert_eq!(version, MIGRATIONS.len() as i64);
    }

    #[test]
    fn options_stored_before_game_options_still_read() {
        let options: GameOptions =
            serde_json::from_str(r#"{"size":15,"rule":"renju"}"#).expect("reads");
        assert_eq!(options.int("size"), Some(15));
        assert_eq!(options.text("rule"), Some("renju"));
        assert_eq!(to_json(&options), r#"{"rule":"renju","size":15}"#);
        assert_eq!(
            serde_json::from_str::<GameOptions>("{}").expect("reads"),
            GameOptions::default()
        );
    }
}
