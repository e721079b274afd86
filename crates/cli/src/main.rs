//! `ply`: play and understand board games by search — the command-line front end.

mod args;
mod commands;
mod r#match;
mod render;
mod words;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use commands::analyze::AnalyzeArgs;
use commands::bench::BenchArgs;
use commands::book::{BookAction, BookArgs};
use commands::match_runner::MatchArgs;
use commands::menu::MenuArgs;
use commands::perft::PerftArgs;
use commands::play::PlayArgs;
use commands::serve::ServeArgs;
use commands::ucci::UcciArgs;
use commands::uci::UciArgs;

/// ply plays tic-tac-toe, caro (gomoku), xiangqi and chess, and shows how search thinks.
#[derive(Parser)]
#[command(name = "ply", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
#[allow(clippy::large_enum_variant)] // parsed once at start-up
enum Command {
    /// Play a game in the terminal against the computer (or watch or play a friend).
    Play(PlayArgs),
    /// Search a position and print the best move, its score and the line.
    Analyze(AnalyzeArgs),
    /// Count the leaves of the legal-move tree (move generator test).
    Perft(PerftArgs),
    /// Run the fixed benchmark; the last line is `<nodes> nodes <nps> nps`.
    Bench(BenchArgs),
    /// Play a match between two players and report W/D/L and Elo.
    Match(MatchArgs),
    /// Build an opening book from ply's searches, or list a book's moves in a position.
    Book(BookArgs),
    /// Speak the Gomocup (Piskvork) protocol for caro tournaments (as `pbrain-ply`).
    Gomocup,
    /// Speak UCI on standard input/output (chess by default, or xiangqi) for GUIs.
    Uci(UciArgs),
    /// Speak UCCI (xiangqi GUIs in the ElephantEye tradition) on standard input and output.
    Ucci(UcciArgs),
    /// Start the web app (what `ply` alone does) and print its URL.
    Serve(ServeArgs),
    /// A short menu in the terminal: pick a game, a side and a level, then play.
    Menu(MenuArgs),
}

/// Dies quietly when the reader of our output goes away (`ply perft … | head`), as
/// command-line tools do, instead of failing on every later print. Not for `serve` and
/// `match` (see `main`).
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default at start-up, before any thread
    // exists, has no other effect.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Subcommands that start a game and so take every game's options as flags.
const WITH_GAME_OPTIONS: [&str; 5] = ["play", "analyze", "perft", "bench", "match"];

/// Parses the command line: the derived arguments, plus a flag for every option a game's
/// spec declares on the subcommands that start a game.
fn parse() -> Cli {
    let mut command = Cli::command();
    for name in WITH_GAME_OPTIONS {
        command = command.mut_subcommand(name, args::add_game_options);
    }
    command = command.mut_subcommand("book", |book| {
        book.mut_subcommand("build", args::add_game_options)
            .mut_subcommand("probe", args::add_game_options)
    });
    // `ply analyze --game FILE` names its game in the file.
    command = command.mut_subcommand("analyze", |analyze| {
        analyze.mut_arg("game", |game| game.required(false).default_value(""))
    });
    let matches = command.get_matches();
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
    if let Some((name, sub)) = matches.subcommand()
        && WITH_GAME_OPTIONS.contains(&name)
    {
        let options = args::read_game_options(sub);
        match &mut cli.command {
            Some(Command::Play(args)) => args.game.options = options,
            Some(Command::Analyze(args)) => args.game.options = options,
            Some(Command::Perft(args)) => args.game.options = options,
            Some(Command::Bench(args)) => args.options = options,
            Some(Command::Match(args)) => args.game.options = options,
            _ => {}
        }
    }
    if let (Some(("book", book)), Some(Command::Book(args))) =
        (matches.subcommand(), &mut cli.command)
        && let Some((_, action)) = book.subcommand()
    {
        let options = args::read_game_options(action);
        match &mut args.action {
            BookAction::Build(build) => build.game.options = options,
            BookAction::Probe(probe) => probe.game.options = options,
        }
    }
    cli
}

/// What `ply` alone does: start the web app; in the engine-testing build (`make`, the
/// `openbench` feature) speak UCI for chess instead, as OpenBench and cutechess run engines.
fn run_alone() -> anyhow::Result<()> {
    if cfg!(feature = "openbench") {
        commands::uci::run(&UciArgs::chess())
    } else {
        commands::serve::run(&ServeArgs::default())
    }
}

fn main() -> ExitCode {
    let cli = parse();
    // A server or a match referee writes to peers that may go away at any moment (a
    // browser closing its event stream, an engine that crashed): that is an error to
    // handle, never a reason to die, so they keep SIGPIPE ignored (Rust's default). The
    // other commands print for a reader and die quietly when it leaves.
    let talks_to_peers = match cli.command {
        None => !cfg!(feature = "openbench"),
        Some(Command::Serve(_)) | Some(Command::Match(_)) => true,
        Some(_) => false,
    };
    if !talks_to_peers {
        restore_default_sigpipe();
    }
    let result = match cli.command {
        None => run_alone(),
        Some(Command::Serve(args)) => commands::serve::run(&args),
        Some(Command::Menu(args)) => commands::menu::run(&args),
        Some(Command::Play(args)) => commands::play::run(&args),
        Some(Command::Analyze(args)) => commands::analyze::run(&args),
        Some(Command::Perft(args)) => commands::perft::run(&args),
        Some(Command::Bench(args)) => commands::bench::run(&args),
        Some(Command::Match(args)) => commands::match_runner::run(&args),
        Some(Command::Book(args)) => commands::book::run(&args),
        Some(Command::Gomocup) => commands::gomocup::run(),
        Some(Command::Uci(args)) => commands::uci::run(&args),
        Some(Command::Ucci(args)) => commands::ucci::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ply: {error:#}");
            ExitCode::FAILURE
        }
    }
}
