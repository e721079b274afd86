//! `ply analyze --game FILE`: the engine goes over every position of a game read from a
//! file (PGN for chess and xiangqi, Piskvork's `.psq` for caro, ply's own text for
//! tic-tac-toe) and grades every move by the expected score it lost, as lichess does
//! (see [`ply_games::session::analysis`]). Text: a line per move as its position is done;
//! `--json`: one object at the end.

use std::path::Path;
use std::time::Instant;

use anyhow::Context;
use ply_games::session::analysis::{self, GameReview, MoveReview, PositionEval, Verdict};
use ply_games::{ScoreStyle, ScoreView, files};
use ply_search::{Limits, SearchControl, Side};
use serde_json::json;

use crate::args::{EngineArgs, LimitArgs};

/// Largest game file read.
const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Reads the game in `path` and analyses it.
pub fn run(
    path: &Path,
    limits: &LimitArgs,
    engine: &EngineArgs,
    as_json: bool,
) -> anyhow::Result<()> {
    let size = std::fs::metadata(path)
        .with_context(|| format!("cannot read {}", path.display()))?
        .len();
    if size > MAX_FILE_BYTES {
        anyhow::bail!(
            "{} is {size} bytes: a game file is at most {MAX_FILE_BYTES}",
            path.display()
        );
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let imported = files::import(&text)
        .with_context(|| format!("cannot read the game in {}", path.display()))?;
    let record = imported.record;
    let limits = if limits.is_empty() {
        analysis::default_limits(record.as_ref())
    } else {
        limits.limits()
    };
    let mut thinker = record.thinker();
    thinker.set_engine_options(engine.options());
    let review = GameReview::new(record.as_ref());
    let style = record.spec().score_style;
    if !as_json {
        println!(
            "{} · {} moves · {} · evaluations from {}'s view (M: plies to a forced win)",
            record.title(),
            review.moves().len(),
            limits_text(&limits),
            record.side_names()[0]
        );
        println!(
            "{:>4}  {:<12} {:>8} {:>8}  {:<11} {:<10} line",
            "ply", "move", "before", "after", "verdict", "better"
        );
    }
    let started = Instant::now();
    let control = SearchControl::default();
    let mut evals: Vec<PositionEval> = Vec::with_capacity(review.positions());
    // Moves are numbered from the start position's move number (a FEN's last field); a
    // game that starts with the second player's move numbers it "N…", then "N+1." on.
    let numbering = Numbering {
        first: files::move_number(&record.start_position()),
        shift: usize::from(review.mover(0) == Some(Side::Second)),
    };
    for index in 0..review.positions() {
        let eval = review
            .evaluate(index, thinker.as_mut(), &limits, &control)?
            .context("the search was stopped")?;
        evals.push(eval);
        if !as_json
            && index > 0
            && let (Some(mv), Some(mover)) =
                (review.moves().get(index - 1), review.mover(index - 1))
        {
            let (before, after) = (&evals[index - 1], &evals[index]);
            let graded = analysis::grade_move(index, mover, mv, before, after);
            print_move(&graded, numbering, before, after, style);
        }
    }
    let moves = review.grade(&evals);
    let nodes: u64 = evals.iter().map(|eval| eval.nodes).sum();
    let elapsed = started.elapsed();
    if as_json {
        let report = json!({
            "game": record.spec().name,
            "title": record.title(),
            "start_position": record.start_position(),
            "limits": limits_json(&limits),
            "moves": moves.iter().map(|review| {
                let before = &evals[review.ply - 1];
                let after = &evals[review.ply];
                json!({
                    "ply": review.ply,
                    "side": review.side,
                    "move": review.name,
                    "display": review.display,
                    "eval_before": before.score,
                    "eval_after": after.score,
                    "expected_before": review.expected_before,
                    "expected_after": review.expected_after,
                    "loss": review.loss,
                    "verdict": review.verdict,
                    "better": review.better,
                    "line": review.line,
                    "depth": before.depth,
                    "nodes": before.nodes,
                })
            }).collect::<Vec<_>>(),
            "positions": evals,
            "summary": summary_json(&moves),
            "nodes": nodes,
            "time_ms": elapsed.as_millis() as u64,
        });
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        for side in ["first", "second"] {
            let name = record.side_names()[usize::from(side == "second")];
            let count = |verdict| {
                moves
                    .iter()
                    .filter(|review| review.side == side && review.verdict == Some(verdict))
                    .count()
            };
            println!(
                "{name}: {} inaccuracies, {} mistakes, {} blunders",
                count(Verdict::Inaccuracy),
                count(Verdict::Mistake),
                count(Verdict::Blunder)
            );
        }
        println!("{} positions searched in {} ms", nodes, elapsed.as_millis());
    }
    Ok(())
}

/// How the game numbers its moves: the number of its first move, and 1 when the second
/// player moves first.
#[derive(Clone, Copy)]
struct Numbering {
    first: u32,
    shift: usize,
}

/// One graded move as a table row, numbered by `numbering`.
fn print_move(
    review: &MoveReview,
    numbering: Numbering,
    before: &PositionEval,
    after: &PositionEval,
    style: ScoreStyle,
) {
    let number = (review.ply + numbering.shift).div_ceil(2) + numbering.first as usize - 1;
    let dots = if review.side == "first" { "." } else { "..." };
    let symbol = review.verdict.map_or("", Verdict::symbol);
    println!(
        "{:>4}  {:<12} {:>8} {:>8}  {:<11} {:<10} {}",
        review.ply,
        format!("{number}{dots} {}{symbol}", review.display),
        eval_text(style, before.score),
        eval_text(style, after.score),
        review.verdict.map_or("", Verdict::name),
        review
            .better
            .as_ref()
            .map_or("", |better| better.display.as_str()),
        review.line.join(" ")
    );
}

/// A value from the first player's view for people: `+0.35` (chess, xiangqi, caro in
/// hundredths), `+2` (tic-tac-toe), `+M3` / `-M3` (a forced win in 3 plies).
pub fn eval_text(style: ScoreStyle, score: ScoreView) -> String {
    match score {
        ScoreView::WinIn(plies) => format!("+M{plies}"),
        ScoreView::LossIn(plies) => format!("-M{plies}"),
        ScoreView::Value(value) => match style {
            ScoreStyle::Plain => format!("{value:+}"),
            ScoreStyle::Pawns | ScoreStyle::Threats { .. } => {
                format!("{:+.2}", f64::from(value) / 100.0)
            }
        },
    }
}

fn limits_text(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(depth) = limits.depth {
        parts.push(format!("depth {depth}"));
    }
    if let Some(nodes) = limits.nodes {
        parts.push(format!("{nodes} nodes"));
    }
    if let Some(time) = limits.movetime {
        parts.push(format!("{} ms", time.as_millis()));
    }
    if parts.is_empty() {
        "until proven".to_string()
    } else {
        format!("{} a position", parts.join(", "))
    }
}

fn limits_json(limits: &Limits) -> serde_json::Value {
    json!({
        "depth": limits.depth,
        "nodes": limits.nodes,
        "movetime_ms": limits.movetime.map(|time| time.as_millis() as u64),
    })
}

fn summary_json(moves: &[MoveReview]) -> serde_json::Value {
    let count = |side: &str, verdict: Verdict| {
        moves
            .iter()
            .filter(|review| review.side == side && review.verdict == Some(verdict))
            .count()
    };
    let side = |side: &str| {
        json!({
            "inaccuracies": count(side, Verdict::Inaccuracy),
            "mistakes": count(side, Verdict::Mistake),
            "blunders": count(side, Verdict::Blunder),
        })
    };
    json!({ "first": side("first"), "second": side("second") })
}
