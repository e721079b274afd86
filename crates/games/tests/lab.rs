//! The lab and the teaching player's watch, through the erased interface: the seed's node
//! counts, trees that agree with their counts, the caps, and "move now" for teaching searches.

mod common;

use common::{Played, at, start};
use ply_games::{
    Algorithm, GameOptions, LabRequest, Level, ScoreView, ThinkError, ThinkEvent, ThinkRequest,
    games,
};
use ply_search::{Limits, SearchControl};

fn tictactoe(position: Option<&str>) -> Played {
    start("tictactoe", &at(position))
}

#[test]
fn the_empty_board_gives_the_seed_counts_and_all_four_agree() {
    let mut session = tictactoe(None);
    let report = session
        .lab(&LabRequest::new(Level::Classic, 9))
        .expect("the lab runs");
    assert_eq!(report.minimax.nodes, 549_946);
    assert_eq!(report.alphabeta.nodes, 18_297);
    assert_eq!(report.minimax.value, 0);
    assert_eq!(report.alphabeta.value, 0);
    assert_eq!(report.ordered.score, ScoreView::Value(0));
    assert_eq!(report.table.score, ScoreView::Value(0));
    assert!(
        report.table.nodes < report.ordered.nodes,
        "the table saves work: {} vs {}",
        report.table.nodes,
        report.ordered.nodes
    );
    assert!(report.minimax.truncated && report.alphabeta.truncated);
    assert_eq!(report.minimax.nodes_list.len(), 4_000);
}

#[test]
fn a_small_tree_is_recorded_whole_and_agrees_with_its_count() {
    // x . .
    // . o .
    // . . x   O to move: the seed's example.
    let mut session = tictactoe(Some("x2/1o1/2x o"));
    let report = session
        .lab(&LabRequest::new(Level::Classic, 6))
        .expect("the lab runs");
    for tree in [&report.minimax, &report.alphabeta] {
        assert!(!tree.truncated);
        assert_eq!(tree.nodes_list.len() as u64, tree.nodes);
        assert_eq!(
            u64::from(tree.steps),
            2 * tree.nodes,
            "each node entered and left"
        );
        assert_eq!(tree.value, 0, "the edges draw");
        let root = &tree.nodes_list[0];
        assert_eq!(root.parent, None);
        assert!(root.maximizing);
        for node in &tree.nodes_list[1..] {
            let parent = &tree.nodes_list[node.parent.expect("has a parent") as usize];
            assert_eq!(parent.ply + 1, node.ply);
            assert_ne!(parent.maximizing, node.maximizing, "sides alternate");
            assert!(node.entered > parent.entered && node.left < parent.left);
        }
        // An interior node's value is the best of its children's for the player to move.
        for (index, node) in tree.nodes_list.iter().enumerate() {
            let children: Vec<i32> = tree
                .nodes_list
                .iter()
                .filter(|child| child.parent == Some(index as u32))
                .filter_map(|child| child.value)
                .collect();
            if node.kind == Some("interior") {
                let best = if node.maximizing {
                    children.iter().max()
                } else {
                    children.iter().min()
                };
                assert_eq!(node.value, best.copied());
            }
        }
    }
    let pruned: usize = report
        .alphabeta
        .nodes_list
        .iter()
        .map(|node| node.pruned.len() + node.pruned_more)
        .sum();
    assert!(pruned > 0, "alpha-beta cuts something off");
    assert!(
        report
            .minimax
            .nodes_list
            .iter()
            .all(|n| n.pruned.is_empty())
    );
    assert!(report.alphabeta.nodes < report.minimax.nodes);
}

#[test]
fn the_lab_refuses_what_it_cannot_do() {
    let mut session = tictactoe(None);
    let capped = LabRequest {
        max_nodes: 1_000,
        ..LabRequest::new(Level::Classic, 9)
    };
    let refused = session.lab(&capped).expect_err("over the cap");
    assert!(
        refused.to_string().contains("minimax would visit about"),
        "{refused}"
    );
    // Refused from the move generator's count, before any search: chess at depth 8 would be
    // billions of positions.
    let mut chess = start("chess", &at(None));
    let deep = chess
        .lab(&LabRequest::new(Level::Classic, 8))
        .expect_err("far over the cap");
    assert!(deep.to_string().contains("at depth 8"), "{deep}");
    for depth in [0, 13] {
        assert!(matches!(
            session.lab(&LabRequest::new(Level::Classic, depth)),
            Err(ThinkError::Refused(_))
        ));
    }
    let mut over = tictactoe(Some("xxx/oo1/3 o"));
    assert!(over.lab(&LabRequest::new(Level::Classic, 2)).is_err());
}

#[test]
fn every_game_runs_a_shallow_lab() {
    for spec in games() {
        let mut session = Played::new(spec.new_game(&GameOptions::default()).expect("starts"));
        for level in Level::ALL {
            let report = session
                .lab(&LabRequest::new(level, 2))
                .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
            assert_eq!(
                report.minimax.value, report.alphabeta.value,
                "{}",
                spec.name
            );
            assert!(
                report.alphabeta.nodes <= report.minimax.nodes,
                "{}",
                spec.name
            );
        }
    }
}

#[test]
fn a_teaching_player_logs_each_root_move_and_can_move_now() {
    let mut session = tictactoe(Some("x2/1o1/2x o"));
    let request = ThinkRequest {
        algorithm: Some(Algorithm::Alphabeta),
        ..ThinkRequest::new(Level::Classic, Limits::default())
    };
    let mut events = Vec::new();
    let result = session
        .think(&request, &SearchControl::default(), &mut |event| {
            events.push(event.clone())
        })
        .expect("thinks");
    let root_moves = events
        .iter()
        .filter(|event| matches!(event, ThinkEvent::RootMove { .. }))
        .count();
    assert_eq!(root_moves, 6, "one line per free cell");
    assert!(matches!(events.last(), Some(ThinkEvent::Iteration(_))));
    assert!(result.proven);

    let stopped = SearchControl::default();
    stopped.stop();
    let mut empty = tictactoe(None);
    let quick = empty
        .think(&request, &stopped, &mut |_| {})
        .expect("thinks");
    let best = quick.best_move.expect("moves now");
    assert!(empty.legal_moves().iter().any(|mv| mv.name == best.name));
    assert!(!quick.proven);
}

#[test]
fn an_oversized_request_is_refused_at_once_from_the_count_and_the_tutorials_are_admitted() {
    // Each would be millions to billions of minimax positions: refused from a count of the
    // move generator's positions (no evaluation, no search), in well under a second of a
    // release build (the bound here leaves room for a debug build on a loaded machine;
    // searching them before refusing took 15 to 30 s).
    let mut caro = GameOptions::default();
    caro.values.extend([common::int("size", 15)]);
    let oversized = [
        ("chess", at(None), 8),
        ("chess", at(None), 6),
        ("xiangqi", at(None), 6),
        ("xiangqi", at(None), 5),
        ("caro", caro.clone(), 9),
        // Caro's teaching evaluation scans the board at every leaf: 1,990,658 positions at
        // depth 7 are under the general cap but took 49 s, so caro has a lower one.
        ("caro", caro, 7),
    ];
    for (game, options, depth) in oversized {
        let mut session = start(game, &options);
        let started = std::time::Instant::now();
        let refused = session
            .lab(&LabRequest::new(Level::Classic, depth))
            .expect_err("over the cap");
        let took = started.elapsed();
        assert!(
            refused.to_string().contains("would visit about"),
            "{game} depth {depth}: refused by the estimate, not by the search: {refused}"
        );
        assert!(
            took < std::time::Duration::from_secs(10),
            "{game} depth {depth}: refused after {took:?}"
        );
    }
    // The tutorial's examples fit.
    for (position, depth) in [(Some("x2/1o1/2x o"), 6), (None, 9)] {
        let mut session = tictactoe(position);
        let report = session
            .lab(&LabRequest::new(Level::Classic, depth))
            .expect("the tutorial's example fits");
        assert!(report.minimax.nodes <= ply_games::session::MAX_LAB_NODES);
    }
}
