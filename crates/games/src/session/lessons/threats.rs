//! Threat search in caro: continuous fours (VCF) and threats of fours and open threes (VCT)
//! prove a win the main search would need many plies for. Positions from caro games ply's
//! strong player won against its classic one; the solver's line against the engine's
//! search alone, without its threat-space look at the root.

use ply_search::{Limits, Setup};

use super::figures::{Experiment, Figure, FigureTable};
use super::line_display;
use super::positions::caro;
use super::run::run_tuned;
use crate::caro::Rule;
use crate::caro::vcf::{Solver, SolverLimits};
use crate::caro::vct::VctCache;
use crate::session::rules::Rules;

/// A VCF position (Vietnamese caro rule, X to move: 23 plies of fours), from the table of
/// VCF positions found in games of the strong player against the classic one.
pub const VCF_POSITION: &str = "5o2o6/3xoxxxox2oo1/3x2oxo1xxox1/1xoo1o1ox1xxo2/1o2xxo1oxoox2/2oxxxooxoox1o1/1ox1oxxoxoo1x2/1o2xoxxxo1x3/1o1x1x1oo1x4/1xx3oxox5/1o4oxoo5/7xx1o4/7xo2x3/7o7/15 x";
/// A VCT position with no VCF (standard rule, X to move), after 32 plies of a game the
/// strong player (X, 20,000 positions a move) won against the classic player:
/// h8 g9 g11 h10 e9 f10 i10 f8 i11 e7 d6 f9 f11 h11 i12 i9 f6 i13 g13 h9 j9 h12 h13 g10
/// e10 g12 k10 j11 d7 g6 d5 d4.
pub const VCT_POSITION: &str =
    "15/15/6xxo6/6oox6/5xxoxo5/4xooox1x4/4xoooox5/5o1x7/3xo10/3x1xo8/3x11/3o11/15/15/15 x";
/// The depth of the engine's search without the threat look.
pub const THREAT_DEPTH: u32 = 4;
/// Most positions the solver may visit.
const SOLVER_NODES: u64 = 2_000_000;

/// Which solver an experiment runs.
#[derive(Clone, Copy)]
enum Kind {
    Fours,
    Threats,
}

fn experiment(key: &'static str, rule: Rule, board: &str, kind: Kind) -> Option<Experiment> {
    let (game, source) = caro(rule, board)?;
    let mut solver = Solver::new(SolverLimits {
        nodes: SOLVER_NODES,
        deadline: None,
    });
    let vcf = solver.find_vcf(&game);
    let vcf_nodes = solver.nodes();
    let (line, nodes) = match kind {
        Kind::Fours => (vcf.clone(), vcf_nodes),
        Kind::Threats => {
            let mut solver = Solver::new(SolverLimits {
                nodes: SOLVER_NODES,
                deadline: None,
            });
            let line = solver.find_vct(&game, &mut VctCache::default());
            (line, solver.nodes())
        }
    };
    let line = line.unwrap_or_default();
    let strong = game.strong();
    let alone = run_tuned(
        &game,
        strong,
        Setup {
            root_advice: false,
            ..Setup::of(&strong)
        },
        16,
        Limits::depth(THREAT_DEPTH),
    );
    let mut experiment = Experiment::new(key, "caro", game.position_text(), source);
    experiment
        .set("rule", Figure::Text(rule.to_string()))
        .set("line", Figure::Text(line_display(&game, &line).join(" ")))
        .count("plies", line.len() as u64)
        .count("attacks", line.len().div_ceil(2) as u64)
        .count("solver_nodes", nodes)
        .count("has_vcf", u64::from(vcf.is_some()))
        .count("vcf_nodes", vcf_nodes)
        .count("depth", u64::from(THREAT_DEPTH))
        .set(
            "alone_best",
            Figure::Text(alone.best.clone().unwrap_or_default()),
        )
        .set("alone_score", Figure::Score(alone.score))
        .count("alone_nodes", alone.nodes);
    experiment.tables.push(FigureTable {
        key: "threats",
        columns: vec!["search", "best", "score", "nodes"],
        rows: vec![
            vec![
                Figure::Word {
                    word: match kind {
                        Kind::Fours => "vcf",
                        Kind::Threats => "vct",
                    },
                },
                Figure::Text(
                    line_display(&game, &line)
                        .first()
                        .cloned()
                        .unwrap_or_default(),
                ),
                Figure::Score(crate::session::view::ScoreView::WinIn(line.len() as u32)),
                Figure::count(nodes),
            ],
            vec![
                Figure::Word {
                    word: "search_alone",
                },
                Figure::Text(alone.best.clone().unwrap_or_default()),
                Figure::Score(alone.score),
                Figure::count(alone.nodes),
            ],
        ],
    });
    Some(experiment)
}

/// The threat-search lesson: a VCF and a VCT.
pub fn threats() -> Vec<Experiment> {
    [
        experiment("vcf", Rule::Caro, VCF_POSITION, Kind::Fours),
        experiment("vct", Rule::Standard, VCT_POSITION, Kind::Threats),
    ]
    .into_iter()
    .flatten()
    .collect()
}
