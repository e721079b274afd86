//! `ply match`: its command line, checked and handed to the match module (`crate::r#match`),
//! which plays the games and prints the report.

use std::path::PathBuf;

use anyhow::bail;
use clap::Args;

use crate::args::{EngineArgs, GameArgs, LimitArgs, default_limits};
use crate::r#match::{self, Match, PlayerSpec, Sprt, TimeControl};

/// Arguments of `ply match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Player A: classic, strong, minimax, alphabeta or engine, optionally with
    /// :key=value,… (level, algorithm, depth, movetime, nodes, threads, hash); or another
    /// program: uci:cmd=PROGRAM[,option.NAME=VALUE…][,name=LABEL][,nodes=N…] (also ucci:,
    /// gomocup:). A player's own depth, movetime or nodes replace the match's for it.
    #[arg(long)]
    a: PlayerSpec,
    /// Player B, as player A.
    #[arg(long)]
    b: PlayerSpec,
    /// Games to play (rounded up to whole colour-swapped pairs).
    #[arg(long, default_value_t = 20)]
    games: u32,
    #[command(flatten)]
    limits: LimitArgs,
    /// A clock for each player: seconds plus increment, e.g. 10+0.1 (instead of --movetime).
    #[arg(long)]
    tc: Option<TimeControl>,
    /// Milliseconds a player may exceed its clock before its flag falls.
    #[arg(long, default_value_t = 0)]
    timemargin: u64,
    /// With --movetime: a move later than the move time plus this many milliseconds loses
    /// on time, as a strict Gomocup manager rules a turn. Unset, late moves are only counted
    /// (the report's "worst overshoot").
    #[arg(long)]
    turnmargin: Option<u64>,
    /// Stop as soon as a sequential test decides: elo0=…,elo1=…[,alpha=…,beta=…].
    #[arg(long)]
    sprt: Option<Sprt>,
    /// Openings: "random" (random plies from the start, the game's usual number), "random:N"
    /// (N plies), "book" (the built-in book, moves chosen by weight), "book:FILE" (a book
    /// file: ply's own or Polyglot), or a file with one position (FEN, EPD, board string)
    /// or move list per line (dealt in an order --seed shuffles, every line once before any
    /// again).
    #[arg(long, default_value = "random")]
    openings: String,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Seed of the random openings, and of the order a file's openings are dealt in.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write every game to this file (PGN for chess, position and moves for the others).
    #[arg(long)]
    out: Option<PathBuf>,
    /// A game still going after this many plies is adjudicated a draw.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    #[command(flatten)]
    engine: EngineArgs,
    /// Report as JSON lines, one a match event (start, each game, result), instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `ply match`.
pub fn run(args: &MatchArgs) -> anyhow::Result<()> {
    let spec = args.game.spec()?;
    let options = args.game.options();
    let title = spec.new_game(&options)?.title();
    if args.tc.is_some() && !args.limits.is_empty() {
        bail!("--tc and --depth/--movetime/--nodes exclude each other");
    }
    r#match::run(&Match {
        spec,
        options,
        title,
        a: args.a.clone(),
        b: args.b.clone(),
        games: args.games,
        limits: default_limits(spec, &args.limits),
        tc: args.tc,
        timemargin: args.timemargin,
        turnmargin: args.turnmargin,
        sprt: args.sprt,
        openings: args.openings.clone(),
        concurrency: args.concurrency,
        seed: args.seed,
        out: args.out.clone(),
        max_plies: args.max_plies,
        engine: args.engine.options(),
        json: args.json,
    })
}
