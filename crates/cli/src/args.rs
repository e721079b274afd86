//! Options shared by several subcommands: which game, which limits, which engine resources.

use std::time::Duration;

use anyhow::Context;
use clap::Args;
use ply_games::{
    GameOptions, GameSpec, OptionKind, OptionSpec, OptionValue, Record, Table, find_game, games,
};
use ply_search::{EngineOptions, Limits};

/// Which game, with which settings and from which position. The game's own options
/// (`--size`, `--rule`, `--chess960`…) are not written here: [`add_game_options`] makes a
/// flag of every option some game's spec declares, and [`read_game_options`] reads them.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// The game: tictactoe (ttt), caro (gomoku), xiangqi, chess.
    pub game: String,
    /// Start position: FEN (chess, xiangqi) or a board string such as 'x2/1o1/2x o'.
    #[arg(long)]
    pub position: Option<String>,
    /// The game's options, from the flags its spec declares.
    #[arg(skip)]
    pub options: GameOptions,
}

impl GameArgs {
    /// Plain arguments for `game` with no options.
    pub fn named(game: &str) -> GameArgs {
        GameArgs {
            game: game.to_string(),
            position: None,
            options: GameOptions::default(),
        }
    }

    /// The registry entry of the game.
    pub fn spec(&self) -> anyhow::Result<&'static GameSpec> {
        Ok(find_game(&self.game)?)
    }

    /// The options as the game takes them, the position included.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            position: self.position.clone(),
            ..self.options.clone()
        }
    }

    /// A new game with these settings.
    pub fn record(&self) -> anyhow::Result<Box<dyn Record>> {
        let spec = self.spec()?;
        spec.new_game(&self.options())
            .with_context(|| format!("cannot start {}", spec.name))
    }

    /// A new game with these settings and a thinker beside it.
    pub fn table(&self) -> anyhow::Result<Table> {
        Ok(Table::new(self.record()?))
    }
}

/// Every option some game declares, once each (the first game to declare a name wins the
/// help text; the game that is started checks the value against its own spec).
fn declared_options() -> Vec<(&'static OptionSpec, Vec<&'static str>)> {
    let mut options: Vec<(&'static OptionSpec, Vec<&'static str>)> = Vec::new();
    for spec in games() {
        for option in spec.options {
            match options
                .iter_mut()
                .find(|(known, _)| known.name == option.name)
            {
                Some((_, games)) => games.push(spec.name),
                None => options.push((option, vec![spec.name])),
            }
        }
    }
    options
}

/// `command` with a flag for every option a game's spec declares.
pub fn add_game_options(mut command: clap::Command) -> clap::Command {
    for (option, games) in declared_options() {
        let help = match option.kind {
            OptionKind::Range { min, max, default } => {
                format!(
                    "{} ({}: {min} to {max}, default {default})",
                    option.label.en,
                    games.join(", ")
                )
            }
            OptionKind::Choice { values } => format!(
                "{} ({}: {}; default {})",
                option.label.en,
                games.join(", "),
                values.join(", "),
                values.first().copied().unwrap_or_default()
            ),
            OptionKind::Flag { .. } => format!("{} ({})", option.label.en, games.join(", ")),
        };
        let arg = clap::Arg::new(option.name).long(option.name).help(help);
        command = command.arg(match option.kind {
            OptionKind::Range { .. } => arg.value_parser(clap::value_parser!(i64)),
            OptionKind::Choice { .. } => arg.value_parser(clap::value_parser!(String)),
            OptionKind::Flag { .. } => arg.action(clap::ArgAction::SetTrue),
        });
    }
    command
}

/// The game options given on the command line of a command built by [`add_game_options`].
pub fn read_game_options(matches: &clap::ArgMatches) -> GameOptions {
    let mut options = GameOptions::default();
    for (option, _) in declared_options() {
        let value = match option.kind {
            OptionKind::Range { .. } => matches
                .get_one::<i64>(option.name)
                .map(|number| OptionValue::Int(*number)),
            OptionKind::Choice { .. } => matches
                .get_one::<String>(option.name)
                .map(|text| OptionValue::Text(text.clone())),
            OptionKind::Flag { .. } => matches
                .get_flag(option.name)
                .then_some(OptionValue::Flag(true)),
        };
        if let Some(value) = value {
            options.values.insert(option.name.to_string(), value);
        }
    }
    options
}

/// The flags that give `options` again, for a subprocess.
pub fn game_option_flags(options: &GameOptions) -> Vec<String> {
    let mut flags = Vec::new();
    for (name, value) in &options.values {
        match value {
            OptionValue::Flag(true) => flags.push(format!("--{name}")),
            OptionValue::Flag(false) => {}
            value => flags.extend([format!("--{name}"), value.plain()]),
        }
    }
    flags
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
