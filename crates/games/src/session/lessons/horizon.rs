//! Quiescence and the horizon effect: a depth-limited search that stops dead at its
//! horizon judges a position in the middle of an exchange and plays a blunder; the same
//! search with quiescence (captures searched on past the horizon) does not. A deeper
//! search of each chosen move shows what it really costs.

use ply_search::{Evaluator, Limits, Setup};

use super::figures::{Experiment, Figure, FigureTable, Source};
use super::positions::opera;
use super::run::{EngineRun, run_engine, run_engine_on, run_tuned};
use crate::session::rules::Rules;
use crate::session::view::ScoreView;

/// Plies of the Opera game before the position (after 6… Nf6: the queen on f3 faces the
/// knight, which the g-pawn defends).
pub const HORIZON_PLIES: usize = 12;
/// The depth of the searches that choose a move.
pub const HORIZON_DEPTH: u32 = 1;
/// The depth of the search that checks each chosen move.
pub const CHECK_DEPTH: u32 = 8;

/// The quiescence lesson's experiment on `game`.
fn horizon_at<R: Rules, E: Evaluator<R>>(
    key: &'static str,
    game: &R,
    evaluator: E,
    depth: u32,
    source: Source,
) -> Experiment {
    let mut blind_setup = Setup::of(&evaluator);
    blind_setup.features.quiescence = false;
    let blind = run_tuned(
        game,
        evaluator.clone(),
        blind_setup,
        16,
        Limits::depth(depth),
    );
    let seeing = run_engine(game, evaluator.clone(), 16, Limits::depth(depth));
    let check = |run: &EngineRun<R::Move>| {
        let moves = run.best_move.map(|mv| vec![mv]);
        run_engine_on(
            game,
            evaluator.clone(),
            16,
            Limits::depth(CHECK_DEPTH),
            moves,
        )
    };
    let blind_check = check(&blind);
    let seeing_check = check(&seeing);
    let line = |run: &EngineRun<R::Move>| {
        run.iterations
            .last()
            .map(|iteration| iteration.line.join(" "))
            .unwrap_or_default()
    };
    let loss = match (seeing_check.score, blind_check.score) {
        (ScoreView::Value(good), ScoreView::Value(bad)) => i64::from(good) - i64::from(bad),
        _ => 0,
    };
    let row = |name: &'static str, run: &EngineRun<R::Move>, checked: &EngineRun<R::Move>| {
        vec![
            Figure::Word { word: name },
            Figure::Text(run.best.clone().unwrap_or_default()),
            Figure::Score(run.score),
            Figure::count(run.nodes),
            Figure::Score(checked.score),
            Figure::Text(line(checked)),
        ]
    };
    let mut experiment = Experiment::new(key, R::NAME, game.position_text(), source);
    experiment
        .count("depth", u64::from(depth))
        .count("check_depth", u64::from(CHECK_DEPTH))
        .set(
            "blind_best",
            Figure::Text(blind.best.clone().unwrap_or_default()),
        )
        .set("blind_score", Figure::Score(blind.score))
        .set("blind_checked", Figure::Score(blind_check.score))
        .set("blind_line", Figure::Text(line(&blind_check)))
        .set(
            "seeing_best",
            Figure::Text(seeing.best.clone().unwrap_or_default()),
        )
        .set("seeing_score", Figure::Score(seeing.score))
        .set("seeing_checked", Figure::Score(seeing_check.score))
        .count(
            "quiescence_nodes",
            seeing.total(|work| work.quiescence_nodes),
        )
        .count("seeing_nodes", seeing.nodes)
        .count("blind_nodes", blind.nodes)
        .set("loss", Figure::Number(loss));
    experiment.tables.push(FigureTable {
        key: "horizon",
        columns: vec![
            "search",
            "best",
            "score",
            "nodes",
            "checked",
            "checked_line",
        ],
        rows: vec![
            row("without_quiescence", &blind, &blind_check),
            row("with_quiescence", &seeing, &seeing_check),
        ],
    });
    experiment
}

/// The quiescence lesson: a position of the Opera game.
pub fn quiescence() -> Vec<Experiment> {
    let (game, source) = opera(HORIZON_PLIES);
    vec![horizon_at(
        "opera",
        &game,
        game.strong(),
        HORIZON_DEPTH,
        source,
    )]
}
