//! Static exchange evaluation: the material a capture wins or loses when both sides keep
//! taking back on its point with their least valuable piece. Cannons are found over exactly
//! one screen on the board as it stands after each capture, so screens that vanish or
//! appear during the exchange are seen. Pins are not.

use ply_search::Side;

use super::piece::{Code, EMPTY, Kind, OFF, code, is_piece, kind_of};
use super::position::{HORSE_ATTACKS, Move, Position};
use super::square::{
    DIAGONAL, EAST, ORTHOGONAL, Square, WEST, forward, in_palace, offset, on_home_half,
};

/// The least valuable piece of `side` that attacks `target` on `board`, with its point.
fn least_attacker(board: &[Code; 256], target: Square, side: Side) -> Option<(Square, Kind)> {
    let at = |sq: Square| board[usize::from(sq)];
    let soldier = code(side, Kind::Soldier);
    let behind = offset(target, -forward(side));
    if at(behind) == soldier {
        return Some((behind, Kind::Soldier));
    }
    if !on_home_half(side, target) {
        for step in [EAST, WEST] {
            let sq = offset(target, step);
            if at(sq) == soldier {
                return Some((sq, Kind::Soldier));
            }
        }
    }
    if in_palace(side, target) {
        let advisor = code(side, Kind::Advisor);
        for step in DIAGONAL {
            let sq = offset(target, step);
            if at(sq) == advisor {
                return Some((sq, Kind::Advisor));
            }
        }
    }
    if on_home_half(side, target) {
        let elephant = code(side, Kind::Elephant);
        for step in DIAGONAL {
            let eye = offset(target, step);
            let sq = offset(eye, step);
            if at(eye) == EMPTY && at(sq) == elephant {
                return Some((sq, Kind::Elephant));
            }
        }
    }
    let horse = code(side, Kind::Horse);
    for (leg, froms) in HORSE_ATTACKS {
        if at(offset(target, leg)) == EMPTY {
            for from in froms {
                let sq = offset(target, from);
                if at(sq) == horse {
                    return Some((sq, Kind::Horse));
                }
            }
        }
    }
    let (cannon, chariot) = (code(side, Kind::Cannon), code(side, Kind::Chariot));
    let mut chariot_at = None;
    for step in ORTHOGONAL {
        let mut sq = offset(target, step);
        while at(sq) == EMPTY {
            sq = offset(sq, step);
        }
        if at(sq) == OFF {
            continue;
        }
        if at(sq) == chariot {
            chariot_at = Some(sq);
        }
        sq = offset(sq, step);
        while at(sq) == EMPTY {
            sq = offset(sq, step);
        }
        if at(sq) == cannon {
            return Some((sq, Kind::Cannon));
        }
    }
    if let Some(sq) = chariot_at {
        return Some((sq, Kind::Chariot));
    }
    if in_palace(side, target) {
        let general = code(side, Kind::General);
        for step in ORTHOGONAL {
            let sq = offset(target, step);
            if at(sq) == general {
                return Some((sq, Kind::General));
            }
        }
    }
    None
}

/// The material `mv` wins (negative: loses) by `values` (general first), when both sides
/// go on capturing on its point with their least valuable attacker while it pays.
pub fn see(position: &Position, mv: Move, values: &[i32; 7]) -> i32 {
    let mut board = [OFF; 256];
    for sq in 0..=255u8 {
        board[usize::from(sq)] = position.at(sq);
    }
    let target = mv.to;
    let captured = board[usize::from(target)];
    let mut gains = [0i32; 34];
    gains[0] = if is_piece(captured) {
        values[kind_of(captured) as usize]
    } else {
        0
    };
    let mut on_target = kind_of(board[usize::from(mv.from)]);
    board[usize::from(target)] = board[usize::from(mv.from)];
    board[usize::from(mv.from)] = EMPTY;
    let mut side = position.side_to_move().opponent();
    let mut depth = 0;
    while let Some((from, kind)) = least_attacker(&board, target, side) {
        if on_target == Kind::General {
            // The last capture took with the general into an attacked point: illegal.
            break;
        }
        depth += 1;
        if depth >= gains.len() {
            break;
        }
        gains[depth] = values[on_target as usize] - gains[depth - 1];
        if kind == Kind::General && least_attacker_after(&board, target, from, side).is_some() {
            depth -= 1;
            break;
        }
        board[usize::from(target)] = board[usize::from(from)];
        board[usize::from(from)] = EMPTY;
        on_target = kind;
        side = side.opponent();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// Whether the other side attacks `target` once `side`'s piece on `from` has taken there.
fn least_attacker_after(
    board: &[Code; 256],
    target: Square,
    from: Square,
    side: Side,
) -> Option<(Square, Kind)> {
    let mut after = *board;
    after[usize::from(target)] = after[usize::from(from)];
    after[usize::from(from)] = EMPTY;
    least_attacker(&after, target, side.opponent())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Xiangqi;
    use crate::xiangqi::notation::parse_iccs;

    const VALUES: [i32; 7] = [10_000, 200, 200, 400, 900, 450, 100];

    fn see_of(fen: &str, mv: &str) -> i32 {
        let game = Xiangqi::from_fen(fen).expect("valid");
        let mv = parse_iccs(mv).expect("coordinates");
        assert!(game.is_legal(mv));
        see(game.position(), mv, &VALUES)
    }

    #[test]
    fn exchanges() {
        // The cannon takes the horse at h9 and the chariot at i9 takes back.
        let start = crate::xiangqi::START;
        assert_eq!(see_of(start, "h2h9"), 400 - 450);
        // A chariot takes an unprotected soldier.
        let fen = "3k5/9/9/9/p8/9/9/9/9/R3K4 w - - 0 1";
        assert_eq!(see_of(fen, "a0a5"), 100);
        // A protected soldier: the chariot is lost for it.
        let fen = "3k5/9/9/r8/p8/9/9/9/9/R3K4 w - - 0 1";
        assert_eq!(see_of(fen, "a0a5"), 100 - 900);
    }
}
