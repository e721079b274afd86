//! The PostgreSQL backend: one blocking connection (the `postgres` crate, which is
//! tokio-postgres driven by a runtime of its own) used from the store's thread. Several
//! servers share the database: migrations run under an advisory lock, writes check the
//! game's revision, every change is told on [`GAME_CHANNEL`] in the same transaction (so a
//! listener hears it only once it is committed), and leases use the database's clock, so
//! servers' clocks need not agree.

use std::time::Duration;

use postgres::{Client, NoTls, Row};

use super::migrations::{MIGRATIONS, MIGRATIONS_TABLE};
use super::{
    COLUMNS, ChangeRow, Changed, GAME_CHANNEL, Listing, NewRow, RawRow, StoreError, StoreResult,
    now,
};

/// The database's clock in milliseconds since the epoch.
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// Any number, the same for every ply: the advisory lock that migrations run under.
const MIGRATION_LOCK: i64 = 0x0070_6c79_5f6d_6967;

/// Runs `work` on a thread of its own: the blocking client drives a runtime of its own,
/// which cannot start inside the server's (where the store is opened).
fn off_runtime<T: Send>(work: impl FnOnce() -> StoreResult<T> + Send) -> StoreResult<T> {
    std::thread::scope(|scope| {
        scope.spawn(work).join().unwrap_or_else(|_| {
            Err(StoreError::Setup(
                "the PostgreSQL client failed".to_string(),
            ))
        })
    })
}

/// Connects to `url` (a URL or a `key=value` string); 10 s to connect unless it says.
pub fn connect(url: &str) -> StoreResult<Client> {
    off_runtime(|| connect_here(url))
}

fn connect_here(url: &str) -> StoreResult<Client> {
    let mut config: postgres::Config = url.parse()?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(Duration::from_secs(10));
    }
    if config.get_application_name().is_none() {
        config.application_name("ply");
    }
    Ok(config.connect(NoTls)?)
}

/// Connects and applies the schema steps the database lacks.
pub fn open(url: &str) -> StoreResult<Client> {
    off_runtime(|| open_here(url))
}

fn open_here(url: &str) -> StoreResult<Client> {
    let mut client = connect_here(url)?;
    client.query_one("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])?;
    let migrated = migrate(&mut client);
    let unlocked = client.query_one("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK]);
    migrated?;
    unlocked?;
    Ok(client)
}

fn migrate(client: &mut Client) -> StoreResult<()> {
    client.batch_execute(MIGRATIONS_TABLE)?;
    let applied = versions(client)?;
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
        let mut transaction = client.transaction()?;
        transaction.batch_execute(step.postgres)?;
        transaction.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            &[&step.version, &step.name, &now()],
        )?;
        transaction.commit()?;
    }
    Ok(())
}

pub fn versions(client: &mut Client) -> StoreResult<Vec<i64>> {
    let rows = client.query(
        "SELECT version FROM schema_migrations ORDER BY version",
        &[],
    )?;
    rows.iter()
        .map(|row| Ok(row.try_get::<_, i64>(0)?))
        .collect()
}

pub fn insert(client: &mut Client, row: &NewRow) -> StoreResult<i64> {
    let found = client.query_one(
        "INSERT INTO games (game, title, options, start_position, players, owner, created_at, updated_at, clock, public_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) RETURNING id",
        &[
            &row.game,
            &row.title,
            &row.options,
            &row.start_position,
            &row.players,
            &row.owner,
            &row.created_at,
            &row.clock,
            &row.public_id,
        ],
    )?;
    Ok(found.try_get(0)?)
}

pub fn update(
    client: &mut Client,
    id: i64,
    revision: Option<i64>,
    row: &ChangeRow,
    server: &str,
) -> StoreResult<Option<i64>> {
    let mut transaction = client.transaction()?;
    let changed = transaction.query_opt(
        "UPDATE games SET moves = $2, redo = $3, result = $4, status = $5, summary = $6,
         computer_to_move = $7, updated_at = $8, clock = $10, revision = revision + 1
         WHERE id = $1 AND ($9::bigint IS NULL OR revision = $9) RETURNING revision",
        &[
            &id,
            &row.moves,
            &row.redo,
            &row.result,
            &row.status,
            &row.summary,
            &row.computer_to_move,
            &row.updated_at,
            &revision,
            &row.clock,
        ],
    )?;
    let revision = changed
        .map(|found| found.try_get::<_, i64>(0))
        .transpose()?;
    if let Some(revision) = revision {
        let told = Changed {
            id,
            revision: Some(revision),
            server: server.to_string(),
        };
        transaction.execute(
            "SELECT pg_notify($1, $2)",
            &[&GAME_CHANNEL, &told.payload()],
        )?;
    }
    transaction.commit()?;
    Ok(revision)
}

fn raw(row: &Row) -> StoreResult<RawRow> {
    Ok(RawRow {
        id: row.try_get(0)?,
        game: row.try_get(1)?,
        title: row.try_get(2)?,
        options: row.try_get(3)?,
        start_position: row.try_get(4)?,
        moves: row.try_get(5)?,
        redo: row.try_get(6)?,
        players: row.try_get(7)?,
        result: row.try_get(8)?,
        status: row.try_get(9)?,
        summary: row.try_get(10)?,
        created_at: row.try_get(11)?,
        updated_at: row.try_get(12)?,
        revision: row.try_get(13)?,
        owner: row.try_get(14)?,
        clock: row.try_get(15)?,
        public_id: row.try_get(16)?,
    })
}

pub fn find(client: &mut Client, public_id: &str) -> StoreResult<Option<i64>> {
    client
        .query_opt("SELECT id FROM games WHERE public_id = $1", &[&public_id])?
        .map(|row| Ok(row.try_get::<_, i64>(0)?))
        .transpose()
}

pub fn load(client: &mut Client, id: i64) -> StoreResult<Option<RawRow>> {
    client
        .query_opt(
            &format!("SELECT {COLUMNS} FROM games WHERE id = $1"),
            &[&id],
        )?
        .as_ref()
        .map(raw)
        .transpose()
}

/// A listing's WHERE clause: every game (`$1`), the owner's (`$2`), the unowned (`$3`).
const FILTER: &str = "$1 OR owner = $2 OR ($3 AND owner IS NULL)";

pub fn list(
    client: &mut Client,
    listing: Listing<'_>,
    limit: usize,
    offset: usize,
) -> StoreResult<Vec<RawRow>> {
    let (all, owner, unowned) = listing.parts();
    let rows = client.query(
        &format!(
            "SELECT {COLUMNS} FROM games WHERE {FILTER}
             ORDER BY updated_at DESC, id DESC LIMIT $4 OFFSET $5"
        ),
        &[&all, &owner, &unowned, &(limit as i64), &(offset as i64)],
    )?;
    rows.iter().map(raw).collect()
}

pub fn ping(client: &mut Client) -> StoreResult<()> {
    client.query_one("SELECT 1", &[])?;
    Ok(())
}

pub fn count(client: &mut Client, listing: Listing<'_>) -> StoreResult<u64> {
    let (all, owner, unowned) = listing.parts();
    let row = client.query_one(
        &format!("SELECT COUNT(*) FROM games WHERE {FILTER}"),
        &[&all, &owner, &unowned],
    )?;
    Ok(row.try_get::<_, i64>(0)? as u64)
}

pub fn timed_games(client: &mut Client) -> StoreResult<Vec<i64>> {
    let rows = client.query(
        "SELECT id FROM games WHERE status = 'ongoing' AND clock IS NOT NULL ORDER BY id",
        &[],
    )?;
    rows.iter()
        .map(|row| Ok(row.try_get::<_, i64>(0)?))
        .collect()
}

pub fn delete(client: &mut Client, id: i64, server: &str) -> StoreResult<bool> {
    let mut transaction = client.transaction()?;
    let deleted = transaction.execute("DELETE FROM games WHERE id = $1", &[&id])? > 0;
    if deleted {
        let told = Changed {
            id,
            revision: None,
            server: server.to_string(),
        };
        transaction.execute(
            "SELECT pg_notify($1, $2)",
            &[&GAME_CHANNEL, &told.payload()],
        )?;
    }
    transaction.commit()?;
    Ok(deleted)
}

pub fn take_lease(client: &mut Client, id: i64, server: &str, lease_ms: i64) -> StoreResult<bool> {
    let taken = client.execute(
        &format!(
            "INSERT INTO leases (game_id, holder, expires_ms) VALUES ($1, $2, {NOW_MS} + $3)
             ON CONFLICT (game_id) DO UPDATE
             SET holder = excluded.holder, expires_ms = excluded.expires_ms
             WHERE leases.holder = excluded.holder OR leases.expires_ms < {NOW_MS}"
        ),
        &[&id, &server, &lease_ms],
    )?;
    Ok(taken > 0)
}

pub fn release_lease(client: &mut Client, id: i64, server: &str) -> StoreResult<()> {
    client.execute(
        "DELETE FROM leases WHERE game_id = $1 AND holder = $2",
        &[&id, &server],
    )?;
    Ok(())
}

pub fn lease_holder(client: &mut Client, id: i64) -> StoreResult<Option<String>> {
    client
        .query_opt(
            &format!("SELECT holder FROM leases WHERE game_id = $1 AND expires_ms >= {NOW_MS}"),
            &[&id],
        )?
        .map(|row| Ok(row.try_get::<_, String>(0)?))
        .transpose()
}

pub fn orphans(client: &mut Client, limit: usize) -> StoreResult<Vec<i64>> {
    let rows = client.query(
        &format!(
            "SELECT id FROM games
             WHERE computer_to_move = 1 AND status = 'ongoing'
               AND NOT EXISTS (SELECT 1 FROM leases
                               WHERE game_id = games.id AND expires_ms >= {NOW_MS})
             ORDER BY updated_at, id LIMIT $1"
        ),
        &[&(limit as i64)],
    )?;
    rows.iter()
        .map(|row| Ok(row.try_get::<_, i64>(0)?))
        .collect()
}

pub fn notify(client: &mut Client, channel: &str, payload: &str) -> StoreResult<()> {
    client.execute("SELECT pg_notify($1, $2)", &[&channel, &payload])?;
    Ok(())
}
