//! Tic-tac-toe through the session interface: the seed's figures, perfect play, notation and
//! bad input.

use std::collections::HashMap;

use ply_games::tictactoe::TicTacToe;
mod common;

use common::{Played, at, start, think_fully};
use ply_games::{
    Algorithm, GameRecord, Level, MoveError, ScoreView, Status, ThinkRequest, new_game,
};
use ply_search::{Game, Limits, Outcome, Side};

fn session(position: Option<&str>) -> Played {
    start("ttt", &at(position))
}

fn think(session: &mut Played, algorithm: Algorithm, all_moves: bool) -> ply_games::ThinkResult {
    let mut request = ThinkRequest::new(Level::Classic, Limits::default());
    request.algorithm = Some(algorithm);
    request.all_moves = all_moves;
    think_fully(session, &request)
}

#[test]
fn the_seed_node_counts_hold_on_the_empty_board() {
    let mut game = session(None);
    let plain = think(&mut game, Algorithm::Minimax, false);
    assert_eq!((plain.score, plain.nodes), (ScoreView::Value(0), 549_946));
    let pruned = think(&mut game, Algorithm::Alphabeta, false);
    assert_eq!((pruned.score, pruned.nodes), (ScoreView::Value(0), 18_297));
    assert_eq!(pruned.best_move.map(|m| m.name), Some("a3".to_string()));
    assert!(pruned.proven);
}

#[test]
fn opposite_corners_score_minus_one_for_the_free_corners() {
    let mut game = session(Some("x2/1o1/2x o"));
    for algorithm in [Algorithm::Alphabeta, Algorithm::Minimax] {
        let result = think(&mut game, algorithm, true);
        let scores: HashMap<String, ScoreView> = result
            .moves
            .iter()
            .map(|m| (m.name.clone(), m.score))
            .collect();
        assert_eq!(scores.len(), 6);
        for corner in ["c3", "a1"] {
            assert_eq!(scores[corner], ScoreView::Value(-1), "{algorithm} {corner}");
        }
        for edge in ["b3", "a2", "c2", "b1"] {
            assert_eq!(scores[edge], ScoreView::Value(0), "{algorithm} {edge}");
        }
        assert_eq!(result.score, ScoreView::Value(0));
    }
}

#[test]
fn the_engine_proves_the_empty_board_a_draw() {
    let mut game = session(None);
    let request = ThinkRequest::new(Level::Strong, Limits::default());
    let result = think_fully(&mut game, &request);
    assert_eq!(result.score, ScoreView::Value(0));
    assert!(result.proven);
    assert_eq!(result.depth, 9);
    assert!(result.nodes < 20_000, "{} nodes", result.nodes);
}

/// The game-theoretic value of every reachable position, for the side to move.
fn solve(game: &mut TicTacToe, memo: &mut HashMap<TicTacToe, i32>) -> i32 {
    if let Some(&value) = memo.get(game) {
        return value;
    }
    let value = match game.outcome() {
        Some(outcome) => outcome.value_for(game.side_to_move()),
        None => {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            moves
                .into_iter()
                .map(|mv| {
                    game.make_move(mv);
                    let value = -solve(game, memo);
                    game.unmake_move(mv);
                    value
                })
                .max()
                .unwrap_or(0)
        }
    };
    memo.insert(*game, value);
    value
}

#[test]
fn the_strong_player_never_loses_and_always_converts_a_won_position() {
    let mut memo = HashMap::new();
    solve(&mut TicTacToe::default(), &mut memo);
    assert_eq!(memo.len(), 5_478, "every reachable position");
    let mut checked = 0;
    let mut game = Played::new(Box::new(
        GameRecord::<TicTacToe>::new((), Default::default(), None).expect("start"),
    ));
    for (position, &value) in &memo {
        if position.outcome().is_some() {
            continue;
        }
        let text = ply_games::Rules::position_text(position);
        game.set_position(&text)
            .expect("reachable positions read back");
        let request = ThinkRequest::new(Level::Strong, Limits::default());
        let result = think_fully(&mut game, &request);
        let best = result.best_move.expect("a move in an unfinished game");
        let mut after = *position;
        after.make_move(best.to as u8);
        let kept = -memo[&after];
        assert_eq!(
            kept, value,
            "{text}: {} keeps {kept}, the position is worth {value}",
            best.name
        );
        let expected = match value {
            1 => ScoreView::WinIn(0),
            0 => ScoreView::Value(0),
            _ => ScoreView::LossIn(0),
        };
        match (result.score, expected) {
            (ScoreView::WinIn(_), ScoreView::WinIn(_))
            | (ScoreView::LossIn(_), ScoreView::LossIn(_)) => {}
            (score, expected) => assert_eq!(score, expected, "{text}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 4_520);
}

#[test]
fn moves_are_read_in_every_notation_and_bad_ones_explained() {
    let mut game = session(None);
    assert_eq!(game.play_text("b2").expect("centre").name, "b2");
    assert_eq!(game.play_text("0 0").expect("top-left").name, "a3");
    assert_eq!(game.play_text("9").expect("cell nine").name, "c1");
    assert_eq!(game.position(), "o2/1x1/2x o");
    let taken = game.play_text("b2").expect_err("taken");
    assert!(matches!(taken, MoveError::Illegal { .. }));
    assert!(taken.to_string().contains("b2 is taken by X"), "{taken}");
    for garbage in ["", "z9", "3 3", "10", "b2b3", "hello"] {
        let error = game.play_text(garbage).expect_err("garbage");
        assert!(
            matches!(error, MoveError::Unreadable { .. }),
            "{garbage:?}: {error}"
        );
        assert!(error.to_string().contains("expected a cell like b2"));
    }
    assert_eq!(game.history().len(), 3, "bad input changes nothing");
    assert_eq!(game.undo().map(|m| m.name), Some("c1".to_string()));
    assert_eq!(game.side_to_move(), Side::First);
}

#[test]
fn a_finished_game_refuses_moves_and_says_why() {
    let mut game = session(Some("xxx/oo1/3 o"));
    match game.status() {
        Status::Finished { winner, reason } => {
            assert_eq!(*winner, Some(Side::First));
            assert_eq!(reason, "three in a row");
        }
        other => panic!("expected a finished game, got {other:?}"),
    }
    assert!(matches!(
        game.play_text("c2"),
        Err(MoveError::GameOver { .. })
    ));
    assert!(game.legal_moves().is_empty());
    let result = think(&mut game, Algorithm::Alphabeta, false);
    assert!(result.best_move.is_none());
    assert_eq!(Outcome::Win(Side::First).value_for(Side::Second), -1);
}

#[test]
fn bad_positions_are_refused_with_a_reason() {
    let cases = [
        ("xx1/3/3 o", "x has 2 stones and o has 0"),
        ("x2/3/3 x", "it is o's turn"),
        ("xxx/ooo/x2 o", "both x and o have a winning line"),
        ("4/4/4/4 x", "the game is 3×3"),
        ("x2/3 o", "the game is 3×3"),
    ];
    for (text, expected) in cases {
        let error = new_game("tictactoe", &at(Some(text)))
            .err()
            .expect("refused")
            .to_string();
        assert!(error.contains(expected), "{text}: {error}");
    }
}

#[test]
fn perft_counts_every_game_of_tic_tac_toe() {
    let game = session(None);
    let counts: Vec<u64> = (1..=9).map(|depth| game.perft(depth)).collect();
    assert_eq!(
        counts,
        vec![9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872]
    );
    let split = game.perft_divide(2);
    assert_eq!(split.len(), 9);
    assert_eq!(split[0], ("a3".to_string(), 8));
}
