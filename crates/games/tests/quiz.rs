//! The quiz on tic-tac-toe positions: the tree copied out of a position and searched as an
//! explicit tree gives the same value and the same cuts as ply's teaching alpha-beta on the
//! position itself, and the same seed gives the same question.

use ply_games::tictactoe::quiz::{QUIZ_WIN, position_quiz};
use ply_games::tictactoe::{OpenLines, TicTacToe};
use ply_games::{Rules, position_tree};
use ply_search::teaching::explicit::{Difficulty, solve};
use ply_search::teaching::{LeafValues, TeachingSettings, alphabeta, minimax};

#[test]
fn the_copied_tree_agrees_with_the_position_on_value_and_cuts() {
    let mut cut = 0;
    for difficulty in Difficulty::ALL {
        for seed in 0..40u64 {
            let quiz = position_quiz(seed, difficulty).expect("quiz");
            assert_eq!(position_quiz(seed, difficulty).expect("again"), quiz);
            let solution = solve(&quiz.tree.tree);
            assert_eq!(
                solution.alphabeta.value, quiz.tree.value,
                "{}",
                quiz.position
            );
            assert_eq!(solution.minimax.value, quiz.tree.value, "{}", quiz.position);
            assert_eq!(
                solution.pruned_branches(),
                quiz.tree.pruned,
                "{}",
                quiz.position
            );
            let most = match difficulty {
                Difficulty::Easy => 1 + 4 + 12,
                Difficulty::Medium => 1 + 5 + 20,
                Difficulty::Hard => 1 + 4 + 12 + 24,
            };
            assert!(quiz.tree.tree.nodes().len() <= most);
            cut += usize::from(!quiz.tree.pruned.is_empty());
        }
    }
    assert!(cut >= 100, "only {cut} of 120 questions have a cut");
}

#[test]
fn a_hand_checked_position() {
    // x o x
    // . o .
    // . . .   X to move, two plies: X must block at b1 (the cell under the o's).
    let game = TicTacToe::from_position(&(), "xox/1o1/3").expect("position");
    let settings = TeachingSettings {
        depth: 2,
        leaves: LeafValues {
            win: QUIZ_WIN,
            depth_bonus: false,
        },
    };
    let tree = position_tree(&game, &OpenLines, settings).expect("tree");
    let plain = minimax(&mut game.clone(), &OpenLines, settings, &mut ());
    let pruned = alphabeta(&mut game.clone(), &OpenLines, settings, &mut ());
    assert_eq!(tree.value, plain.value);
    assert_eq!(tree.value, pruned.value);
    // Every X move but the block lets O complete the middle column: −100.
    let root = &tree.tree.nodes()[0];
    let labels: Vec<&str> = root
        .children
        .iter()
        .map(|&c| tree.tree.nodes()[c].label.as_str())
        .collect();
    assert_eq!(labels, ["a2", "c2", "a1", "b1", "c1"]);
    let values = solve(&tree.tree).values;
    let by_move: Vec<i32> = root.children.iter().map(|&c| values[c]).collect();
    assert_eq!(by_move[..3], [-QUIZ_WIN; 3]);
    assert!(by_move[3] > -QUIZ_WIN);
    assert_eq!(tree.value, by_move[3]);
    // After the first move loses to O's b1, the rest of a2's and c2's branches are cut.
    assert!(!tree.pruned.is_empty());
}
