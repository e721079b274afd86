//! Tic-tac-toe positions for the quiz: reached from the empty board by seeded legal play,
//! still open, with few empty cells, so that their tree at a depth of two or three plies is
//! small enough to read and click.

use ply_search::teaching::explicit::Difficulty;
use ply_search::teaching::{LeafValues, TeachingSettings};
use ply_search::{Game, SplitMix64};

use super::{OpenLines, TicTacToe};
use crate::session::{PositionTree, Rules, ThinkError, position_tree};

/// What a win is worth in the quiz's trees, beside the open-lines evaluation (at most 8).
pub const QUIZ_WIN: i32 = 100;

/// A quiz question on a tic-tac-toe position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionQuiz {
    /// The position, as a board string.
    pub position: String,
    /// Plies searched.
    pub depth: u32,
    /// Its tree and alpha-beta's answers.
    pub tree: PositionTree,
}

/// Empty cells and depth for a difficulty: (4, 2) has at most 12 leaves, (5, 2) 20 and
/// (4, 3) 24.
fn shape(difficulty: Difficulty) -> (u32, u32) {
    match difficulty {
        Difficulty::Easy => (4, 2),
        Difficulty::Medium => (5, 2),
        Difficulty::Hard => (4, 3),
    }
}

/// The question of `seed` at `difficulty`: the first open position the seed's play reaches
/// whose tree alpha-beta cuts (after 32 tries, the last open one). Leaves are valued by
/// ply's strong tic-tac-toe evaluation (open lines, from the root player's view) and a win
/// by ±[`QUIZ_WIN`].
pub fn position_quiz(seed: u64, difficulty: Difficulty) -> Result<PositionQuiz, ThinkError> {
    let (empty, depth) = shape(difficulty);
    let mut random = SplitMix64::new(seed);
    let settings = TeachingSettings {
        depth,
        leaves: LeafValues {
            win: QUIZ_WIN,
            depth_bonus: false,
        },
    };
    let mut found = None;
    for _ in 0..32 {
        let Some(game) = play(&mut random, 9 - empty) else {
            continue;
        };
        let tree = position_tree(&game, &OpenLines, settings)?;
        let cuts = !tree.pruned.is_empty();
        found = Some(PositionQuiz {
            position: game.position_text(),
            depth,
            tree,
        });
        if cuts {
            break;
        }
    }
    found.ok_or_else(|| ThinkError::Refused("no open position found for this seed".to_string()))
}

/// `moves` random legal moves from the empty board; `None` if the game ended on the way.
fn play(random: &mut SplitMix64, moves: u32) -> Option<TicTacToe> {
    let mut game = TicTacToe::default();
    let mut legal = Vec::new();
    for _ in 0..moves {
        legal.clear();
        game.generate_moves(&mut legal);
        let mv = *legal.get(random.below(legal.len()))?;
        game.make_move(mv);
        if game.outcome().is_some() {
            return None;
        }
    }
    Some(game)
}
