//! What a chess board must hold to be reachable from a game, checked on the FEN placement
//! before the move generator sees it, so an error names the rule: one king each, no pawn on
//! the first or last rank, at most sixteen pieces and eight pawns a side, and no more pieces
//! beyond the set than missing pawns could have promoted to. Checks and castling rights are
//! checked with the board (see `fen`).

use ply_search::Side;

use crate::session::SetupProblem;

const PIECES: [(char, &str, usize); 6] = [
    ('k', "king", 1),
    ('q', "queen", 1),
    ('r', "rook", 2),
    ('b', "bishop", 2),
    ('n', "knight", 2),
    ('p', "pawn", 8),
];

/// Checks the material of a well-formed placement field (eight ranks of eight squares).
pub(super) fn check_material(placement: &str) -> Result<(), SetupProblem> {
    let mut counts = [[0usize; 6]; 2];
    for (row, rank) in placement.split('/').enumerate() {
        let mut file = 0u32;
        for c in rank.chars() {
            if let Some(run) = c.to_digit(10) {
                file += run;
                continue;
            }
            let side = if c.is_ascii_uppercase() {
                Side::First
            } else {
                Side::Second
            };
            let lower = c.to_ascii_lowercase();
            if let Some(index) = PIECES.iter().position(|(letter, ..)| *letter == lower) {
                counts[side as usize][index] += 1;
            }
            if lower == 'p' && (row == 0 || row == 7) {
                let file_letter = char::from(b'a' + (file as u8).min(7));
                return Err(SetupProblem::PawnOnBackRank {
                    square: format!("{file_letter}{}", 8 - row),
                });
            }
            file += 1;
        }
    }
    for side in [Side::First, Side::Second] {
        let kings = counts[side as usize][0];
        if kings != 1 {
            return Err(SetupProblem::KingCount { side, count: kings });
        }
    }
    for side in [Side::First, Side::Second] {
        let mine = &counts[side as usize];
        let total: usize = mine.iter().sum();
        if total > 16 {
            return Err(SetupProblem::TooManyPieces {
                side,
                count: total,
                most: 16,
            });
        }
        let pawns = mine[5];
        if pawns > 8 {
            return Err(SetupProblem::TooManyOfKind {
                side,
                piece: "pawn",
                count: pawns,
                most: 8,
            });
        }
        let promoted: usize = PIECES[1..5]
            .iter()
            .zip(&mine[1..5])
            .map(|((_, _, set), &have)| have.saturating_sub(*set))
            .sum();
        if promoted > 8 - pawns {
            return Err(SetupProblem::TooManyPromoted {
                side,
                promoted,
                missing: 8 - pawns,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(placement: &str) -> Option<SetupProblem> {
        check_material(placement).err()
    }

    #[test]
    fn the_start_and_promotions_that_fit_pass() {
        assert_eq!(problem("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"), None);
        // Two pawns gone, two extra queens.
        assert_eq!(problem("4k3/8/8/8/8/8/PPPPPP2/QQQ1K3"), None);
    }

    #[test]
    fn each_side_has_one_king() {
        assert_eq!(
            problem("8/8/8/8/8/8/8/4K3"),
            Some(SetupProblem::KingCount {
                side: Side::Second,
                count: 0
            })
        );
        assert_eq!(
            problem("4k3/8/8/8/8/8/8/3KK3"),
            Some(SetupProblem::KingCount {
                side: Side::First,
                count: 2
            })
        );
    }

    #[test]
    fn pawns_never_stand_on_the_edge_ranks() {
        assert_eq!(
            problem("4k2p/8/8/8/8/8/8/4K3"),
            Some(SetupProblem::PawnOnBackRank {
                square: "h8".into()
            })
        );
        assert_eq!(
            problem("4k3/8/8/8/8/8/8/P3K3"),
            Some(SetupProblem::PawnOnBackRank {
                square: "a1".into()
            })
        );
    }

    #[test]
    fn too_many_pieces_pawns_or_promotions_are_named() {
        assert_eq!(
            problem("4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/4K3"),
            Some(SetupProblem::TooManyPieces {
                side: Side::First,
                count: 17,
                most: 16
            })
        );
        assert_eq!(
            problem("4k3/8/8/8/8/P7/PPPPPPPP/4K3"),
            Some(SetupProblem::TooManyOfKind {
                side: Side::First,
                piece: "pawn",
                count: 9,
                most: 8
            })
        );
        assert_eq!(
            problem("qqq1k3/pppppppp/8/8/8/8/8/4K3"),
            Some(SetupProblem::TooManyPromoted {
                side: Side::Second,
                promoted: 2,
                missing: 0
            })
        );
    }
}
