//! The engine's selective refinements (singular extensions, correction history, null-move
//! margins, quiescence futility, razoring, alpha reductions, reductions spared on former
//! principal lines) keep every forced win and
//! legal move, and reach the search.

mod common;

use common::{Blind, Mnk, Selective, engine_units, random_position, search};
use ply_search::teaching::{TeachingSettings, minimax};
use ply_search::{
    Engine, EngineOptions, Evaluator, Game, Limits, Score, SearchControl, SearchEvent,
    SearchRequest,
};

/// Searches twenty random positions to depth 6 with `evaluator`, one and two threads, and
/// checks that every move is legal and every forced win found is scored as one. Returns
/// the work the searches reported, summed.
fn wins_what_is_won<E: Evaluator<Mnk>>(evaluator: E) -> ply_search::IterationWork {
    let mut total = ply_search::IterationWork::default();
    for seed in 0..20u64 {
        let mut game = random_position(5, 5, 4, 4 + (seed % 5) as usize, seed * 31 + 7);
        game.nulls_allowed = true;
        let mut reference = game.clone();
        let depth = 3;
        let truth = minimax(
            &mut reference,
            &Blind,
            TeachingSettings {
                depth,
                leaves: engine_units(depth),
            },
            &mut (),
        );
        for threads in [1, 2] {
            let mut engine = Engine::new(
                evaluator.clone(),
                EngineOptions {
                    hash_mib: 1,
                    threads,
                },
            );
            let request = SearchRequest::new(Limits::depth(6));
            let result = engine.search(&game, &request, &SearchControl::new(), &mut |event| {
                if let SearchEvent::Work(work) = event {
                    total.singular_tries += work.singular_tries;
                    total.singular_extensions += work.singular_extensions;
                    total.multi_cuts += work.multi_cuts;
                }
            });
            let mut legal = Vec::new();
            game.generate_moves(&mut legal);
            let best = result.best_move.expect("a move");
            assert!(legal.contains(&best));
            if truth.value >= Score::MATE - 3 {
                assert!(
                    result.score.mate_plies().is_some_and(|p| p > 0 && p <= 3),
                    "seed {seed}: {}",
                    result.score
                );
            }
        }
    }
    total
}

#[test]
fn the_selective_engine_still_wins_what_is_won_and_plays_legal_moves() {
    let work = wins_what_is_won(Selective);
    assert_eq!(work.singular_tries, 0, "singular extensions are off");
}

#[test]
fn singular_extensions_are_tried_and_keep_wins_and_legality() {
    let work = wins_what_is_won(SelectiveWith::SINGULAR);
    assert!(work.singular_tries > 0, "{work:?}");
    assert!(work.singular_extensions > 0, "{work:?}");
    assert!(
        work.singular_extensions + work.multi_cuts <= work.singular_tries,
        "{work:?}"
    );
}

/// Nodes of a one-thread depth-7 search of the empty 5×5 four-in-a-row board by `base` and
/// by `variant` (null moves allowed or not).
fn nodes_of(base: SelectiveWith, variant: SelectiveWith, nulls_allowed: bool) -> (u64, u64) {
    let options = EngineOptions {
        hash_mib: 1,
        threads: 1,
    };
    let mut game = Mnk::new(5, 5, 4);
    game.nulls_allowed = nulls_allowed;
    let request = SearchRequest::new(Limits::depth(7));
    let plain = search(&game, base, options, request.clone());
    let other = search(&game, variant, options, request);
    (plain.nodes, other.nodes)
}

#[test]
fn correction_history_keeps_wins_and_legality_and_changes_the_search() {
    wins_what_is_won(SelectiveWith::CORRECTED);
    let (plain, corrected) = nodes_of(SelectiveWith::TUNED, SelectiveWith::CORRECTED, false);
    assert_ne!(plain, corrected, "the corrections reach the search");
}

#[test]
fn null_moves_reduced_by_the_margin_keep_wins_and_legality_and_change_the_search() {
    wins_what_is_won(SelectiveWith::NULL_MARGIN);
    let (plain, reduced) = nodes_of(SelectiveWith::TUNED, SelectiveWith::NULL_MARGIN, true);
    assert!(
        reduced < plain,
        "deeper null-move reductions search less: {} against {}",
        reduced,
        plain
    );
}

#[test]
fn quiescence_futility_keeps_wins_and_legality_and_changes_the_search() {
    wins_what_is_won(SelectiveWith::QUIESCENCE_FUTILITY);
    let (plain, pruned) = nodes_of(
        SelectiveWith::TUNED,
        SelectiveWith::QUIESCENCE_FUTILITY,
        false,
    );
    assert_ne!(plain, pruned, "quiescence futility reaches the search");
}

#[test]
fn razoring_keeps_wins_and_legality_and_changes_the_search() {
    wins_what_is_won(SelectiveWith::RAZOR);
    let (plain, razored) = nodes_of(SelectiveWith::TUNED, SelectiveWith::RAZOR, false);
    assert!(
        razored < plain,
        "razoring searches fewer nodes: {razored} against {plain}"
    );
}

#[test]
fn a_node_under_threat_is_not_pruned_by_its_static_value() {
    let threatened = SelectiveWith {
        threatened: true,
        ..SelectiveWith::RAZOR
    };
    wins_what_is_won(threatened);
    let (razored, unpruned) = nodes_of(SelectiveWith::RAZOR, threatened, false);
    assert!(
        unpruned > razored,
        "no razoring or reverse futility under threat searches more: {unpruned} against {razored}"
    );
}

#[test]
fn alpha_reductions_keep_wins_and_legality_and_change_the_search() {
    wins_what_is_won(SelectiveWith::ALPHA_REDUCTION);
    let (plain, reduced) = nodes_of(SelectiveWith::TUNED, SelectiveWith::ALPHA_REDUCTION, false);
    assert_ne!(plain, reduced, "the alpha reductions reach the search");
}

#[test]
fn reductions_spared_on_former_principal_lines_keep_wins_and_legality_and_change_the_search() {
    wins_what_is_won(SelectiveWith::TABLE_PV);
    let (plain, spared) = nodes_of(SelectiveWith::REDUCED, SelectiveWith::TABLE_PV, false);
    assert_ne!(
        plain, spared,
        "the table's principal-line flag reaches the search"
    );
}

/// [`Selective`] with its own search constants and refinements.
#[derive(Clone, Copy, Debug)]
struct SelectiveWith {
    params: ply_search::SearchParams,
    refinements: ply_search::Refinements,
    /// Whether every position counts as under threat (no static pruning anywhere).
    threatened: bool,
}

impl SelectiveWith {
    /// No late-move pruning or reductions.
    const TUNED: SelectiveWith = SelectiveWith {
        threatened: false,
        params: ply_search::SearchParams {
            late_move_depth: 0,
            reduction_depth: 99,
            ..ply_search::SearchParams::DEFAULT
        },
        refinements: ply_search::Refinements {
            continuation_history: false,
            quiescence_skip_bad_tactics: false,
            internal_iterative_reduction: false,
            history_reductions: false,
            history_pruning_margin: 0,
            quiet_exchange_margin: 0,
            spare_checks: false,
            table_eval: false,
            steady_time: false,
            singular_margin: 0,
            correction_limit: 0,
            null_move_eval_divisor: 0,
            quiescence_futility_margin: 0,
            razor_margin: 0,
            alpha_reduction: false,
            table_pv_reductions: false,
        },
    };

    /// Late-move reductions from depth 3, as the engine's defaults have them.
    const REDUCED: SelectiveWith = SelectiveWith {
        threatened: false,
        params: ply_search::SearchParams {
            late_move_depth: 0,
            ..ply_search::SearchParams::DEFAULT
        },
        refinements: SelectiveWith::TUNED.refinements,
    };

    /// Late-move reductions that spare a ply where the table marks a former principal line.
    const TABLE_PV: SelectiveWith = SelectiveWith {
        threatened: false,
        params: SelectiveWith::REDUCED.params,
        refinements: ply_search::Refinements {
            table_pv_reductions: true,
            ..SelectiveWith::TUNED.refinements
        },
    };

    /// Singular extensions from depth 3.
    const SINGULAR: SelectiveWith = SelectiveWith {
        threatened: false,
        params: ply_search::SearchParams {
            singular_depth: 3,
            ..ply_search::SearchParams::DEFAULT
        },
        refinements: ply_search::Refinements {
            singular_margin: 5,
            ..SelectiveWith::TUNED.refinements
        },
    };

    /// Null moves reduced a further ply per 10 units of static value above beta.
    const NULL_MARGIN: SelectiveWith = SelectiveWith {
        threatened: false,
        params: SelectiveWith::TUNED.params,
        refinements: ply_search::Refinements {
            null_move_eval_divisor: 10,
            ..SelectiveWith::TUNED.refinements
        },
    };

    /// Quiescence futility with a margin of 10 units.
    const QUIESCENCE_FUTILITY: SelectiveWith = SelectiveWith {
        threatened: false,
        params: SelectiveWith::TUNED.params,
        refinements: ply_search::Refinements {
            quiescence_futility_margin: 10,
            ..SelectiveWith::TUNED.refinements
        },
    };

    /// Razoring at 5 units a ply below alpha.
    const RAZOR: SelectiveWith = SelectiveWith {
        threatened: false,
        params: SelectiveWith::TUNED.params,
        refinements: ply_search::Refinements {
            razor_margin: 5,
            ..SelectiveWith::TUNED.refinements
        },
    };

    /// The moves after one that raised alpha a ply shallower.
    const ALPHA_REDUCTION: SelectiveWith = SelectiveWith {
        threatened: false,
        params: SelectiveWith::TUNED.params,
        refinements: ply_search::Refinements {
            alpha_reduction: true,
            ..SelectiveWith::TUNED.refinements
        },
    };

    /// Correction history (keyed by the low bits of the hash, so that positions share).
    const CORRECTED: SelectiveWith = SelectiveWith {
        threatened: false,
        params: SelectiveWith::TUNED.params,
        refinements: ply_search::Refinements {
            correction_limit: 40,
            ..SelectiveWith::TUNED.refinements
        },
    };
}

impl Evaluator<Mnk> for SelectiveWith {
    fn evaluate(&self, game: &Mnk) -> i32 {
        Selective.evaluate(game)
    }
    fn noisy_moves(&self, game: &Mnk, moves: &mut Vec<u8>) {
        Selective.noisy_moves(game, moves);
    }
    fn tactical_score(&self, game: &Mnk, mv: u8) -> Option<i32> {
        Selective.tactical_score(game, mv)
    }
    fn features(&self) -> ply_search::Features {
        Selective.features()
    }
    /// A winning move gains nothing by exchange: quiescence futility judges it by the
    /// static value alone.
    fn exchange(&self, game: &Mnk, mv: u8) -> Option<i32> {
        Selective.tactical_score(game, mv).map(|_| 0)
    }
    fn search_params(&self) -> ply_search::SearchParams {
        self.params
    }
    fn refinements(&self) -> ply_search::Refinements {
        self.refinements
    }
    fn correction_key(&self, game: &Mnk) -> Option<u64> {
        Some(game.hash() & 63)
    }
    fn under_threat(&self, _game: &Mnk) -> bool {
        self.threatened
    }
}

#[test]
fn an_evaluator_tunes_the_search_constants_of_its_engine() {
    let options = EngineOptions {
        hash_mib: 1,
        threads: 1,
    };
    let plain = Engine::new(Selective, options);
    assert_eq!(plain.params(), &ply_search::SearchParams::DEFAULT);
    let tuned = Engine::new(SelectiveWith::TUNED, options);
    assert_eq!(tuned.params(), &SelectiveWith::TUNED.params);

    // The constants reach the search: without pruning and reductions it visits more.
    let game = Mnk::new(5, 5, 4);
    let request = SearchRequest::new(Limits::depth(6));
    let a = search(&game, Selective, options, request.clone());
    let b = search(&game, SelectiveWith::TUNED, options, request);
    assert!(
        b.nodes > a.nodes,
        "tuned {} nodes, default {}",
        b.nodes,
        a.nodes
    );
}
