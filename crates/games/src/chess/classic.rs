//! The seed's player: material only (pawn 10, knight 30, bishop 30, rook 50, queen 90,
//! king 900), every legal move in generation order, plain alpha-beta four plies deep. Kept
//! as the teaching baseline; unlike the seed it knows checkmate and stalemate, which the
//! search scores as a win or a draw.

use cozy_chess::{Color, Piece};
use ply_search::Evaluator;

use super::position::Chess;

/// The seed's piece values.
pub const SEED_VALUES: [(Piece, i32); 6] = [
    (Piece::Pawn, 10),
    (Piece::Knight, 30),
    (Piece::Bishop, 30),
    (Piece::Rook, 50),
    (Piece::Queen, 90),
    (Piece::King, 900),
];

/// Material counted with the seed's values.
#[derive(Clone, Copy, Debug, Default)]
pub struct Material;

impl Material {
    /// White's material minus Black's.
    pub fn balance(game: &Chess) -> i32 {
        let board = game.board();
        SEED_VALUES
            .iter()
            .map(|&(piece, value)| {
                let white = board.colored_pieces(Color::White, piece).len() as i32;
                let black = board.colored_pieces(Color::Black, piece).len() as i32;
                value * (white - black)
            })
            .sum()
    }
}

impl Evaluator<Chess> for Material {
    fn evaluate(&self, game: &Chess) -> i32 {
        let balance = Material::balance(game);
        match game.board().side_to_move() {
            Color::White => balance,
            Color::Black => -balance,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen;

    #[test]
    fn counts_the_seed_values_from_the_side_to_move() {
        assert_eq!(Material.evaluate(&Chess::new()), 0);
        let up_a_rook = fen::parse("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", false).expect("valid");
        assert_eq!(Material.evaluate(&up_a_rook), -50);
        assert_eq!(Material::balance(&up_a_rook), 50);
    }
}
