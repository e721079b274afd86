//! The engine agrees with plain minimax, whatever its table, ordering and threads do, and
//! keeps its promises about limits, events and determinism.

mod common;

use std::time::Duration;

use common::{Blind, Mnk, OpenLines, Selective, engine_units, random_position, search};
use ply_search::skill::Noise;
use ply_search::teaching::{TeachingSettings, minimax, score_root_moves};
use ply_search::{
    Bound, Engine, EngineOptions, Evaluator, Game, Limits, Score, SearchControl, SearchEvent,
    SearchRequest, Setup,
};

const CONFIGS: [EngineOptions; 4] = [
    EngineOptions {
        hash_mib: 0,
        threads: 1,
    },
    EngineOptions {
        hash_mib: 1,
        threads: 1,
    },
    EngineOptions {
        hash_mib: 1,
        threads: 2,
    },
    EngineOptions {
        hash_mib: 4,
        threads: 3,
    },
];

#[test]
fn exhaustive_values_equal_minimax_on_random_positions() {
    for seed in 0..40u64 {
        let (w, h, stones) = if seed % 2 == 0 {
            (3, 3, (seed % 5) as usize)
        } else {
            (4, 3, 3 + (seed % 3) as usize)
        };
        let game = random_position(w, h, 3, stones, seed * 7919 + 1);
        let depth = game.empty_cells() as u32;
        let mut reference = game.clone();
        let expected = minimax(
            &mut reference,
            &Blind,
            TeachingSettings {
                depth,
                leaves: engine_units(depth),
            },
            &mut (),
        );
        for options in CONFIGS {
            let result = search(&game, Blind, options, SearchRequest::new(Limits::default()));
            assert_eq!(
                result.score.raw(),
                expected.value,
                "seed {seed} {options:?}: engine {} vs minimax {}",
                result.score,
                Score::from_raw(expected.value)
            );
            assert!(result.proven, "a full-depth exact search is a proof");
            let mut line = game.clone();
            for &mv in &result.pv {
                let mut legal = Vec::new();
                line.generate_moves(&mut legal);
                assert!(legal.contains(&mv), "pv move {mv} is legal");
                line.make_move(mv);
            }
        }
    }
}

#[test]
fn depth_limited_values_equal_minimax_without_a_table() {
    for seed in 0..30u64 {
        let game = random_position(4, 4, 3, 2 + (seed % 4) as usize, seed * 104_729 + 3);
        for depth in 1..=4 {
            let mut reference = game.clone();
            let expected = minimax(
                &mut reference,
                &OpenLines,
                TeachingSettings {
                    depth,
                    leaves: engine_units(depth),
                },
                &mut (),
            );
            let result = search(
                &game,
                OpenLines,
                EngineOptions {
                    hash_mib: 0,
                    threads: 1,
                },
                SearchRequest::new(Limits::depth(depth)),
            );
            assert_eq!(
                result.score.raw(),
                expected.value,
                "seed {seed} depth {depth}"
            );
            assert_eq!(result.depth, depth);
        }
    }
}

#[test]
fn multipv_over_all_moves_gives_every_move_its_minimax_value() {
    let game = Mnk::from_rows(3, 3, 3, "x../.o./..x", ply_search::Side::Second);
    let depth = game.empty_cells() as u32;
    let mut reference = game.clone();
    let (expected, _) = score_root_moves(
        &mut reference,
        &Blind,
        TeachingSettings {
            depth,
            leaves: engine_units(depth),
        },
        false,
        &mut (),
    );
    let mut request = SearchRequest::new(Limits::default());
    request.multipv = 99;
    for options in CONFIGS {
        let result = search(&game, Blind, options, request.clone());
        assert_eq!(result.root_moves.len(), expected.len());
        for (mv, value) in &expected {
            let line = result
                .root_moves
                .iter()
                .find(|line| line.mv == *mv)
                .expect("scored");
            assert_eq!(line.bound, Bound::Exact, "{options:?} move {mv}");
            // Root-move scores are from the root's view at the root, so a win in n plies is
            // worth MATE - n, as the teaching values in engine units.
            assert_eq!(line.score.raw(), *value, "{options:?} move {mv}");
        }
    }
}

#[test]
fn the_empty_board_is_proven_a_draw() {
    let game = Mnk::new(3, 3, 3);
    let result = search(
        &game,
        Blind,
        EngineOptions::default(),
        SearchRequest::new(Limits::default()),
    );
    assert_eq!(result.score, Score::DRAW);
    assert!(result.proven);
    assert_eq!(result.depth, 9);
}

#[test]
fn a_win_in_one_is_taken_and_scored_as_such() {
    let game = Mnk::from_rows(3, 3, 3, "xx./oo./...", ply_search::Side::First);
    let result = search(
        &game,
        OpenLines,
        EngineOptions::default(),
        SearchRequest::new(Limits::depth(5)),
    );
    assert_eq!(result.best_move, Some(2));
    assert_eq!(result.score, Score::win_in(1));
    assert_eq!(result.score.mate_moves(), Some(1));
}

#[test]
fn one_thread_with_a_node_limit_is_deterministic() {
    let game = random_position(4, 4, 3, 2, 99);
    let run = || {
        search(
            &game,
            OpenLines,
            EngineOptions {
                hash_mib: 2,
                threads: 1,
            },
            SearchRequest::new(Limits::nodes(5_000)),
        )
    };
    let first = run();
    let second = run();
    assert_eq!(first.nodes, second.nodes);
    assert_eq!(first.pv, second.pv);
    assert!(
        first.nodes <= 5_000 + 1,
        "node limit holds: {}",
        first.nodes
    );
}

/// What a lesson or a level changes on the engine, and only that: the setup the evaluator
/// proposes searches as a fresh engine does, noise of no amplitude changes nothing, noise
/// changes the search the same way for one seed and another way for another, a changed
/// setup forgets what the table learnt under the old one, and the exact setup is minimax.
#[test]
fn the_engines_setup_changes_only_what_it_names() {
    let game = random_position(5, 5, 4, 2, 11);
    let options = EngineOptions {
        hash_mib: 1,
        threads: 1,
    };
    let request = SearchRequest::new(Limits::depth(4));
    let control = SearchControl::new();
    let run = |engine: &mut Engine<Mnk, Selective>| {
        let result = engine.search(&game, &request, &control, &mut |_| {});
        (result.nodes, result.score, result.pv)
    };
    let with = |setup: Setup| {
        let mut engine = Engine::new(Selective, options);
        engine.set_setup(setup);
        run(&mut engine)
    };
    let proposed = Setup::of(&Selective);
    let plain = run(&mut Engine::new(Selective, options));
    assert_eq!(with(proposed), plain);
    let silent = Setup {
        noise: Noise::new(0, 5),
        ..proposed
    };
    assert_eq!(with(silent), plain, "no amplitude, no noise");
    let noisy = |seed| Setup {
        noise: Noise::new(30, seed),
        ..proposed
    };
    assert_eq!(with(noisy(1)), with(noisy(1)), "one seed, one search");
    assert_ne!(with(noisy(1)), plain, "noise changes the search");
    assert_ne!(with(noisy(1)), with(noisy(2)), "another seed, other noise");

    let mut engine = Engine::new(Selective, options);
    engine.set_setup(noisy(1));
    run(&mut engine);
    engine.set_setup(proposed);
    assert_eq!(run(&mut engine), plain, "the noisy table is forgotten");

    let mut reference = game.clone();
    let expected = minimax(
        &mut reference,
        &Selective,
        TeachingSettings {
            depth: 4,
            leaves: engine_units(4),
        },
        &mut (),
    );
    assert_eq!(with(Setup::exact()).1.raw(), expected.value);
}

#[test]
fn iterations_are_reported_in_order_with_growing_node_counts() {
    let game = random_position(4, 4, 3, 2, 5);
    let mut engine = Engine::new(OpenLines, EngineOptions::default());
    let control = SearchControl::new();
    let mut depths = Vec::new();
    let mut nodes = Vec::new();
    let mut root_moves = 0;
    let result = engine.search(
        &game,
        &SearchRequest::new(Limits::depth(5)),
        &control,
        &mut |event| match event {
            SearchEvent::Iteration(info) => {
                depths.push(info.depth);
                nodes.push(info.nodes);
                assert!(!info.pv.is_empty());
            }
            SearchEvent::RootMove(_) => root_moves += 1,
            SearchEvent::CurrentMove { .. } | SearchEvent::Window(_) | SearchEvent::Work(_) => {}
        },
    );
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    assert!(nodes.windows(2).all(|pair| pair[0] <= pair[1]));
    assert!(root_moves >= 5 * 14);
    assert_eq!(result.depth, 5);
}

/// Whatever node limit cuts a search short, with one line or three, the result speaks of the
/// last line the search reported: the same depth, score and moves (a page shows that row
/// above the result's summary). Some of the limits stop an iteration after its best line
/// was searched through; the result is then that line, at that depth.
#[test]
fn the_result_is_the_last_reported_line_wherever_a_limit_stops() {
    let game = random_position(4, 4, 3, 2, 7);
    let mut inside = 0;
    for multipv in [1, 3] {
        for nodes in (250..=12_000).step_by(250) {
            let mut engine = Engine::new(OpenLines, EngineOptions::default());
            let mut last = None;
            let mut finished_depth = 0;
            let mut request = SearchRequest::new(Limits::nodes(nodes));
            request.multipv = multipv;
            let result =
                engine.search(
                    &game,
                    &request,
                    &SearchControl::new(),
                    &mut |event| match event {
                        SearchEvent::Iteration(info) if info.multipv == 1 => {
                            last = Some(info.clone())
                        }
                        SearchEvent::Work(work) => finished_depth = work.depth,
                        _ => {}
                    },
                );
            let last = last.expect("a line is reported");
            let what = format!("{nodes} nodes, {multipv} lines");
            assert_eq!(result.depth, last.depth, "{what}");
            assert_eq!(result.score, last.score, "{what}");
            assert_eq!(result.pv, last.pv, "{what}");
            if result.depth > finished_depth {
                inside += 1;
            }
        }
    }
    assert!(
        inside > 0,
        "no limit stopped an iteration after its best line"
    );
}

#[test]
fn a_stopped_search_still_returns_a_legal_move() {
    let game = Mnk::new(5, 5, 4);
    let mut engine = Engine::new(OpenLines, EngineOptions::default());
    let control = SearchControl::new();
    control.stop();
    let result = engine.search(
        &game,
        &SearchRequest::new(Limits::default()),
        &control,
        &mut |_| {},
    );
    let mut legal = Vec::new();
    game.generate_moves(&mut legal);
    assert!(result.best_move.is_some_and(|mv| legal.contains(&mv)));
}

/// Open lines, with a quiescence that plays every move for four plies: a first iteration
/// of some thousand nodes.
#[derive(Clone, Copy, Debug)]
struct EveryMoveNoisy;

impl Evaluator<Mnk> for EveryMoveNoisy {
    fn evaluate(&self, game: &Mnk) -> i32 {
        OpenLines.evaluate(game)
    }

    fn noisy_moves(&self, game: &Mnk, moves: &mut Vec<u8>) {
        game.generate_moves(moves);
    }

    fn quiescence_plies(&self) -> Option<u32> {
        Some(4)
    }

    fn features(&self) -> ply_search::Features {
        ply_search::Features {
            quiescence: true,
            ..ply_search::Features::EXACT
        }
    }
}

#[test]
fn a_first_iteration_stops_at_the_limit_once_a_root_move_has_its_value() {
    let game = Mnk::new(5, 5, 4);
    let options = EngineOptions {
        hash_mib: 1,
        threads: 1,
    };
    let whole = search(
        &game,
        EveryMoveNoisy,
        options,
        SearchRequest::new(Limits::depth(1)),
    );
    assert!(
        whole.nodes > 5_000,
        "the first iteration alone takes {} nodes",
        whole.nodes
    );
    for threads in [1, 2] {
        let result = search(
            &game,
            EveryMoveNoisy,
            EngineOptions {
                hash_mib: 1,
                threads,
            },
            SearchRequest::new(Limits::nodes(2_000)),
        );
        let mut legal = Vec::new();
        game.generate_moves(&mut legal);
        assert!(
            result.best_move.is_some_and(|mv| legal.contains(&mv)),
            "{threads} threads: a legal move"
        );
        assert_eq!(result.depth, 1, "{threads} threads");
        // One thread counts every node; two poll the shared count now and then.
        let most = if threads == 1 { 3_000 } else { whole.nodes };
        assert!(
            result.nodes < most,
            "{threads} threads: stopped near the limit, not at the end of the iteration: {}",
            result.nodes
        );
    }
}

#[test]
fn movetime_is_respected() {
    let game = Mnk::new(6, 6, 4);
    let mut engine = Engine::new(OpenLines, EngineOptions::default());
    let control = SearchControl::new();
    let request = SearchRequest::new(Limits::movetime(Duration::from_millis(100)));
    let result = engine.search(&game, &request, &control, &mut |_| {});
    assert!(result.best_move.is_some());
    assert!(
        result.time < Duration::from_millis(600),
        "took {:?}",
        result.time
    );
}

#[test]
fn searchmoves_restricts_the_root() {
    let game = Mnk::new(3, 3, 3);
    let mut request = SearchRequest::new(Limits::depth(3));
    request.root_moves = Some(vec![7]);
    let result = search(&game, Blind, EngineOptions::default(), request);
    assert_eq!(result.best_move, Some(7));
    assert_eq!(result.root_moves.len(), 1);
}

#[test]
fn a_finished_game_has_no_best_move() {
    let game = Mnk::from_rows(3, 3, 3, "xxx/oo./...", ply_search::Side::Second);
    let result = search(
        &game,
        Blind,
        EngineOptions::default(),
        SearchRequest::new(Limits::depth(3)),
    );
    assert_eq!(result.best_move, None);
    assert_eq!(result.score, Score::loss_in(0));
}
