//! ply-web: the web app. An HTTP API (axum) over the erased game records, a static UI
//! embedded in the binary, games kept in SQLite, and searches run off the request path with
//! their progress streamed to the page. It never asks which game it serves.

mod access;
mod analysis;
pub mod clock;
mod cluster;
mod error;
mod events;
mod flag;
mod limits;
mod live;
mod public_id;
mod routes;
mod state;
mod store;
pub mod test_postgres;
mod think;
mod writer;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

pub use error::ApiError;
pub use routes::{MAX_BODY_BYTES, router};
pub use state::{AppState, Config};
pub use store::{
    Database, GameChange, LEASE_MS, Listing, Players, Seat, Store, StoreError, StoredGame,
};
pub use think::{MAX_MOVETIME_MS, MIN_MOVETIME_MS};

/// The data directory used when none is given: `$XDG_DATA_HOME/ply`, else
/// `~/.local/share/ply`, else `./ply-data`.
pub fn default_data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME").filter(|dir| !dir.is_empty()) {
        return PathBuf::from(dir).join("ply");
    }
    if let Some(home) = std::env::var_os("HOME").filter(|dir| !dir.is_empty()) {
        return PathBuf::from(home).join(".local/share/ply");
    }
    PathBuf::from("ply-data")
}

/// Errors starting the server.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The store could not be opened.
    #[error("cannot open the game store in {dir}: {source}")]
    Store {
        /// Where (a PostgreSQL URL without its password).
        dir: String,
        /// Why.
        source: StoreError,
    },
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// Which.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The server stopped with an error.
    #[error("the server failed: {0}")]
    Io(#[from] std::io::Error),
}

/// A server bound to its address, ready to run.
pub struct Server {
    listener: tokio::net::TcpListener,
    state: AppState,
}

/// How long shutdown waits for stopped searches and the store's queue.
const DRAIN_DEADLINE: Duration = Duration::from_secs(10);

impl Server {
    /// Opens the store and binds `addr` (port 0 picks a free port).
    pub async fn bind(addr: &str, config: &Config) -> Result<Server, ServeError> {
        let state = AppState::open(config).map_err(|source| ServeError::Store {
            dir: config.database().describe(),
            source,
        })?;
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| ServeError::Bind {
                addr: addr.to_string(),
                source,
            })?;
        Ok(Server { listener, state })
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> Result<SocketAddr, ServeError> {
        Ok(self.listener.local_addr()?)
    }

    /// Serves until `shutdown` resolves, then shuts down gracefully: not ready any more, no
    /// new search, the running ones stopped (a computer's move is still played and stored),
    /// event streams ended, requests in flight answered, and the store's queue run to its
    /// end (waiting at most 10 s for searches and the store) before it returns.
    pub async fn run(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let state = self.state.clone();
        let begin = async move {
            shutdown.await;
            state.begin_shutdown();
        };
        let app = router(self.state.clone()).into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, app)
            .with_graceful_shutdown(begin)
            .await?;
        self.state.begin_shutdown();
        if !self.state.drain(DRAIN_DEADLINE).await {
            tracing::warn!(
                "shutdown: searches or the game store did not finish within {} s",
                DRAIN_DEADLINE.as_secs()
            );
        }
        Ok(())
    }
}
