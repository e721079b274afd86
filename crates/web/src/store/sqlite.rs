//! The SQLite backend: one file (WAL) under the data directory, for one server. Leases are
//! kept here too, so the code that thinks is the same for both backends.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::migrations::{MIGRATIONS, MIGRATIONS_TABLE};
use super::{COLUMNS, ChangeRow, Listing, NewRow, RawRow, StoreError, StoreResult, now};

/// Opens (creating if needed) `ply.sqlite3` in `dir` and applies the schema steps it lacks.
pub fn open(dir: &Path) -> StoreResult<Connection> {
    std::fs::create_dir_all(dir)
        .map_err(|error| StoreError::Setup(format!("cannot create {}: {error}", dir.display())))?;
    let mut connection = Connection::open(dir.join("ply.sqlite3"))?;
    connection.pragma_update(None, "journal_mode", "WAL")?;
    // NORMAL in WAL mode: a commit survives the process dying (kill -9); only a power
    // cut may lose the last ones.
    connection.pragma_update(None, "synchronous", "NORMAL")?;
    connection.pragma_update(None, "foreign_keys", "ON")?;
    connection.busy_timeout(std::time::Duration::from_secs(5))?;
    migrate(&mut connection)?;
    Ok(connection)
}

/// Steps that `PRAGMA user_version` counted before `schema_migrations` existed: 1 was the
/// clocks' column, step 2 here.
const STEPS_BY_USER_VERSION: [i64; 2] = [1, 2];

fn migrate(connection: &mut Connection) -> StoreResult<()> {
    connection.execute_batch(MIGRATIONS_TABLE)?;
    let user_version: i64 = connection.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if versions(connection)?.is_empty() && user_version >= 1 {
        for version in STEPS_BY_USER_VERSION {
            connection.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?1, ?2, ?3)",
                params![version, "counted by user_version", now()],
            )?;
        }
    }
    let applied = versions(connection)?;
    if let Some(&newest) = applied.last()
        && newest > MIGRATIONS.len() as i64
    {
        return Err(StoreError::Setup(format!(
            "the game store has schema step {newest}; this ply knows {} (a newer ply wrote it)",
            MIGRATIONS.len()
        )));
    }
    for step in MIGRATIONS {
        if applied.contains(&step.version) {
            continue;
        }
        let transaction = connection.transaction()?;
        transaction.execute_batch(step.sqlite)?;
        transaction.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?1, ?2, ?3)",
            params![step.version, step.name, now()],
        )?;
        transaction.commit()?;
    }
    Ok(())
}

pub fn versions(connection: &mut Connection) -> StoreResult<Vec<i64>> {
    let mut statement =
        connection.prepare("SELECT version FROM schema_migrations ORDER BY version")?;
    let rows = statement.query_map([], |row| row.get::<_, i64>(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn insert(connection: &mut Connection, row: &NewRow) -> StoreResult<i64> {
    connection.execute(
        "INSERT INTO games (game, title, options, start_position, players, owner, created_at, updated_at, clock, public_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9)",
        params![
            row.game,
            row.title,
            row.options,
            row.start_position,
            row.players,
            row.owner,
            row.created_at,
            row.clock,
            row.public_id
        ],
    )?;
    Ok(connection.last_insert_rowid())
}

pub fn update(
    connection: &mut Connection,
    id: i64,
    revision: Option<i64>,
    row: &ChangeRow,
) -> StoreResult<Option<i64>> {
    let changed = connection
        .query_row(
            "UPDATE games SET moves = ?2, redo = ?3, result = ?4, status = ?5, summary = ?6,
             computer_to_move = ?7, updated_at = ?8, clock = ?10, revision = revision + 1
             WHERE id = ?1 AND (?9 IS NULL OR revision = ?9) RETURNING revision",
            params![
                id,
                row.moves,
                row.redo,
                row.result,
                row.status,
                row.summary,
                row.computer_to_move,
                row.updated_at,
                revision,
                row.clock
            ],
            |found| found.get::<_, i64>(0),
        )
        .optional()?;
    Ok(changed)
}

fn raw(row: &rusqlite::Row<'_>) -> rusqlite::Result<RawRow> {
    Ok(RawRow {
        id: row.get(0)?,
        game: row.get(1)?,
        title: row.get(2)?,
        options: row.get(3)?,
        start_position: row.get(4)?,
        moves: row.get(5)?,
        redo: row.get(6)?,
        players: row.get(7)?,
        result: row.get(8)?,
        status: row.get(9)?,
        summary: row.get(10)?,
        created_at: row.get(11)?,
        updated_at: row.get(12)?,
        revision: row.get(13)?,
        owner: row.get(14)?,
        clock: row.get(15)?,
        public_id: row.get(16)?,
    })
}

pub fn find(connection: &mut Connection, public_id: &str) -> StoreResult<Option<i64>> {
    Ok(connection
        .query_row(
            "SELECT id FROM games WHERE public_id = ?1",
            [public_id],
            |row| row.get(0),
        )
        .optional()?)
}

pub fn load(connection: &mut Connection, id: i64) -> StoreResult<Option<RawRow>> {
    Ok(connection
        .query_row(
            &format!("SELECT {COLUMNS} FROM games WHERE id = ?1"),
            [id],
            raw,
        )
        .optional()?)
}

/// A listing's WHERE clause: every game (`?1`), the owner's (`?2`), the unowned (`?3`).
const FILTER: &str = "?1 OR owner = ?2 OR (?3 AND owner IS NULL)";

pub fn list(
    connection: &mut Connection,
    listing: Listing<'_>,
    limit: usize,
    offset: usize,
) -> StoreResult<Vec<RawRow>> {
    let (all, owner, unowned) = listing.parts();
    let mut statement = connection.prepare(&format!(
        "SELECT {COLUMNS} FROM games WHERE {FILTER}
         ORDER BY updated_at DESC, id DESC LIMIT ?4 OFFSET ?5"
    ))?;
    let rows = statement.query_map(
        params![all, owner, unowned, limit as i64, offset as i64],
        raw,
    )?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn ping(connection: &mut Connection) -> StoreResult<()> {
    connection.query_row("SELECT 1", [], |row| row.get::<_, i64>(0))?;
    Ok(())
}

pub fn count(connection: &mut Connection, listing: Listing<'_>) -> StoreResult<u64> {
    let (all, owner, unowned) = listing.parts();
    let count = connection.query_row(
        &format!("SELECT COUNT(*) FROM games WHERE {FILTER}"),
        params![all, owner, unowned],
        |row| row.get::<_, i64>(0),
    )?;
    Ok(count as u64)
}

pub fn timed_games(connection: &mut Connection) -> StoreResult<Vec<i64>> {
    let mut statement = connection.prepare(
        "SELECT id FROM games WHERE status = 'ongoing' AND clock IS NOT NULL ORDER BY id",
    )?;
    let rows = statement.query_map([], |row| row.get::<_, i64>(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn delete(connection: &mut Connection, id: i64) -> StoreResult<bool> {
    Ok(connection.execute("DELETE FROM games WHERE id = ?1", [id])? > 0)
}

pub fn take_lease(
    connection: &mut Connection,
    id: i64,
    server: &str,
    now_ms: i64,
    lease_ms: i64,
) -> StoreResult<bool> {
    let taken = connection.execute(
        "INSERT INTO leases (game_id, holder, expires_ms) VALUES (?1, ?2, ?3)
         ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, expires_ms = excluded.expires_ms
         WHERE leases.holder = excluded.holder OR leases.expires_ms < ?4",
        params![id, server, now_ms + lease_ms, now_ms],
    )?;
    Ok(taken > 0)
}

pub fn release_lease(connection: &mut Connection, id: i64, server: &str) -> StoreResult<()> {
    connection.execute(
        "DELETE FROM leases WHERE game_id = ?1 AND holder = ?2",
        params![id, server],
    )?;
    Ok(())
}

pub fn lease_holder(
    connection: &mut Connection,
    id: i64,
    now_ms: i64,
) -> StoreResult<Option<String>> {
    Ok(connection
        .query_row(
            "SELECT holder FROM leases WHERE game_id = ?1 AND expires_ms >= ?2",
            params![id, now_ms],
            |row| row.get::<_, String>(0),
        )
        .optional()?)
}

pub fn orphans(connection: &mut Connection, now_ms: i64, limit: usize) -> StoreResult<Vec<i64>> {
    let mut statement = connection.prepare(
        "SELECT id FROM games
         WHERE computer_to_move = 1 AND status = 'ongoing'
           AND NOT EXISTS (SELECT 1 FROM leases WHERE game_id = games.id AND expires_ms >= ?1)
         ORDER BY updated_at, id LIMIT ?2",
    )?;
    let rows = statement.query_map(params![now_ms, limit as i64], |row| row.get::<_, i64>(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
