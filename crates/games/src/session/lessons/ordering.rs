//! Move ordering and the transposition table. The engine deepens iteratively, so its count
//! is the sum of every iteration's; the fair comparison with the textbook's alpha-beta is
//! the last iteration alone, which the engine's own `Work` events give.

use ply_search::teaching::{TeachingSettings, alphabeta};
use ply_search::{Evaluator, Limits, Setup};

use super::figures::{Experiment, Figure, FigureTable, Source};
use super::positions::{TUTORIAL, opera, tictactoe};
use super::run::{EngineRun, run_tuned};
use super::trees::TUTORIAL_DEPTH;
use crate::session::rules::Rules;
use crate::session::think::Level;

/// Plies of the Opera game before the chess experiments' position (after 9… b5).
pub const OPERA_ORDERING_PLIES: usize = 18;
/// Depth of the chess ordering experiment.
pub const OPERA_ORDERING_DEPTH: u32 = 4;
/// Depth of the chess table experiment.
pub const OPERA_TABLE_DEPTH: u32 = 5;

/// Ordering, per iteration, against the textbook alpha-beta at each depth.
fn ordering_at<R: Rules, E: Evaluator<R>>(
    key: &'static str,
    game: &R,
    evaluator: E,
    settings: TeachingSettings,
    depth: u32,
    source: Source,
) -> Experiment {
    let engine = run_tuned(
        game,
        evaluator.clone(),
        Setup::exact(),
        0,
        Limits::depth(depth),
    );
    let mut rows = Vec::new();
    let mut plain_last = 0;
    for iteration in &engine.iterations {
        let plain = alphabeta(
            &mut game.clone(),
            &evaluator,
            TeachingSettings {
                depth: iteration.depth,
                ..settings
            },
            &mut (),
        );
        plain_last = plain.nodes;
        let alone = engine.work_at(iteration.depth).map_or(0, |work| work.nodes);
        rows.push(vec![
            Figure::count(u64::from(iteration.depth)),
            Figure::count(plain.nodes),
            Figure::count(alone),
            Figure::count(iteration.nodes),
        ]);
    }
    let last = engine.work_at(engine.depth).copied().unwrap_or_default();
    let mut experiment = Experiment::new(key, game_name::<R>(), game.position_text(), source);
    experiment
        .count("depth", u64::from(engine.depth))
        .count("engine_nodes", engine.nodes)
        .count("plain_nodes", plain_last)
        .count("last_iteration", last.nodes)
        .count(
            "earlier_iterations",
            engine.nodes.saturating_sub(last.nodes),
        )
        .count(
            "first_cut_pct",
            last.first_move_cutoffs * 100 / last.beta_cutoffs.max(1),
        )
        .set(
            "best",
            Figure::Text(engine.best.clone().unwrap_or_default()),
        );
    experiment.tables.push(FigureTable {
        key: "iterations",
        columns: vec!["depth", "plain", "iteration", "cumulative"],
        rows,
    });
    experiment
}

fn game_name<R: Rules>() -> &'static str {
    R::NAME
}

/// The ordering lesson: the tutorial's tic-tac-toe and a chess middlegame.
pub fn ordering() -> Vec<Experiment> {
    let (game, source) = tictactoe(Some(TUTORIAL));
    let tutorial = ordering_at(
        "tutorial",
        &game,
        game.classic(),
        game.teaching_settings(Level::Classic),
        TUTORIAL_DEPTH,
        source,
    );
    let (chess, source) = opera(OPERA_ORDERING_PLIES);
    let middlegame = ordering_at(
        "opera",
        &chess,
        chess.classic(),
        chess.teaching_settings(Level::Classic),
        OPERA_ORDERING_DEPTH,
        source,
    );
    vec![tutorial, middlegame]
}

/// With and without the table, iteration by iteration.
fn table_at<R: Rules, E: Evaluator<R>>(
    key: &'static str,
    game: &R,
    evaluator: E,
    depth: u32,
    source: Source,
) -> Experiment {
    let without = run_tuned(
        game,
        evaluator.clone(),
        Setup::exact(),
        0,
        Limits::depth(depth),
    );
    let with = run_tuned(game, evaluator, Setup::exact(), 16, Limits::depth(depth));
    let rows = with
        .iterations
        .iter()
        .map(|iteration| {
            let plain = cumulative_at(&without, iteration.depth);
            let cutoffs = with.work_at(iteration.depth).map_or(0, |w| w.table_cutoffs);
            vec![
                Figure::count(u64::from(iteration.depth)),
                Figure::count(plain),
                Figure::count(iteration.nodes),
                Figure::count(iteration.tt_hits),
                Figure::count(cutoffs),
            ]
        })
        .collect();
    let mut experiment = Experiment::new(key, game_name::<R>(), game.position_text(), source);
    experiment
        .count("depth", u64::from(depth))
        .count("without_nodes", without.nodes)
        .count("with_nodes", with.nodes)
        .count("saved_pct", 100 - with.nodes * 100 / without.nodes.max(1))
        .count("table_cutoffs", with.total(|work| work.table_cutoffs))
        .set("without_score", Figure::Score(without.score))
        .set("with_score", Figure::Score(with.score))
        .set("best", Figure::Text(with.best.clone().unwrap_or_default()));
    experiment.tables.push(FigureTable {
        key: "table",
        columns: vec!["depth", "without", "with", "hits", "table_cutoffs"],
        rows,
    });
    experiment
}

fn cumulative_at<M>(run: &EngineRun<M>, depth: u32) -> u64 {
    run.iterations
        .iter()
        .find(|iteration| iteration.depth == depth)
        .map_or(0, |iteration| iteration.nodes)
}

/// The table lesson: the empty tic-tac-toe board (every position reached by many move
/// orders) and the chess middlegame.
pub fn table() -> Vec<Experiment> {
    let (game, source) = tictactoe(None);
    let empty = table_at("empty", &game, game.classic(), 9, source);
    let (chess, source) = opera(OPERA_ORDERING_PLIES);
    let middlegame = table_at("opera", &chess, chess.classic(), OPERA_TABLE_DEPTH, source);
    vec![empty, middlegame]
}
