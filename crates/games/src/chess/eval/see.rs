//! Static exchange evaluation: what a capture wins or loses if both sides keep recapturing
//! on its square with their least valuable attacker (x-rays through the pieces that have
//! moved included). Used to order captures and to prune losing ones.

use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_rook_moves,
};

use super::params::SEE_VALUES;

#[inline]
fn value(piece: Piece) -> i32 {
    SEE_VALUES[piece as usize]
}

/// Every piece of either colour attacking `square` with `occupied` as the blockers.
fn attackers(board: &Board, square: Square, occupied: BitBoard) -> BitBoard {
    let rooks = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let bishops = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let pawns = board.pieces(Piece::Pawn);
    (get_rook_moves(square, occupied) & rooks)
        | (get_bishop_moves(square, occupied) & bishops)
        | (get_knight_moves(square) & board.pieces(Piece::Knight))
        | (get_king_moves(square) & board.pieces(Piece::King))
        | (get_pawn_attacks(square, Color::White) & pawns & board.colors(Color::Black))
        | (get_pawn_attacks(square, Color::Black) & pawns & board.colors(Color::White))
}

/// The material the side to move gains with `mv` (a legal move) after the best sequence
/// of recaptures on its target square, in [`SEE_VALUES`] units. Castling is 0.
pub fn see(board: &Board, mv: Move) -> i32 {
    let us = board.side_to_move();
    let Some(mover) = board.piece_on(mv.from) else {
        return 0;
    };
    if mover == Piece::King && board.colors(us).has(mv.to) {
        return 0;
    }
    let en_passant =
        mover == Piece::Pawn && mv.from.file() != mv.to.file() && board.piece_on(mv.to).is_none();
    let mut occupied = board.occupied() ^ mv.from.bitboard();
    let mut gains = [0i32; 32];
    gains[0] = if en_passant {
        occupied ^= Square::new(mv.to.file(), mv.from.rank()).bitboard();
        value(Piece::Pawn)
    } else {
        board.piece_on(mv.to).map_or(0, value)
    };
    let mut on_square = match mv.promotion {
        Some(promotion) => {
            gains[0] += value(promotion) - value(Piece::Pawn);
            promotion
        }
        None => mover,
    };
    let mut side = !us;
    let mut depth = 0;
    let mut all = attackers(board, mv.to, occupied) & occupied;
    loop {
        let ours = all & board.colors(side);
        let Some((piece, from)) = Piece::ALL.iter().find_map(|&piece| {
            (ours & board.pieces(piece))
                .next_square()
                .map(|sq| (piece, sq))
        }) else {
            break;
        };
        depth += 1;
        if depth >= gains.len() {
            break;
        }
        gains[depth] = value(on_square) - gains[depth - 1];
        // A king cannot take into a defended square.
        if piece == Piece::King && !(all & board.colors(!side) & !from.bitboard()).is_empty() {
            depth -= 1;
            break;
        }
        on_square = piece;
        occupied ^= from.bitboard();
        all = attackers(board, mv.to, occupied) & occupied;
        side = !side;
    }
    while depth > 0 {
        gains[depth - 1] = -((-gains[depth - 1]).max(gains[depth]));
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, mv: &str) -> i32 {
        let board: Board = fen.parse().expect("valid FEN");
        let mv: Move = mv.parse().expect("move");
        assert!(board.is_legal(mv), "{mv} legal in {fen}");
        see(&board, mv)
    }

    #[test]
    fn simple_exchanges() {
        // Pawn takes an undefended knight.
        assert_eq!(see_of("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 320);
        // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
        assert_eq!(
            see_of("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"),
            100 - 950
        );
        // Rook takes a rook defended by a rook, backed by a second rook (x-ray): +500.
        assert_eq!(see_of("3r3k/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"), 500);
        // The same with the black king also guarding d7: even.
        assert_eq!(see_of("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"), 0);
        // Knight takes a pawn defended by a bishop: loses 220.
        assert_eq!(
            see_of("4k3/8/8/5b2/4p3/8/3N4/4K3 w - - 0 1", "d2e4"),
            100 - 320
        );
        // Quiet move to an attacked square counts the loss.
        assert_eq!(see_of("4k3/8/8/4p3/8/8/8/3QK3 w - - 0 1", "d1d4"), -950);
    }

    #[test]
    fn en_passant_and_promotion() {
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        assert_eq!(
            see_of("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"),
            850 - 950
        );
        assert_eq!(
            see_of("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"),
            500 + 850
        );
    }
}
