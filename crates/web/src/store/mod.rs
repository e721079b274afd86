//! The game store, in one of two backends: one SQLite file (WAL) under the data directory
//! (the default, nothing to install) or a PostgreSQL database that several servers share.
//! A game row holds the game's name and options, its start position, the moves played
//! (canonical names), the moves taken back (for redo), the players, the result, a revision
//! that grows with every change and the browser that owns it; replaying the moves through a
//! game record rebuilds the game. Both backends take the same numbered schema steps
//! ([`migrations`]). The store is used from its own thread only ([`crate::writer`]), never
//! from the async executor. Every change is committed before the request that made it is
//! answered, so a game survives a reload, a restart and a kill -9.

mod analysis;
pub mod migrations;
mod postgres;
mod sqlite;

pub use analysis::{AnalysisState, MoveSearch, StoredAnalysis};
pub use postgres::connect as postgres_connect;

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use ply_games::GameOptions;
use serde::{Deserialize, Serialize};

use crate::clock::GameClock;
use crate::public_id::PublicId;

/// Who plays each side and how the computer plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    /// `human` or `computer`, first player.
    pub first: Seat,
    /// `human` or `computer`, second player.
    pub second: Seat,
    /// The computer's level: `1` … `8` (8: the full engine) or `classic`; games stored
    /// before the ladder say `strong`, read as level 8.
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
    /// Its name in links and answers.
    pub public_id: PublicId,
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
    /// Grows by one with every change: a write made for an older revision is refused.
    pub revision: i64,
    /// The secret of the browser that created it; none for games stored before games had
    /// owners.
    pub owner: Option<String>,
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
    /// True when the game goes on and the computer is to move (a server with no lease on
    /// it takes it over).
    pub computer_to_move: bool,
}

/// Where the games are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// `ply.sqlite3` in this directory.
    Sqlite(PathBuf),
    /// A PostgreSQL connection string (`postgres://user@host:port/db` or `host=… dbname=…`).
    Postgres(String),
}

impl Database {
    /// PostgreSQL when `url` is given (and not blank), else SQLite in `data_dir`.
    pub fn choose(url: Option<&str>, data_dir: &Path) -> Database {
        match url.map(str::trim).filter(|url| !url.is_empty()) {
            Some(url) => Database::Postgres(url.to_string()),
            None => Database::Sqlite(data_dir.to_path_buf()),
        }
    }

    /// Where, for messages: the directory, or the URL without its password.
    pub fn describe(&self) -> String {
        match self {
            Database::Sqlite(dir) => dir.display().to_string(),
            Database::Postgres(url) => without_password(url),
        }
    }
}

/// `postgres://user:secret@host/db` → `postgres://user:***@host/db`.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return "PostgreSQL (connection string)".to_string();
    };
    match rest.split_once('@') {
        Some((user, host)) if user.contains(':') => {
            let name = user.split(':').next().unwrap_or("");
            format!("{scheme}://{name}:***@{host}")
        }
        _ => url.to_string(),
    }
}

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite said no.
    #[error("SQLite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL said no (or the connection is lost).
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] ::postgres::Error),
    /// A stored value cannot be read back.
    #[error("a stored {column} cannot be read: {reason}")]
    Damaged {
        /// Which column.
        column: &'static str,
        /// Why.
        reason: String,
    },
    /// The store cannot be set up (directory, thread, newer schema).
    #[error("{0}")]
    Setup(String),
}

/// What store calls return.
pub type StoreResult<T> = Result<T, StoreError>;

/// The games a listing shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing<'a> {
    /// Every game.
    All,
    /// The games this browser owns, and the games stored before ownership when `unowned`.
    Owned {
        /// The browser's secret; none when it has none yet.
        owner: Option<&'a str>,
        /// Include games with no owner.
        unowned: bool,
    },
}

impl Listing<'_> {
    /// Every game; the owner (none matches nothing); games with no owner.
    fn parts(self) -> (bool, Option<String>, bool) {
        match self {
            Listing::All => (true, None, false),
            Listing::Owned { owner, unowned } => (false, owner.map(str::to_string), unowned),
        }
    }
}

/// The store: one connection to one backend. `server` names this process in leases and
/// notifications.
pub struct Store {
    backend: Backend,
    server: String,
    lease_ms: i64,
}

enum Backend {
    Sqlite(rusqlite::Connection),
    Postgres(Box<::postgres::Client>),
}

/// How long a lease lasts unless renewed, by default.
pub const LEASE_MS: i64 = 5_000;

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() as i64)
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_millis() as i64)
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

fn from_json<T: for<'de> Deserialize<'de>>(text: &str, column: &'static str) -> StoreResult<T> {
    serde_json::from_str(text).map_err(|error| StoreError::Damaged {
        column,
        reason: error.to_string(),
    })
}

/// A change's columns as stored.
struct ChangeRow {
    moves: String,
    redo: String,
    result: Option<String>,
    status: String,
    summary: String,
    computer_to_move: i32,
    updated_at: i64,
    clock: Option<String>,
}

impl ChangeRow {
    fn new(change: &GameChange<'_>) -> ChangeRow {
        ChangeRow {
            moves: to_json(&change.moves),
            redo: to_json(&change.redo),
            result: change.result.map(to_json),
            status: change.status.to_string(),
            summary: change.summary.to_string(),
            computer_to_move: i32::from(change.computer_to_move),
            updated_at: now(),
            clock: change.clock.map(to_json),
        }
    }
}

/// A new game's columns as stored.
struct NewRow {
    public_id: String,
    game: String,
    title: String,
    options: String,
    start_position: String,
    players: String,
    owner: Option<String>,
    created_at: i64,
    clock: Option<String>,
}

/// A game row's columns as read, before the JSON ones are parsed.
struct RawRow {
    id: i64,
    public_id: String,
    game: String,
    title: String,
    options: String,
    start_position: String,
    moves: String,
    redo: String,
    players: String,
    result: Option<String>,
    status: String,
    summary: String,
    created_at: i64,
    updated_at: i64,
    revision: i64,
    owner: Option<String>,
    clock: Option<String>,
}

impl RawRow {
    fn parse(self) -> StoreResult<StoredGame> {
        Ok(StoredGame {
            public_id: PublicId::parse(&self.public_id).ok_or_else(|| StoreError::Damaged {
                column: "public_id",
                reason: "not 24 hex digits".to_string(),
            })?,
            id: self.id,
            game: self.game,
            title: self.title,
            options: from_json(&self.options, "options")?,
            start_position: self.start_position,
            moves: from_json(&self.moves, "moves")?,
            redo: from_json(&self.redo, "redo")?,
            players: from_json(&self.players, "players")?,
            result: self
                .result
                .map(|text| from_json(&text, "result"))
                .transpose()?,
            status: self.status,
            summary: self.summary,
            created_at: self.created_at,
            updated_at: self.updated_at,
            revision: self.revision,
            owner: self.owner,
            clock: self
                .clock
                .map(|text| from_json(&text, "clock"))
                .transpose()?,
        })
    }
}

/// The columns every read selects, in [`RawRow`]'s order.
const COLUMNS: &str = "id, game, title, options, start_position, moves, redo, players, result, \
                       status, summary, created_at, updated_at, revision, owner, clock, public_id";

/// A change to a game that other servers are told of (PostgreSQL `NOTIFY ply_game`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Changed {
    /// The game.
    pub id: i64,
    /// Its revision after the change; none when it was deleted.
    pub revision: Option<i64>,
    /// The server that made it.
    pub server: String,
}

impl Changed {
    /// The notification's payload: `id revision server` (`-` for a deleted game).
    pub fn payload(&self) -> String {
        let revision = self
            .revision
            .map_or_else(|| "-".to_string(), |revision| revision.to_string());
        format!("{} {revision} {}", self.id, self.server)
    }

    /// Reads a payload; none when it is not one.
    pub fn parse(payload: &str) -> Option<Changed> {
        let mut parts = payload.splitn(3, ' ');
        let id = parts.next()?.parse().ok()?;
        let revision = match parts.next()? {
            "-" => None,
            number => Some(number.parse().ok()?),
        };
        let server = parts.next()?.to_string();
        Some(Changed {
            id,
            revision,
            server,
        })
    }
}

/// The channel game changes are told on.
pub const GAME_CHANNEL: &str = "ply_game";
/// The channel requests to a lease holder go on (`stop <id>`: move now).
pub const CONTROL_CHANNEL: &str = "ply_control";

impl Store {
    /// Opens (creating if needed) `ply.sqlite3` in `dir`, as server `local`.
    pub fn open(dir: &Path) -> StoreResult<Store> {
        Store::connect(&Database::Sqlite(dir.to_path_buf()), "local")
    }

    /// Opens the store in `database` and brings its schema up to date; `server` names
    /// this process in leases and notifications.
    pub fn connect(database: &Database, server: &str) -> StoreResult<Store> {
        let backend = match database {
            Database::Sqlite(dir) => Backend::Sqlite(sqlite::open(dir)?),
            Database::Postgres(url) => Backend::Postgres(Box::new(postgres::open(url)?)),
        };
        Ok(Store {
            backend,
            server: server.to_string(),
            lease_ms: LEASE_MS,
        })
    }

    /// `sqlite` or `postgres`.
    pub fn backend(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite(_) => "sqlite",
            Backend::Postgres(_) => "postgres",
        }
    }

    /// Leases taken from now on last `ms` unless renewed (default [`LEASE_MS`]).
    pub fn set_lease_ms(&mut self, ms: i64) {
        self.lease_ms = ms.max(1);
    }

    /// How long a lease lasts unless renewed.
    pub fn lease_ms(&self) -> i64 {
        self.lease_ms
    }

    /// The name this server goes by in leases and notifications.
    pub fn server(&self) -> &str {
        &self.server
    }

    /// The schema steps applied, oldest first.
    pub fn schema_versions(&mut self) -> StoreResult<Vec<i64>> {
        match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::versions(connection),
            Backend::Postgres(client) => postgres::versions(client),
        }
    }

    /// Stores a new game (with no owner) and returns its number.
    pub fn insert(
        &mut self,
        game: &str,
        title: &str,
        options: &GameOptions,
        start_position: &str,
        players: &Players,
        clock: Option<&GameClock>,
    ) -> StoreResult<i64> {
        self.insert_owned(None, game, title, options, start_position, players, clock)
            .map(|(id, _)| id)
    }

    /// Stores a new game owned by the browser whose secret's fingerprint is `owner`, and
    /// returns its number and its public id.
    #[allow(clippy::too_many_arguments)]
    pub fn insert_owned(
        &mut self,
        owner: Option<&str>,
        game: &str,
        title: &str,
        options: &GameOptions,
        start_position: &str,
        players: &Players,
        clock: Option<&GameClock>,
    ) -> StoreResult<(i64, PublicId)> {
        let public_id = PublicId::generate().ok_or_else(|| {
            StoreError::Setup("the operating system gives no random numbers".to_string())
        })?;
        let row = NewRow {
            public_id: public_id.to_string(),
            game: game.to_string(),
            title: title.to_string(),
            options: to_json(options),
            start_position: start_position.to_string(),
            players: to_json(players),
            owner: owner.map(str::to_string),
            created_at: now(),
            clock: clock.map(to_json),
        };
        let id = match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::insert(connection, &row),
            Backend::Postgres(client) => postgres::insert(client, &row),
        }?;
        Ok((id, public_id))
    }

    /// The number of the game whose public id is `public_id`, if there is one.
    pub fn find(&mut self, public_id: &str) -> StoreResult<Option<i64>> {
        match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::find(connection, public_id),
            Backend::Postgres(client) => postgres::find(client, public_id),
        }
    }

    /// Writes a game's moves and result whatever its revision.
    pub fn update(&mut self, id: i64, change: &GameChange<'_>) -> StoreResult<()> {
        self.write(id, None, change).map(|_| ())
    }

    /// Writes a game's moves and result if it is still at `revision`: its new revision,
    /// or none when another change came first (or the game is gone).
    pub fn update_at(
        &mut self,
        id: i64,
        revision: i64,
        change: &GameChange<'_>,
    ) -> StoreResult<Option<i64>> {
        self.write(id, Some(revision), change)
    }

    fn write(
        &mut self,
        id: i64,
        revision: Option<i64>,
        change: &GameChange<'_>,
    ) -> StoreResult<Option<i64>> {
        let row = ChangeRow::new(change);
        match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::update(connection, id, revision, &row),
            Backend::Postgres(client) => postgres::update(client, id, revision, &row, &self.server),
        }
    }

    /// The game numbered `id`.
    pub fn load(&mut self, id: i64) -> StoreResult<Option<StoredGame>> {
        let raw = match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::load(connection, id)?,
            Backend::Postgres(client) => postgres::load(client, id)?,
        };
        raw.map(RawRow::parse).transpose()
    }

    /// Games, most recently changed first.
    pub fn list(&mut self, limit: usize, offset: usize) -> StoreResult<Vec<StoredGame>> {
        self.list_games(Listing::All, limit, offset)
    }

    /// The games `listing` shows, most recently changed first.
    pub fn list_games(
        &mut self,
        listing: Listing<'_>,
        limit: usize,
        offset: usize,
    ) -> StoreResult<Vec<StoredGame>> {
        let rows = match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::list(connection, listing, limit, offset)?,
            Backend::Postgres(client) => postgres::list(client, listing, limit, offset)?,
        };
        rows.into_iter().map(RawRow::parse).collect()
    }

    /// The games going on whose clocks run: their flags must be watched from the start.
    pub fn timed_games(&mut self) -> StoreResult<Vec<i64>> {
        match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::timed_games(connection),
            Backend::Postgres(client) => postgres::timed_games(client),
        }
    }

    /// Asks the database a trivial question: an error means it cannot answer.
    pub fn ping(&mut self) -> StoreResult<()> {
        match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::ping(connection),
            Backend::Postgres(client) => postgres::ping(client),
        }
    }

    /// How many games are stored.
    pub fn count(&mut self) -> StoreResult<u64> {
        self.count_games(Listing::All)
    }

    /// How many games `listing` shows.
    pub fn count_games(&mut self, listing: Listing<'_>) -> StoreResult<u64> {
        match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::count(connection, listing),
            Backend::Postgres(client) => postgres::count(client, listing),
        }
    }

    /// Forgets a game.
    pub fn delete(&mut self, id: i64) -> StoreResult<bool> {
        match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::delete(connection, id),
            Backend::Postgres(client) => postgres::delete(client, id, &self.server),
        }
    }

    /// Takes (or renews) the lease on the computer's thinking for game `id` for
    /// [`Store::lease_ms`]: true when this server holds it now, false when another server's lease
    /// has not run out.
    pub fn take_lease(&mut self, id: i64) -> StoreResult<bool> {
        match &mut self.backend {
            Backend::Sqlite(connection) => {
                sqlite::take_lease(connection, id, &self.server, now_ms(), self.lease_ms)
            }
            Backend::Postgres(client) => {
                postgres::take_lease(client, id, &self.server, self.lease_ms)
            }
        }
    }

    /// Gives back this server's lease on game `id`, if it holds it.
    pub fn release_lease(&mut self, id: i64) -> StoreResult<()> {
        match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::release_lease(connection, id, &self.server),
            Backend::Postgres(client) => postgres::release_lease(client, id, &self.server),
        }
    }

    /// The server whose lease on game `id` has not run out.
    pub fn lease_holder(&mut self, id: i64) -> StoreResult<Option<String>> {
        match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::lease_holder(connection, id, now_ms()),
            Backend::Postgres(client) => postgres::lease_holder(client, id),
        }
    }

    /// Games that wait for the computer's move with no server's lease on them (the one
    /// that held it died), oldest change first, at most `limit`.
    pub fn orphans(&mut self, limit: usize) -> StoreResult<Vec<i64>> {
        match &mut self.backend {
            Backend::Sqlite(connection) => sqlite::orphans(connection, now_ms(), limit),
            Backend::Postgres(client) => postgres::orphans(client, limit),
        }
    }

    /// Sends `payload` on `channel` to every server listening (PostgreSQL); nothing to do
    /// with SQLite, where one server is alone.
    pub fn notify(&mut self, channel: &str, payload: &str) -> StoreResult<()> {
        match &mut self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(client) => postgres::notify(client, channel, payload),
        }
    }
}

#[cfg(test)]
mod tests;
