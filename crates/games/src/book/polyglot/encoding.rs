//! A Polyglot book move in 16 bits: bits 0–2 the target file, 3–5 its rank, 6–8 the origin
//! file, 9–11 its rank, 12–14 the promotion (0 none, 1 knight, 2 bishop, 3 rook, 4 queen).
//! Castling is written as the king taking its own rook (`e1h1`), as cozy-chess plays it.

use cozy_chess::{Move, Piece, Square};

/// The move `raw` names; `None` for a promotion code Polyglot does not define.
pub fn decode(raw: u16) -> Option<Move> {
    let square = |bits: u16| Square::index(usize::from(bits & 63));
    let promotion = match (raw >> 12) & 7 {
        0 => None,
        1 => Some(Piece::Knight),
        2 => Some(Piece::Bishop),
        3 => Some(Piece::Rook),
        4 => Some(Piece::Queen),
        _ => return None,
    };
    Some(Move {
        from: square(raw >> 6),
        to: square(raw),
        promotion,
    })
}

/// The 16 bits of `mv` (castling as king takes rook).
pub fn encode(mv: Move) -> u16 {
    let promotion = match mv.promotion {
        None => 0,
        Some(Piece::Knight) => 1,
        Some(Piece::Bishop) => 2,
        Some(Piece::Rook) => 3,
        Some(_) => 4,
    };
    (mv.to as u16) | (mv.from as u16) << 6 | promotion << 12
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_written_as_the_specification_says() {
        // e2e4: to e4 = file 4, rank 3; from e2 = file 4, rank 1.
        let e4: Move = "e2e4".parse().expect("e2e4");
        assert_eq!(encode(e4), 4 | 3 << 3 | 4 << 6 | 1 << 9);
        // White castles short as e1h1; a promotion to a queen has code 4.
        let castle: Move = "e1h1".parse().expect("e1h1");
        assert_eq!(encode(castle), 7 | 4 << 6);
        let queen: Move = "a7a8q".parse().expect("a7a8q");
        assert_eq!(encode(queen) >> 12, 4);
        for mv in [e4, castle, queen, "b7b8n".parse().expect("b7b8n")] {
            assert_eq!(decode(encode(mv)), Some(mv));
        }
        assert_eq!(decode(5 << 12), None, "promotion code 5 is not Polyglot's");
    }
}
