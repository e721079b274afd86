//! Mating material: whether one side could still checkmate by some sequence of legal moves
//! (FIDE Laws 6.9), the question a fallen flag asks. Not the dead-position draw of the
//! whole board ([`Chess::insufficient_material`]), which asks it of both sides at once.

use cozy_chess::{BitBoard, Color, Piece};
use ply_search::Side;

use super::Chess;

/// The dark squares (a1, c1, … h8).
const DARK: u64 = 0xAA55_AA55_AA55_AA55;

fn color_of(side: Side) -> Color {
    match side {
        Side::First => Color::White,
        Side::Second => Color::Black,
    }
}

impl Chess {
    /// Whether `side` could checkmate the other king by any sequence of legal moves, the
    /// other side helping. It cannot with a lone king; with king and one knight against a
    /// lone king; or with king and bishops when every bishop on the board stands on squares
    /// of one colour and the other side has nothing else (the king then always keeps an
    /// orthogonal neighbour of the other colour that nothing can cover or block). With
    /// anything more, a pawn, or the other side's pieces to block its own king's flight
    /// squares, a mate exists, so the answer is yes (as lichess rules on time-outs).
    pub fn has_mating_material(&self, side: Side) -> bool {
        let board = self.board();
        let us = board.colors(color_of(side));
        let them = board.colors(!color_of(side));
        let kings = board.pieces(Piece::King);
        let knights = board.pieces(Piece::Knight);
        let bishops = board.pieces(Piece::Bishop);
        let ours = us & !kings;
        let theirs = them & !kings;
        if ours.is_empty() {
            return false;
        }
        if ours == (ours & knights) && ours.len() == 1 {
            return !theirs.is_empty();
        }
        if ours == (ours & bishops) {
            let all = bishops;
            let dark = all & BitBoard(DARK);
            let one_colour = dark.is_empty() || dark == all;
            let they_have_only_bishops = theirs == (theirs & bishops);
            return !(one_colour && they_have_only_bishops);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn can_win(fen: &str, side: Side) -> bool {
        super::super::fen::parse(fen, false)
            .expect("a FEN")
            .has_mating_material(side)
    }

    #[test]
    fn a_lone_king_never_mates() {
        assert!(!can_win("8/8/8/4k3/8/8/8/4K3 w - - 0 1", Side::First));
        assert!(!can_win("8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1", Side::Second));
        assert!(can_win("8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1", Side::First));
    }

    #[test]
    fn one_knight_mates_only_with_the_other_sides_help() {
        // K+N against a lone king: no mate exists.
        assert!(!can_win("8/8/8/4k3/8/8/8/1N2K3 w - - 0 1", Side::First));
        // Against a king and a pawn the pawn may block its own king: a mate exists.
        assert!(can_win("8/7p/8/4k3/8/8/8/1N2K3 w - - 0 1", Side::First));
        // Two knights can mate (with help).
        assert!(can_win("8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", Side::First));
    }

    #[test]
    fn bishops_of_one_colour_need_a_blocker_of_the_other() {
        // c1 and e3 are both dark: against a lone king, no mate.
        assert!(!can_win("8/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1", Side::First));
        // Against a king and a bishop on b8, also dark: every bishop on one colour, no mate.
        assert!(!can_win("1b6/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1", Side::First));
        // A bishop on c8, a light square, can block its own king: a mate exists.
        assert!(can_win("2b5/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1", Side::First));
        // So can a knight or a pawn.
        assert!(can_win("1n6/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1", Side::First));
        assert!(can_win("8/p7/8/4k3/8/4B3/8/2B1K3 w - - 0 1", Side::First));
        // Bishops on both colours mate.
        assert!(can_win("8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", Side::First));
    }

    #[test]
    fn pawns_and_heavy_pieces_can_mate() {
        assert!(can_win("8/8/8/4k3/8/8/P7/4K3 w - - 0 1", Side::First));
        assert!(can_win("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", Side::First));
        assert!(can_win(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Side::Second
        ));
    }
}
