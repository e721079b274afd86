//! Mop-up: against a bare king, drive it to the edge (to a corner of the bishop's colour
//! with bishop and knight) and bring the own king near, the plan the network sees too
//! rarely to value step by step.

use cozy_chess::{Board, Color, Piece, Square};

use super::DARK_SQUARES;
use super::params::{MOP_UP_EDGE, MOP_UP_KINGS};

/// The mop-up bonus from White's view: nonzero only when one side has a bare king and the
/// other has no pawns but the pieces to mate (a queen, a rook, two bishops or bishop and
/// knight).
pub fn mop_up(board: &Board) -> i32 {
    for strong in [Color::White, Color::Black] {
        let weak = !strong;
        let pieces = |piece: Piece| board.colored_pieces(strong, piece);
        if board.colors(weak) != board.colored_pieces(weak, Piece::King)
            || !pieces(Piece::Pawn).is_empty()
        {
            continue;
        }
        let heavy = !(pieces(Piece::Queen) | pieces(Piece::Rook)).is_empty();
        let bishops = pieces(Piece::Bishop);
        let both_colours = bishops.0 & DARK_SQUARES != 0 && bishops.0 & !DARK_SQUARES != 0;
        let bishop_and_knight = !bishops.is_empty() && !pieces(Piece::Knight).is_empty();
        if !heavy && !both_colours && !bishop_and_knight {
            return 0;
        }
        let weak_king = board.king(weak);
        let strong_king = board.king(strong);
        // 0 in the centre … 6 where the king is mated.
        let cornered = if !heavy && !both_colours {
            // Bishop and knight mate only in a corner of the bishop's colour.
            let dark = bishops.0 & DARK_SQUARES != 0;
            let corners = if dark {
                [Square::A1, Square::H8]
            } else {
                [Square::H1, Square::A8]
            };
            let nearest = corners
                .iter()
                .map(|&corner| manhattan(weak_king, corner))
                .min()
                .unwrap_or(0);
            (14 - nearest) / 2
        } else {
            edge_nearness(weak_king)
        };
        let kings = 14 - manhattan(weak_king, strong_king);
        let bonus = MOP_UP_EDGE * cornered + MOP_UP_KINGS * kings;
        return if strong == Color::White {
            bonus
        } else {
            -bonus
        };
    }
    0
}

/// How near the edge a square is: 0 in the four central squares … 6 in a corner.
fn edge_nearness(square: Square) -> i32 {
    let off = |index: i32| (3 - index).max(index - 4);
    off(square.file() as i32) + off(square.rank() as i32)
}

fn manhattan(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs() + (a.rank() as i32 - b.rank() as i32).abs()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen;

    fn bonus(text: &str) -> i32 {
        mop_up(&fen::parse_board(text).expect("valid"))
    }

    #[test]
    fn a_bare_king_is_driven_to_the_edge_and_the_kings_together() {
        let centre = bonus("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        let edge = bonus("3k4/8/8/8/8/8/8/R3K3 w - - 0 1");
        let edge_near = bonus("3k4/8/3K4/8/8/8/8/R7 w - - 0 1");
        assert!(
            0 < centre && centre < edge && edge < edge_near,
            "{centre} {edge} {edge_near}"
        );
        // The same for Black, and nothing with pawns or without mating material.
        assert_eq!(
            bonus("r3k3/8/8/8/8/8/8/3K4 b - - 0 1"),
            -bonus("R3K3/8/8/8/8/8/8/3k4 w - - 0 1")
        );
        assert_eq!(bonus("3k4/8/8/8/8/8/P7/R3K3 w - - 0 1"), 0);
        assert_eq!(bonus("3k4/8/8/8/8/8/8/N3K3 w - - 0 1"), 0);
        assert_eq!(bonus("3k4/8/8/8/8/8/8/NN2K3 w - - 0 1"), 0);
        assert_eq!(bonus("3k4/8/8/8/8/8/p7/R3K3 w - - 0 1"), 0);
    }

    #[test]
    fn bishop_and_knight_drive_to_a_corner_of_the_bishops_colour() {
        // A light-squared bishop (f1) mates on h1 or a8, not on a1 or h8.
        let light_corner = bonus("k7/8/8/8/8/8/8/4KBN1 w - - 0 1");
        let dark_corner = bonus("8/8/8/8/8/8/8/k3KBN1 w - - 0 1");
        assert!(light_corner > dark_corner, "{light_corner} {dark_corner}");
        assert_eq!(
            bonus("8/8/8/8/8/3B4/8/k3KB2 w - - 0 1"),
            0,
            "two light bishops"
        );
    }
}
