//! `ply book`: build a book in ply's own format from ply's searches (`ply book build`), and
//! list the moves a book (ply's own or Polyglot) gives in a position (`ply book probe`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use ply_games::book::build::{BuildSettings, build};
use ply_games::book::own::{Header, write_book};
use ply_games::book::{BookMove, OpeningBook};
use ply_search::SearchControl;

use crate::args::{EngineArgs, GameArgs, LimitArgs};

/// Arguments of `ply book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// What to do with a book.
    #[command(subcommand)]
    pub action: BookAction,
}

/// `ply book build` or `ply book probe`.
#[derive(Subcommand, Debug)]
pub enum BookAction {
    /// Build a book in ply's format from the engine's searches of positions near the start.
    Build(BuildArgs),
    /// List a book's moves and weights in a position.
    Probe(ProbeArgs),
}

/// Arguments of `ply book build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The book file to write.
    #[arg(long)]
    out: PathBuf,
    /// Plies from the start whose positions get book moves.
    #[arg(long, default_value_t = 6)]
    plies: u32,
    /// Most moves kept per position.
    #[arg(long, default_value_t = 3)]
    width: usize,
    /// Keep a move scoring at most this much below the best (the game's evaluation units:
    /// centipawns in chess).
    #[arg(long, default_value_t = 30)]
    margin: i64,
    /// The search of each position (default: --nodes 200000).
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// Print nothing but the summary.
    #[arg(long)]
    quiet: bool,
}

/// Arguments of `ply book probe`.
#[derive(Args, Debug)]
pub struct ProbeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The book: ply's own format or a Polyglot `.bin` (chess).
    file: PathBuf,
    /// Moves to play from the position first, separated by spaces.
    #[arg(long)]
    moves: Option<String>,
}

/// Runs `ply book`.
pub fn run(args: &BookArgs) -> anyhow::Result<()> {
    match &args.action {
        BookAction::Build(build) => run_build(build),
        BookAction::Probe(probe) => run_probe(probe),
    }
}

fn run_build(args: &BuildArgs) -> anyhow::Result<()> {
    if args.game.position.is_some() {
        bail!("a book starts from the game's start position: --position is not taken here");
    }
    if args.plies == 0 || args.width == 0 {
        bail!("--plies and --width must be at least 1");
    }
    let mut table = args.game.table()?;
    table.thinker.set_engine_options(args.engine.options());
    let mut limits = args.limits.limits();
    if args.limits.is_empty() {
        limits.nodes = Some(200_000);
    }
    let settings = BuildSettings {
        plies: args.plies,
        width: args.width,
        margin: args.margin,
        limits,
    };
    let quiet = args.quiet;
    let entries = build(
        &mut table,
        &settings,
        &SearchControl::default(),
        &mut |done| {
            if !quiet {
                let kept: Vec<String> = done
                    .kept
                    .iter()
                    .map(|(name, weight)| format!("{name} {weight}"))
                    .collect();
                println!(
                    "{:>5}  ply {}  {:<40}  {}",
                    done.searched,
                    done.ply,
                    if done.line.is_empty() {
                        "(start)".to_string()
                    } else {
                        done.line.join(" ")
                    },
                    kept.join(", ")
                );
            }
        },
    )?;
    let note = format!(
        "ply book build {} --plies {} --width {} --margin {}{}",
        table.spec().name,
        args.plies,
        args.width,
        args.margin,
        limit_flags(&args.limits)
    );
    let header = Header::for_record(table.record.as_ref(), &note);
    let mut bytes = Vec::new();
    write_book(&mut bytes, &header, &entries)?;
    let mut file = std::fs::File::create(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    file.write_all(&bytes)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    let positions: std::collections::HashSet<u64> = entries.iter().map(|e| e.key).collect();
    println!(
        "wrote {}: {} positions, {} moves, {} bytes",
        args.out.display(),
        positions.len(),
        entries.len(),
        bytes.len()
    );
    Ok(())
}

/// The limit flags as typed, for the book's note.
fn limit_flags(limits: &LimitArgs) -> String {
    let mut flags = String::new();
    if let Some(depth) = limits.depth {
        flags.push_str(&format!(" --depth {depth}"));
    }
    if let Some(nodes) = limits.nodes {
        flags.push_str(&format!(" --nodes {nodes}"));
    }
    if let Some(ms) = limits.movetime {
        flags.push_str(&format!(" --movetime {ms}"));
    }
    if limits.is_empty() {
        flags.push_str(" --nodes 200000");
    }
    flags
}

fn run_probe(args: &ProbeArgs) -> anyhow::Result<()> {
    let mut record = args.game.record()?;
    for text in args.moves.iter().flat_map(|moves| moves.split_whitespace()) {
        record
            .play_text(text)
            .with_context(|| format!("--moves: {text}"))?;
    }
    let book = OpeningBook::open(&args.file)?;
    let moves = book.moves(record.as_ref())?;
    println!("{}", book.describe());
    println!("{} · {}", record.title(), record.position());
    print_moves(record.as_ref(), &moves);
    Ok(())
}

fn print_moves(record: &dyn ply_games::Record, moves: &[BookMove]) {
    if moves.is_empty() {
        println!("no book moves in this position");
        return;
    }
    let total: u64 = moves.iter().map(|mv| u64::from(mv.weight)).sum();
    for mv in moves {
        let display = record
            .legal_move(mv.id)
            .map(|legal| legal.display.clone())
            .unwrap_or_default();
        let share = if total == 0 {
            0.0
        } else {
            100.0 * f64::from(mv.weight) / total as f64
        };
        println!(
            "{:<8} {:<10} weight {:>5}  {share:>5.1}%",
            mv.name, display, mv.weight
        );
    }
}
