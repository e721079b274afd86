//! Iterative deepening with aspiration windows, and principal-variation search: the strong
//! chess engine on a middlegame of the Opera game, every iteration, every window it tried
//! (a fail high or low is searched again, wider) and every null-window scout it ran.

use ply_search::{Bound, Limits};

use super::figures::{Experiment, Figure, FigureTable};
use super::positions::opera;
use super::run::{EngineRun, run_engine};
use crate::chess::Chess;
use crate::session::rules::Rules;

/// Plies of the Opera game before the position (after 10. Nxb5).
pub const OPERA_WINDOW_PLIES: usize = 19;
/// Depth of the strong search.
pub const WINDOW_DEPTH: u32 = 9;

fn strong_search() -> (
    Chess,
    super::figures::Source,
    EngineRun<<Chess as ply_search::Game>::Move>,
) {
    let (game, source) = opera(OPERA_WINDOW_PLIES);
    let run = run_engine(&game, game.strong(), 16, Limits::depth(WINDOW_DEPTH));
    (game, source, run)
}

/// The word for a window try's verdict.
fn verdict(bound: Bound) -> Figure {
    Figure::Word {
        word: match bound {
            Bound::Exact => "inside",
            Bound::Lower => "fail_high",
            Bound::Upper => "fail_low",
        },
    }
}

/// Iterative deepening and aspiration windows.
pub fn deepening() -> Vec<Experiment> {
    let (game, source, run) = strong_search();
    let mut experiment = Experiment::new("opera", "chess", game.position_text(), source);
    let iterations = run
        .iterations
        .iter()
        .map(|iteration| {
            vec![
                Figure::count(u64::from(iteration.depth)),
                Figure::Score(iteration.score),
                Figure::count(iteration.nodes),
                Figure::Text(iteration.line.join(" ")),
            ]
        })
        .collect();
    let windows = run
        .windows
        .iter()
        .map(|window| {
            vec![
                Figure::count(u64::from(window.depth)),
                Figure::Score(window.alpha),
                Figure::Score(window.beta),
                Figure::Score(window.score),
                verdict(window.bound),
            ]
        })
        .collect();
    let fail_high = run
        .windows
        .iter()
        .filter(|window| window.bound == Bound::Lower)
        .count();
    let fail_low = run
        .windows
        .iter()
        .filter(|window| window.bound == Bound::Upper)
        .count();
    let first_best = run
        .iterations
        .first()
        .and_then(|iteration| iteration.line.first().cloned())
        .unwrap_or_default();
    let changes = run
        .iterations
        .windows(2)
        .filter(|pair| pair[0].line.first() != pair[1].line.first())
        .count();
    experiment
        .count("depth", u64::from(run.depth))
        .count("iterations", run.iterations.len() as u64)
        .count("nodes", run.nodes)
        .count("tries", run.windows.len() as u64)
        .count("fail_high", fail_high as u64)
        .count("fail_low", fail_low as u64)
        .count("best_changes", changes as u64)
        .set("first_best", Figure::Text(first_best))
        .set("best", Figure::Text(run.best.clone().unwrap_or_default()))
        .set("score", Figure::Score(run.score));
    experiment.tables.push(FigureTable {
        key: "iterations",
        columns: vec!["depth", "score", "cumulative", "line"],
        rows: iterations,
    });
    experiment.tables.push(FigureTable {
        key: "windows",
        columns: vec!["depth", "alpha", "beta", "score", "verdict"],
        rows: windows,
    });
    vec![experiment]
}

/// Principal-variation search: the scouts and their re-searches, iteration by iteration.
pub fn pvs() -> Vec<Experiment> {
    let (game, source, run) = strong_search();
    let mut experiment = Experiment::new("opera", "chess", game.position_text(), source);
    let rows = run
        .work
        .iter()
        .map(|work| {
            vec![
                Figure::count(u64::from(work.depth)),
                Figure::count(work.nodes),
                Figure::count(work.scouts),
                Figure::count(work.scout_researches),
                Figure::count(work.beta_cutoffs),
                Figure::count(work.first_move_cutoffs),
            ]
        })
        .collect();
    let scouts = run.total(|work| work.scouts);
    let researches = run.total(|work| work.scout_researches);
    let cutoffs = run.total(|work| work.beta_cutoffs);
    let first = run.total(|work| work.first_move_cutoffs);
    experiment
        .count("depth", u64::from(run.depth))
        .count("nodes", run.nodes)
        .count("scouts", scouts)
        .count("researches", researches)
        .count("research_permille", researches * 1000 / scouts.max(1))
        .count("cutoffs", cutoffs)
        .count("first_cut_pct", first * 100 / cutoffs.max(1))
        .set("best", Figure::Text(run.best.clone().unwrap_or_default()));
    experiment.tables.push(FigureTable {
        key: "scouts",
        columns: vec![
            "depth",
            "iteration",
            "scouts",
            "researches",
            "cutoffs",
            "first_cutoffs",
        ],
        rows,
    });
    vec![experiment]
}
