//! The Polyglot key of a chess position, as the Polyglot book format specifies it: the xor
//! of the Random64 keys of every piece on its square, of each castling right still held,
//! of the en-passant file when a pawn of the side to move stands beside the pawn that just
//! advanced two squares (whether or not the capture is legal), and of white to move.

use cozy_chess::{Board, Color, Piece, Rank, Square, get_pawn_attacks};

use super::random::RANDOM64;

/// First castling key: white short, white long, black short, black long follow.
const CASTLING: usize = 768;
/// First en-passant key, one per file a–h.
const EN_PASSANT: usize = 772;
/// The key xor-ed in when white is to move.
const WHITE_TO_MOVE: usize = 780;

/// The Polyglot key of `board`.
pub fn polyglot_key(board: &Board) -> u64 {
    let mut key = 0;
    for square in board.occupied() {
        let (Some(piece), Some(color)) = (board.piece_on(square), board.color_on(square)) else {
            continue;
        };
        key ^= RANDOM64[64 * piece_kind(piece, color) + square as usize];
    }
    for (offset, color) in [(0, Color::White), (2, Color::Black)] {
        let rights = board.castle_rights(color);
        if rights.short.is_some() {
            key ^= RANDOM64[CASTLING + offset];
        }
        if rights.long.is_some() {
            key ^= RANDOM64[CASTLING + offset + 1];
        }
    }
    if let Some(file) = board.en_passant() {
        let us = board.side_to_move();
        let target = Square::new(file, Rank::Sixth.relative_to(us));
        let beside = get_pawn_attacks(target, !us) & board.colored_pieces(us, Piece::Pawn);
        if !beside.is_empty() {
            key ^= RANDOM64[EN_PASSANT + file as usize];
        }
    }
    if board.side_to_move() == Color::White {
        key ^= RANDOM64[WHITE_TO_MOVE];
    }
    key
}

/// Polyglot's piece kind: black pawn 0, white pawn 1, black knight 2 … white king 11.
fn piece_kind(piece: Piece, color: Color) -> usize {
    let order = match piece {
        Piece::Pawn => 0,
        Piece::Knight => 1,
        Piece::Bishop => 2,
        Piece::Rook => 3,
        Piece::Queen => 4,
        Piece::King => 5,
    };
    2 * order + usize::from(color == Color::White)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test positions of the Polyglot book format's specification: the moves from the
    /// start and the key the specification gives for the position they reach.
    const SPEC_KEYS: [(&str, u64); 9] = [
        ("", 0x463b96181691fc9c),
        ("e2e4", 0x823c9b50fd114196),
        ("e2e4 d7d5", 0x0756b94461c50fb0),
        ("e2e4 d7d5 e4e5", 0x662fafb965db29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637),
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560),
    ];

    #[test]
    fn the_specifications_test_positions_have_its_keys() {
        for (moves, expected) in SPEC_KEYS {
            let mut board = Board::default();
            for name in moves.split_whitespace() {
                board.play(name.parse().expect("a move"));
            }
            assert_eq!(
                polyglot_key(&board),
                expected,
                "after '{moves}': {:016x}",
                polyglot_key(&board)
            );
        }
    }

    #[test]
    fn an_en_passant_file_counts_only_beside_a_pawn_of_the_side_to_move() {
        // After 1.e4 no black pawn stands beside e4: the key ignores the en-passant file
        // (the spec's 0x823c9b50fd114196 says the same); after …f5 with a pawn on e5 it counts.
        let mut board = Board::default();
        board.play("e2e4".parse().expect("e4"));
        assert_eq!(board.en_passant(), Some(cozy_chess::File::E));
        let with_file = polyglot_key(&board) ^ RANDOM64[EN_PASSANT + 4];
        assert_ne!(polyglot_key(&board), with_file);
        assert_eq!(polyglot_key(&board), 0x823c9b50fd114196);
    }
}
