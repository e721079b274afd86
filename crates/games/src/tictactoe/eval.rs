//! Tic-tac-toe's two players. Classic is the textbook: every cell in reading order, leaves
//! +1 / 0 / −1. Strong adds a judgement of open lines and tries wins and blocks first; the
//! engine then proves every position in a handful of nodes.

use ply_search::{Evaluator, Game};

use super::board::{LINES, TicTacToe, has_line};

/// The textbook player: no judgement, every cell in reading order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Textbook;

impl Evaluator<TicTacToe> for Textbook {
    fn evaluate(&self, _game: &TicTacToe) -> i32 {
        0
    }
}

/// Open lines for the side to move minus open lines for the opponent, twos counting triple.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpenLines;

impl OpenLines {
    fn completes_line(stones: u16, cell: u8) -> bool {
        has_line(stones | 1 << cell)
    }
}

impl Evaluator<TicTacToe> for OpenLines {
    fn evaluate(&self, game: &TicTacToe) -> i32 {
        let mine = game.stones(game.side_to_move());
        let theirs = game.stones(game.side_to_move().opponent());
        LINES
            .iter()
            .map(|&line| {
                let (own, other) = ((mine & line).count_ones(), (theirs & line).count_ones());
                match (own, other) {
                    (n, 0) if n > 0 => 1 + 2 * (n as i32 - 1),
                    (0, n) if n > 0 => -(1 + 2 * (n as i32 - 1)),
                    _ => 0,
                }
            })
            .sum()
    }

    /// Winning cells first, then blocks; the centre and corners before the edges.
    fn tactical_score(&self, game: &TicTacToe, mv: u8) -> Option<i32> {
        let side = game.side_to_move();
        if Self::completes_line(game.stones(side), mv) {
            Some(200)
        } else if Self::completes_line(game.stones(side.opponent()), mv) {
            Some(100)
        } else {
            None
        }
    }
}
