//! What every request shares: the store, the games in memory, the slots for searches and
//! the catalogue of games.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use ply_games::{BoardKind, GameOptions, OptionSpec, Text, games};
use serde::Serialize;
use tokio::sync::{Semaphore, watch};

use crate::live::LiveGames;
use crate::store::Store;
use crate::writer::StoreThread;

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the store lives.
    pub data_dir: PathBuf,
    /// Searches that may run at once (others wait their turn).
    pub max_searches: usize,
    /// Games kept in memory.
    pub max_live_games: usize,
}

impl Config {
    /// The usual settings with the store in `data_dir`.
    pub fn new(data_dir: &Path) -> Config {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            data_dir: data_dir.to_path_buf(),
            max_searches: cores.max(2),
            max_live_games: 256,
        }
    }
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
    /// Games in memory.
    pub games: LiveGames,
    /// Permits to search.
    pub search_slots: Arc<Semaphore>,
    /// The games offered.
    pub catalog: Vec<CatalogEntry>,
    next_think: AtomicU64,
    /// True once shutdown has begun; watchers (event streams) end when it turns.
    shutdown: watch::Sender<bool>,
}

/// A handle on the shared state.
#[derive(Clone)]
pub struct AppState(pub Arc<Inner>);

impl AppState {
    /// Opens the store and sets up the server.
    pub fn open(config: &Config) -> rusqlite::Result<AppState> {
        let store = Store::open(&config.data_dir)?;
        Ok(AppState(Arc::new(Inner {
            store: StoreThread::start(store)?,
            games: LiveGames::new(config.max_live_games),
            search_slots: Arc::new(Semaphore::new(config.max_searches.max(1))),
            catalog: catalog(),
            next_think: AtomicU64::new(1),
            shutdown: watch::Sender::new(false),
        })))
    }

    /// Begins shutdown: the server is no longer ready. Idempotent.
    pub fn begin_shutdown(&self) {
        self.0.shutdown.send_replace(true);
    }

    /// True once shutdown has begun.
    pub fn is_shutting_down(&self) -> bool {
        *self.0.shutdown.borrow()
    }

    /// A receiver that sees shutdown begin.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.0.shutdown.subscribe()
    }

    /// A fresh number for a search.
    pub fn next_think_id(&self) -> u64 {
        self.0.next_think.fetch_add(1, Ordering::Relaxed)
    }
}
