//! `ply analyze`: search one position and report the best move, its score and the line; with
//! `--all-moves`, every legal move's exact value (the seed's per-move table); with `--json`,
//! one JSON object.

use anyhow::bail;
use clap::Args;
use ply_games::{Algorithm, Level, Record, ScoreView, ThinkEvent, ThinkRequest, ThinkResult};
use ply_search::SearchControl;
use serde_json::json;

use crate::args::{EngineArgs, GameArgs, LimitArgs, default_limits};

/// Arguments of `ply analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Moves to play from the position first, separated by spaces.
    #[arg(long)]
    moves: Option<String>,
    /// minimax, alphabeta (the textbook algorithms) or engine.
    #[arg(long)]
    algorithm: Option<Algorithm>,
    /// classic (the seed's evaluation) or strong; default: classic for the textbook
    /// algorithms, strong for the engine.
    #[arg(long)]
    level: Option<Level>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Score every legal move exactly.
    #[arg(long)]
    all_moves: bool,
    /// Lines to search with exact scores (engine).
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    engine: EngineArgs,
    /// Analyse a whole game read from FILE (PGN for chess and xiangqi, Piskvork .psq for
    /// caro, ply's own text for tic-tac-toe): every position searched, every move graded.
    #[arg(long = "game", id = "game_file", value_name = "FILE")]
    game_file: Option<std::path::PathBuf>,
}

/// Runs `ply analyze`.
pub fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    if let Some(file) = &args.game_file {
        if args.game.position.is_some()
            || args.moves.is_some()
            || args.algorithm.is_some()
            || args.level.is_some()
            || args.all_moves
            || args.multipv != 1
        {
            bail!(
                "--game FILE analyses the file's game: --position, --moves, --algorithm, --level, --all-moves and --multipv do not apply"
            );
        }
        return super::analyze_game::run(file, &args.limits, &args.engine, args.json);
    }
    if args.game.game.is_empty() {
        bail!("name a game (tictactoe, caro, xiangqi, chess) or give --game FILE");
    }
    let spec = args.game.spec()?;
    let mut session = args.game.table()?;
    for text in args.moves.iter().flat_map(|moves| moves.split_whitespace()) {
        session.play_text(text)?;
    }
    session.thinker.set_engine_options(args.engine.options());
    let algorithm = args.algorithm.unwrap_or(Algorithm::Engine);
    let level = args.level.unwrap_or(match algorithm {
        Algorithm::Engine => Level::Strong,
        _ => Level::Classic,
    });
    if args.multipv == 0 {
        bail!("--multipv must be at least 1");
    }
    let mut request = ThinkRequest::new(level, default_limits(spec, &args.limits));
    request.algorithm = Some(algorithm);
    request.all_moves = args.all_moves;
    request.multipv = args.multipv;

    if !args.json {
        println!(
            "{} · {} · {} to move · {} ({})",
            session.title(),
            session.position(),
            session.side_names()[session.side_to_move().index()],
            algorithm,
            level
        );
    }
    let quiet = args.json;
    let result = session.think(&request, &SearchControl::default(), &mut |event| {
        if !quiet && let ThinkEvent::Iteration(line) = event {
            println!(
                "depth {:>2}/{:<2} {:>10} nodes {:>9} nps {:>7} ms  {:<12} {}",
                line.depth,
                line.seldepth,
                line.nodes,
                line.nps,
                line.time_ms,
                score_text(line.score),
                line.pv_display.join(" ")
            );
        }
    })?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report(&*session, level, &result))?
        );
    } else {
        print_summary(&result);
    }
    Ok(())
}

/// A score for people: `+12`, `0`, `win in 3 plies`, `loss in 2 plies`.
pub fn score_text(score: ScoreView) -> String {
    match score {
        ScoreView::Value(0) => "0".to_string(),
        ScoreView::Value(value) => format!("{value:+}"),
        ScoreView::WinIn(plies) => format!("win in {plies} {}", plural(plies, "ply", "plies")),
        ScoreView::LossIn(plies) => format!("loss in {plies} {}", plural(plies, "ply", "plies")),
    }
}

fn plural(count: u32, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 { one } else { many }
}

/// One number for a score: the value itself, or ±(1,000,000 − plies) for a decided game.
pub fn score_number(score: ScoreView) -> i64 {
    match score {
        ScoreView::Value(value) => i64::from(value),
        ScoreView::WinIn(plies) => 1_000_000 - i64::from(plies),
        ScoreView::LossIn(plies) => -(1_000_000 - i64::from(plies)),
    }
}

fn mate_plies(score: ScoreView) -> Option<i64> {
    match score {
        ScoreView::Value(_) => None,
        ScoreView::WinIn(plies) => Some(i64::from(plies)),
        ScoreView::LossIn(plies) => Some(-i64::from(plies)),
    }
}

fn report(session: &dyn Record, level: Level, result: &ThinkResult) -> serde_json::Value {
    json!({
        "game": session.spec().name,
        "position": session.position(),
        "to_move": session.side_names()[session.side_to_move().index()],
        "algorithm": result.algorithm,
        "level": level,
        "best_move": result.best_move.as_ref().map(|mv| mv.name.clone()),
        "best_move_display": result.best_move.as_ref().map(|mv| mv.display.clone()),
        "score": score_number(result.score),
        "mate_plies": mate_plies(result.score),
        "proven": result.proven,
        "depth": result.depth,
        "seldepth": result.seldepth,
        "nodes": result.nodes,
        "time_ms": result.time_ms,
        "nps": result.nps,
        "pv": result.pv,
        "pv_display": result.pv_display,
        "moves": result.moves.iter().map(|scored| json!({
            "move": scored.name,
            "display": scored.display,
            "score": score_number(scored.score),
            "mate_plies": mate_plies(scored.score),
        })).collect::<Vec<_>>(),
    })
}

fn print_summary(result: &ThinkResult) {
    let Some(best) = &result.best_move else {
        println!("The game is over: no move to play.");
        return;
    };
    let what = match result.algorithm {
        Algorithm::Engine => "searched",
        _ => "visited",
    };
    println!(
        "best move {}  score {}{}  depth {}  {what} {} positions in {} ms",
        best.display,
        score_text(result.score),
        if result.proven { " (proven)" } else { "" },
        result.depth,
        result.nodes,
        result.time_ms
    );
    if !result.pv_display.is_empty() {
        println!("line: {}", result.pv_display.join(" "));
    }
    if !result.moves.is_empty() {
        println!("every move:");
        for scored in &result.moves {
            println!("  {:<10} {}", scored.display, score_text(scored.score));
        }
    }
}
