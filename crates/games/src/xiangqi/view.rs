//! The board as front ends draw it: ten ranks of nine points, rank 9 (Black's back rank) at
//! the top, with the river and the palaces (`BoardKind::RiverAndPalaces`), each piece with
//! its FEN letter and its Chinese glyph.

use ply_search::Side;

use super::game::Xiangqi;
use super::position::Move;
use super::square::{FILES, RANKS, Square, file_of, rank_of, square};
use crate::session::{BoardKind, BoardView, PieceView};

/// The view's cell of a point: rank 9 is the top row.
pub fn cell(sq: Square) -> usize {
    usize::from(RANKS - 1 - rank_of(sq)) * usize::from(FILES) + usize::from(file_of(sq))
}

/// The cells a move touches.
pub fn cells(mv: Move) -> (usize, usize) {
    (cell(mv.from), cell(mv.to))
}

/// The board view of `game`.
pub fn board_view(game: &Xiangqi) -> BoardView {
    let position = game.position();
    let mut cells = Vec::with_capacity(90);
    for rank in (0..RANKS).rev() {
        for file in 0..FILES {
            cells.push(position.piece(square(file, rank)).map(|(side, kind)| {
                let letter = kind.fen_letter();
                PieceView {
                    side,
                    kind: if side == Side::First {
                        letter.to_ascii_uppercase().to_string()
                    } else {
                        letter.to_string()
                    },
                    symbol: kind.glyph(side).to_string(),
                }
            }));
        }
    }
    let to_move = position.side_to_move();
    BoardView {
        files: usize::from(FILES),
        ranks: usize::from(RANKS),
        kind: BoardKind::RiverAndPalaces,
        cells,
        file_labels: (b'a'..=b'i').map(|b| char::from(b).to_string()).collect(),
        rank_labels: (0..RANKS).rev().map(|rank| rank.to_string()).collect(),
        last_move: Vec::new(),
        check: ply_search::Game::in_check(game).then(|| cell(position.general(to_move))),
        to_move,
    }
}
