//! Null move and late-move reductions: the strong chess engine with each switched off in
//! turn at a fixed depth (what they skipped, counted), then with a fixed node budget: the
//! depth they buy, the moves chosen and a deeper search's judgement of both.

use ply_search::{Features, Limits, Setup};

use super::figures::{Experiment, Figure, FigureTable};
use super::positions::opera;
use super::run::{EngineRun, run_engine_on, run_tuned};
use crate::chess::Chess;
use crate::session::rules::Rules;

/// Plies of the Opera game before the position (after 11. Bxb5+, Black to move).
pub const PRUNING_PLIES: usize = 21;
/// The fixed depth of the comparison.
pub const PRUNING_DEPTH: u32 = 8;
/// The node budget of the second comparison.
pub const PRUNING_BUDGET: u64 = 30_000;
/// The depth of the search that judges the moves the budgeted searches chose.
pub const PRUNING_CHECK_DEPTH: u32 = 10;

type ChessRun = EngineRun<<Chess as ply_search::Game>::Move>;

/// The strong engine with `change` made to its features. Singular extensions stay off in
/// every arm: their test searches would blur what null move and reductions alone save.
fn search(game: &Chess, change: fn(&mut Features), limits: Limits) -> ChessRun {
    let evaluator = game.strong();
    let mut setup = Setup::of(&evaluator);
    change(&mut setup.features);
    setup.refinements.singular_margin = 0;
    run_tuned(game, evaluator, setup, 16, limits)
}

fn keep(_: &mut Features) {}

fn no_null(features: &mut Features) {
    features.null_move = false;
}

fn no_reductions(features: &mut Features) {
    features.late_move_reductions = false;
}

fn neither(features: &mut Features) {
    no_null(features);
    no_reductions(features);
}

fn row(name: &'static str, run: &ChessRun) -> Vec<Figure> {
    vec![
        Figure::Word { word: name },
        Figure::count(u64::from(run.depth)),
        Figure::count(run.nodes),
        Figure::Text(run.best.clone().unwrap_or_default()),
        Figure::Score(run.score),
        Figure::count(run.total(|work| work.null_tries)),
        Figure::count(run.total(|work| work.null_cutoffs)),
        Figure::count(run.total(|work| work.reductions)),
        Figure::count(run.total(|work| work.reduction_researches)),
    ]
}

/// The pruning lesson.
pub fn pruning() -> Vec<Experiment> {
    let (game, source) = opera(PRUNING_PLIES);
    let depth = Limits::depth(PRUNING_DEPTH);
    let full = search(&game, keep, depth.clone());
    let without_null = search(&game, no_null, depth.clone());
    let without_reductions = search(&game, no_reductions, depth.clone());
    let plain = search(&game, neither, depth);
    let budget = Limits::nodes(PRUNING_BUDGET);
    let full_budget = search(&game, keep, budget.clone());
    let plain_budget = search(&game, neither, budget);
    let check = |run: &ChessRun| {
        let only = run.best_move.map(|mv| vec![mv]);
        run_engine_on(
            &game,
            game.strong(),
            16,
            Limits::depth(PRUNING_CHECK_DEPTH),
            only,
        )
        .score
    };
    let columns = vec![
        "search",
        "depth",
        "nodes",
        "best",
        "score",
        "null_tries",
        "null_cutoffs",
        "reductions",
        "reduction_researches",
    ];
    let mut experiment = Experiment::new("opera", "chess", game.position_text(), source);
    experiment
        .count("depth", u64::from(PRUNING_DEPTH))
        .count("full_nodes", full.nodes)
        .count("no_null_nodes", without_null.nodes)
        .count("no_lmr_nodes", without_reductions.nodes)
        .count("plain_nodes", plain.nodes)
        .count("null_cutoffs", full.total(|work| work.null_cutoffs))
        .count("null_tries", full.total(|work| work.null_tries))
        .count("reductions", full.total(|work| work.reductions))
        .count(
            "reduction_researches",
            full.total(|work| work.reduction_researches),
        )
        .count("budget", PRUNING_BUDGET)
        .count("budget_full_depth", u64::from(full_budget.depth))
        .count("budget_plain_depth", u64::from(plain_budget.depth))
        .set(
            "budget_full_best",
            Figure::Text(full_budget.best.clone().unwrap_or_default()),
        )
        .set(
            "budget_plain_best",
            Figure::Text(plain_budget.best.clone().unwrap_or_default()),
        )
        .count("check_depth", u64::from(PRUNING_CHECK_DEPTH))
        .set("budget_full_checked", Figure::Score(check(&full_budget)))
        .set("budget_plain_checked", Figure::Score(check(&plain_budget)))
        .set(
            "full_best",
            Figure::Text(full.best.clone().unwrap_or_default()),
        )
        .set(
            "plain_best",
            Figure::Text(plain.best.clone().unwrap_or_default()),
        );
    experiment.tables.push(FigureTable {
        key: "depth",
        columns: columns.clone(),
        rows: vec![
            row("all", &full),
            row("no_null", &without_null),
            row("no_lmr", &without_reductions),
            row("neither", &plain),
        ],
    });
    experiment.tables.push(FigureTable {
        key: "budget",
        columns,
        rows: vec![row("all", &full_budget), row("neither", &plain_budget)],
    });
    vec![experiment]
}
