//! What every request shares: the store, the games in memory, the slots for searches and
//! the catalogue of games.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use ply_games::{BoardKind, GameOptions, OptionSpec, Text, games};
use ply_search::SearchControl;
use serde::Serialize;
use tokio::sync::{Semaphore, watch};

use crate::limits::{ClientSearch, ClientSearches, RateLimit, queue_full};
use crate::live::LiveGames;
use crate::routes::Latency;
use crate::store::{Database, LEASE_MS, Store, StoreResult};
use crate::writer::StoreThread;

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the SQLite store lives (when no PostgreSQL URL is given).
    pub data_dir: PathBuf,
    /// A PostgreSQL URL: games kept there, shared with every server that uses it.
    pub database_url: Option<String>,
    /// How long this server's lease on a game's thinking lasts unless renewed.
    pub lease_ms: i64,
    /// Searches that may run at once (others wait their turn).
    pub max_searches: usize,
    /// Games kept in memory.
    pub max_live_games: usize,
    /// Searches that may wait for a slot; past this a hint or analysis is refused (429).
    pub max_queued: usize,
    /// Hints and analyses one client may have running at once.
    pub max_searches_per_client: usize,
    /// API requests a client (an address) may make per minute after its burst; 0: no limit.
    pub requests_per_minute: u32,
    /// API requests a client may make at once before the per-minute rate applies.
    pub request_burst: u32,
    /// The server is behind a reverse proxy: a client is the last address the proxy added
    /// to `X-Forwarded-For`, and loopback callers are not exempt from the rate limit.
    pub behind_proxy: bool,
}

impl Config {
    /// The usual settings with the store in `data_dir`.
    pub fn new(data_dir: &Path) -> Config {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            data_dir: data_dir.to_path_buf(),
            database_url: None,
            lease_ms: LEASE_MS,
            max_searches: cores.max(2),
            max_live_games: 256,
            max_queued: 4 * cores.max(2),
            max_searches_per_client: 2,
            requests_per_minute: 600,
            request_burst: 120,
            behind_proxy: false,
        }
    }

    /// Where the games are kept: PostgreSQL when a URL is given, else SQLite.
    pub fn database(&self) -> Database {
        Database::choose(self.database_url.as_deref(), &self.data_dir)
    }
}

/// A random secret of 128 bits in hex, from the operating system.
pub fn secret() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // No generator: the clock and the process, never a constant.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos());
        bytes = (nanos ^ (u128::from(std::process::id()) << 64)).to_le_bytes();
    }
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// One game the server offers: its names, its options as its spec gives them (name,
/// `type` `range` {min, max, default} / `choice` {values, the default first} / `flag`
/// {default}, `label` {en, vi}), and what the home page draws of it.
#[derive(Clone, Debug, Serialize)]
pub struct CatalogEntry {
    name: &'static str,
    title: &'static str,
    titles: Text,
    available: bool,
    options: &'static [OptionSpec],
    default_movetime_ms: Option<u64>,
    side_names: Option<[&'static str; 2]>,
    board_kind: Option<BoardKind>,
    start_position: Option<String>,
}

impl CatalogEntry {
    /// The game's registry name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// What players call the two sides, if the game is available.
    pub fn side_names(&self) -> Option<[&'static str; 2]> {
        self.side_names
    }
}

fn catalog() -> Vec<CatalogEntry> {
    games()
        .iter()
        .map(|spec| {
            let record = spec.new_game(&GameOptions::default()).ok();
            CatalogEntry {
                name: spec.name,
                title: spec.title.en,
                titles: spec.title,
                available: record.is_some(),
                options: spec.options,
                default_movetime_ms: spec.default_movetime_ms,
                side_names: record.as_ref().map(|record| record.side_names()),
                board_kind: record.as_ref().map(|record| record.board().kind),
                start_position: record.as_ref().map(|record| record.position()),
            }
        })
        .collect()
}

/// The shared state.
pub struct Inner {
    /// The store, on its own thread.
    pub store: StoreThread,
    /// This server's name in leases and notifications (`local` on SQLite, where it is alone).
    pub server: String,
    /// True when games are shared with other servers (PostgreSQL).
    pub shared: bool,
    /// How long a lease lasts unless renewed.
    pub lease_ms: i64,
    /// Games in memory.
    pub games: LiveGames,
    /// Permits to search.
    pub search_slots: Arc<Semaphore>,
    /// How many permits there are.
    pub max_searches: usize,
    /// Searches that may wait for a permit before hints and analyses are refused.
    pub max_queued: usize,
    /// Hints and analyses per client at once.
    pub max_searches_per_client: usize,
    /// Hints and analyses running, per client.
    pub client_searches: Arc<ClientSearches>,
    /// API requests per client address.
    pub rate: RateLimit,
    /// Whether a reverse proxy names the client.
    pub behind_proxy: bool,
    /// Request latencies, for /metrics.
    pub latency: Latency,
    /// Positions searched by finished searches, and the speed of the latest one.
    pub nodes: AtomicU64,
    /// Positions per second of the latest finished search.
    pub last_nps: AtomicU64,
    /// The games offered.
    pub catalog: Vec<CatalogEntry>,
    /// Analyses of whole games running here.
    pub analyses: crate::analysis::Running,
    next_think: AtomicU64,
    /// The searches started and not yet finished (waiting for a slot or running), by number.
    searches: Mutex<HashMap<u64, Arc<SearchControl>>>,
    /// Of those, the ones that hold a slot and search.
    running: AtomicUsize,
    /// True once shutdown has begun; watchers (event streams) end when it turns.
    shutdown: watch::Sender<bool>,
}

/// Loads every stored game whose clock runs, so that its flag's timer runs, and sets the
/// computer thinking where it is its turn.
async fn resume_clocks(state: AppState) {
    let ids = match state.0.store.run(|store| store.timed_games()).await {
        Ok(ids) => ids,
        Err(error) => {
            tracing::error!("cannot list the timed games: {error}");
            return;
        }
    };
    for id in ids {
        match state.0.games.get(id, &state.0.store).await {
            Ok(shared) => {
                let mut live = shared.lock().await;
                if crate::think::continue_game(&state, &shared, &mut live) {
                    live.publish();
                }
            }
            Err(error) => tracing::error!("timed game {id} cannot be resumed: {error}"),
        }
    }
}

/// A handle on the shared state.
#[derive(Clone)]
pub struct AppState(pub Arc<Inner>);

impl AppState {
    /// Opens the store and sets up the server.
    pub fn open(config: &Config) -> StoreResult<AppState> {
        let database = config.database();
        let shared = matches!(database, Database::Postgres(_));
        let server = if shared {
            format!("{}-{}", std::process::id(), &secret()[..12])
        } else {
            "local".to_string()
        };
        let mut store = Store::connect(&database, &server)?;
        store.set_lease_ms(config.lease_ms);
        let store = StoreThread::start(store)?;
        let state = AppState(Arc::new(Inner {
            games: LiveGames::new(config.max_live_games, store.clone()),
            store,
            server,
            shared,
            lease_ms: config.lease_ms.max(1),
            search_slots: Arc::new(Semaphore::new(config.max_searches.max(1))),
            max_searches: config.max_searches.max(1),
            max_queued: config.max_queued,
            max_searches_per_client: config.max_searches_per_client.max(1),
            client_searches: Arc::new(ClientSearches::default()),
            rate: RateLimit::new(config.requests_per_minute, config.request_burst),
            behind_proxy: config.behind_proxy,
            latency: Latency::default(),
            nodes: AtomicU64::new(0),
            last_nps: AtomicU64::new(0),
            catalog: catalog(),
            analyses: crate::analysis::Running::default(),
            next_think: AtomicU64::new(1),
            searches: Mutex::new(HashMap::new()),
            running: AtomicUsize::new(0),
            shutdown: watch::Sender::new(false),
        }));
        if let Database::Postgres(url) = &database {
            crate::cluster::start(&state, url)?;
        }
        // Timed games go on while the server was away: their flags are watched (and fall
        // at once if their time ran out meanwhile) and the computer thinks on its clock,
        // whether or not a page opens them.
        if tokio::runtime::Handle::try_current().is_ok() {
            tokio::spawn(resume_clocks(state.clone()));
        }
        Ok(state)
    }

    /// Begins shutdown: the server is no longer ready, takes no new search, lets no waiting
    /// search start, and stops the running ones (a computer's move search then plays the
    /// best move it has, which is stored). Event streams end. Idempotent.
    pub fn begin_shutdown(&self) {
        self.0.shutdown.send_replace(true);
        self.0.search_slots.close();
        for control in self.searches().values() {
            control.stop();
        }
    }

    /// Once shutdown has begun: waits (at most `deadline`) for the searches to finish and
    /// their moves to be queued, then for the store's thread to run everything queued.
    /// False when the deadline passed first.
    pub async fn drain(&self, deadline: Duration) -> bool {
        let until = Instant::now() + deadline;
        while !self.searches().is_empty() {
            if Instant::now() >= until {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Jobs run in order: once this one has run, all queued before it have.
        let flushed = self.0.store.run(|_| Ok(()));
        let left = until.saturating_duration_since(Instant::now());
        matches!(tokio::time::timeout(left, flushed).await, Ok(Ok(())))
    }

    fn searches(&self) -> MutexGuard<'_, HashMap<u64, Arc<SearchControl>>> {
        self.0
            .searches
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts search `id` as started (it is stopped at shutdown) until [`AppState::ended`].
    pub fn started(&self, id: u64, control: Arc<SearchControl>) {
        self.searches().insert(id, control);
    }

    /// A search got its slot (`true`) or gave it back (`false`).
    pub fn running(&self, running: bool) {
        if running {
            self.0.running.fetch_add(1, Ordering::Relaxed);
        } else {
            self.0.running.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// Searches running, and searches started that wait for a slot.
    pub fn search_counts(&self) -> (usize, usize) {
        let running = self.0.running.load(Ordering::Relaxed);
        (running, self.searches().len().saturating_sub(running))
    }

    /// Searches started since the server started.
    pub fn searches_started(&self) -> u64 {
        self.0.next_think.load(Ordering::Relaxed).saturating_sub(1)
    }

    /// Search `id` has finished and its result is handled.
    pub fn ended(&self, id: u64) {
        self.searches().remove(&id);
    }

    /// True once shutdown has begun.
    pub fn is_shutting_down(&self) -> bool {
        *self.0.shutdown.borrow()
    }

    /// A receiver that sees shutdown begin.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.0.shutdown.subscribe()
    }

    /// Admits a search that `client` asks for (a hint, an analysis): refused (429) when
    /// the client has its most running already, or else when the server's queue is full.
    /// The client's own limit is asked first: it is the reason that stays true whether
    /// its first search has reached a worker yet or still waits in the queue.
    pub fn admit(&self, client: &str) -> crate::error::ApiResult<ClientSearch> {
        let ticket = self
            .0
            .client_searches
            .admit(client, self.0.max_searches_per_client)?;
        let (_, waiting) = self.search_counts();
        if waiting >= self.0.max_queued {
            return Err(queue_full(waiting).into());
        }
        Ok(ticket)
    }

    /// A finished search searched `nodes` positions at `nps`.
    pub fn searched(&self, nodes: u64, nps: u64) {
        self.0.nodes.fetch_add(nodes, Ordering::Relaxed);
        self.0.last_nps.store(nps, Ordering::Relaxed);
    }

    /// A fresh number for a search.
    pub fn next_think_id(&self) -> u64 {
        self.0.next_think.fetch_add(1, Ordering::Relaxed)
    }
}
