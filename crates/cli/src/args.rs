//! Options shared by several subcommands: which game, which limits, which engine resources.

use std::time::Duration;

use anyhow::Context;
use clap::Args;
use ply_games::{GameOptions, GameSpec, Session, find_game};
use ply_search::{EngineOptions, Limits};

/// Which game, with which settings and from which position.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// The game: tictactoe (ttt), caro (gomoku), xiangqi, chess.
    pub game: String,
    /// Board size (caro: 5 to 25, default 10).
    #[arg(long)]
    pub size: Option<usize>,
    /// Rule variant (caro: freestyle, standard, caro, caro5, renju).
    #[arg(long)]
    pub rule: Option<String>,
    /// Start position: FEN (chess, xiangqi) or a board string such as 'x2/1o1/2x o'.
    #[arg(long)]
    pub position: Option<String>,
    /// Chess960 castling rules and notation (chess).
    #[arg(long)]
    pub chess960: bool,
}

impl GameArgs {
    /// The registry entry of the game.
    pub fn spec(&self) -> anyhow::Result<&'static GameSpec> {
        Ok(find_game(&self.game)?)
    }

    /// The options as the registry takes them.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            size: self.size,
            rule: self.rule.clone(),
            position: self.position.clone(),
            chess960: self.chess960,
        }
    }

    /// A new game with these settings.
    pub fn session(&self) -> anyhow::Result<Box<dyn Session>> {
        let spec = self.spec()?;
        spec.new_session(&self.options())
            .with_context(|| format!("cannot start {}", spec.name))
    }
}

/// How long to think.
#[derive(Args, Clone, Debug, Default)]
pub struct LimitArgs {
    /// Search depth in plies.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Time per move in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Node limit per move.
    #[arg(long)]
    pub nodes: Option<u64>,
}

impl LimitArgs {
    /// The limits these options give (unset ones do not bound).
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            ..Limits::default()
        }
    }

    /// True when no limit was given.
    pub fn is_empty(&self) -> bool {
        self.depth.is_none() && self.movetime.is_none() && self.nodes.is_none()
    }
}

/// The engine's resources.
#[derive(Args, Clone, Copy, Debug)]
pub struct EngineArgs {
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(0..=65_536))]
    pub hash: u32,
}

impl EngineArgs {
    /// As the search takes them.
    pub fn options(&self) -> EngineOptions {
        EngineOptions {
            hash_mib: self.hash as usize,
            threads: self.threads as usize,
        }
    }
}

/// The limits a player uses when none were given: the game's usual time per move for the
/// engine (or no limit where the engine proves the game at once); the teaching algorithms
/// take their depth from the game.
pub fn default_limits(spec: &GameSpec, given: &LimitArgs) -> Limits {
    let mut limits = given.limits();
    if given.is_empty()
        && let Some(ms) = spec.default_movetime_ms
    {
        limits.movetime = Some(Duration::from_millis(ms));
    }
    limits
}
