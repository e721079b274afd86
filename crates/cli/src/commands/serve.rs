//! `ply serve` (and `ply` alone): the web app on a local address, games stored under a
//! data directory (SQLite) or in PostgreSQL (`--database`, shared by several servers).
//! Prints the URL, then serves until interrupted (Ctrl-C or SIGTERM), and then shuts down
//! gracefully and exits 0.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use ply_web::{Config, ServeError, Server, default_data_dir};

/// Where to listen and where to keep games.
#[derive(Args, Clone, Debug, Default)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free one) [default: 127.0.0.1:8080].
    #[arg(long)]
    pub addr: Option<String>,
    /// Directory of the game store [default: $XDG_DATA_HOME/ply or ~/.local/share/ply].
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Keep games in PostgreSQL instead of SQLite, shared with every server given the same
    /// URL (postgres://user:password@host:port/database).
    #[arg(long, env = "PLY_DATABASE")]
    pub database: Option<String>,
    /// How logs are written to stderr: `text` for people, `json` (one object a line) for a
    /// log collector.
    #[arg(long, env = "PLY_LOG_FORMAT", value_enum, default_value_t)]
    pub log_format: LogFormat,
    /// The least severe log lines written: error, warn, info, debug (every request), trace
    /// [default: info].
    #[arg(long, env = "PLY_LOG_LEVEL")]
    pub log_level: Option<tracing::Level>,
    /// API requests a client address may make per minute after a burst of 120 (0: no
    /// limit; callers on the machine itself are never limited unless --behind-proxy)
    /// [default: 600].
    #[arg(long)]
    pub requests_per_minute: Option<u32>,
    /// Searches that may run at once on this server [default: the number of cores].
    #[arg(long)]
    pub max_searches: Option<usize>,
    /// A reverse proxy in front passes each client's address in X-Forwarded-For: limits
    /// count that address, and the proxy's own loopback address is not trusted as local.
    #[arg(long)]
    pub behind_proxy: bool,
}

/// How logs are written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// Lines for people.
    #[default]
    Text,
    /// One JSON object a line.
    Json,
}

const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// Resolves at Ctrl-C or, on Unix, SIGTERM. The SIGTERM handler is installed by the call,
/// before the URL is printed, so a supervisor can stop the server as soon as it is up.
fn interrupted() -> anyhow::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    #[cfg(unix)]
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("cannot handle SIGTERM")?;
    Ok(async move {
        #[cfg(unix)]
        let terminated = async move {
            terminate.recv().await;
        };
        #[cfg(not(unix))]
        let terminated = std::future::pending::<()>();
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            () = terminated => {}
        }
    })
}

/// Starts the server and blocks until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let logs = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(args.log_level.unwrap_or(tracing::Level::INFO));
    let _ = match args.log_format {
        LogFormat::Text => logs.try_init(),
        LogFormat::Json => logs.json().try_init(),
    };
    let data_dir = args.data.clone().unwrap_or_else(default_data_dir);
    let mut config = Config::new(&data_dir);
    config.database_url = args.database.clone();
    config.behind_proxy = args.behind_proxy;
    if let Some(rate) = args.requests_per_minute {
        config.requests_per_minute = rate;
    }
    if let Some(most) = args.max_searches {
        config.max_searches = most.max(1);
        config.max_queued = 4 * most.max(1);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        let stop = interrupted()?;
        let server = match &args.addr {
            Some(addr) => Server::bind(addr, &config).await?,
            // The usual port may be taken (another ply): then any free one will do.
            None => match Server::bind(DEFAULT_ADDR, &config).await {
                Err(ServeError::Bind { .. }) => Server::bind("127.0.0.1:0", &config).await?,
                other => other?,
            },
        };
        let addr = server.local_addr()?;
        let host = if addr.ip().is_unspecified() {
            "127.0.0.1".to_string()
        } else {
            addr.ip().to_string()
        };
        let mut out = std::io::stdout();
        writeln!(out, "ply web app: http://{host}:{}/", addr.port())?;
        writeln!(
            out,
            "games are kept in {}; press Ctrl-C (or send SIGTERM) to stop",
            config.database().describe()
        )?;
        out.flush()?;
        tracing::info!(
            url = %format!("http://{host}:{}/", addr.port()),
            store = %config.database().describe(),
            "serving"
        );
        server.run(stop).await?;
        Ok(())
    })
}
