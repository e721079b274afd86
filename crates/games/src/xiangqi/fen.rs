//! FEN as Pikafish writes it: ten ranks from Black's back rank (rank 9) down, Red in
//! upper case (`RNBAKABNR`), then the side to move (`w`, or `r` for Red; `b` for Black),
//! two `-` fields, the plies since the last capture and the move number. `h`/`e` are read
//! as horse/elephant too. The board must be one a game can reach: one general each in its
//! palace, no more pieces of a kind than the set has, advisors, elephants and soldiers on
//! points they can stand on, and the side not to move not in check.

use ply_search::Side;

use super::piece::{Kind, code, is_piece, kind_of, side_of};
use super::position::Position;
use super::square::{FILES, RANKS, Square, file_of, in_palace, on_home_half, rank_of, square};
use crate::session::{PositionError, SetupProblem};

/// The start position.
pub const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A position read from FEN, with its counters.
#[derive(Clone, Copy, Debug)]
pub struct Parsed {
    /// The board and side to move.
    pub position: Position,
    /// Plies since the last capture.
    pub clock: u32,
    /// The move number (1 for the start).
    pub move_number: u32,
}

/// Reads a FEN.
pub fn parse(text: &str) -> Result<Parsed, PositionError> {
    let bad = |reason: String| PositionError::new(text, reason);
    let impossible = |problem: SetupProblem| PositionError::impossible(text, problem);
    let mut fields = text.split_whitespace();
    let board = fields
        .next()
        .ok_or_else(|| bad("the FEN is empty".into()))?;
    let side = match fields.next() {
        None | Some("w" | "r" | "W" | "R") => Side::First,
        Some("b" | "B") => Side::Second,
        Some(other) => {
            return Err(impossible(SetupProblem::SideField {
                given: other.chars().take(8).collect(),
                expected: "w (or r) for Red, b for Black".to_string(),
            }));
        }
    };
    let mut position = Position::empty(side);
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != usize::from(RANKS) {
        return Err(impossible(SetupProblem::RankCount {
            found: ranks.len(),
            expected: usize::from(RANKS),
        }));
    }
    let mut placed: Vec<(Square, u8)> = Vec::with_capacity(32);
    for (row, text_rank) in ranks.iter().enumerate() {
        let rank = RANKS - 1 - row as u8;
        let mut file: u8 = 0;
        for letter in text_rank.chars() {
            if let Some(run) = letter.to_digit(10) {
                if run == 0 {
                    return Err(bad(format!("rank {rank} has a run of 0 empty points")));
                }
                file = file.saturating_add(run as u8);
            } else {
                let kind = Kind::from_fen_letter(letter)
                    .ok_or_else(|| impossible(SetupProblem::PieceLetter { letter }))?;
                let owner = if letter.is_ascii_uppercase() {
                    Side::First
                } else {
                    Side::Second
                };
                if file >= FILES {
                    return Err(impossible(SetupProblem::RankWidth {
                        rank: rank.to_string(),
                        found: usize::from(file) + 1,
                        expected: usize::from(FILES),
                    }));
                }
                placed.push((square(file, rank), code(owner, kind)));
                file += 1;
            }
            if file > FILES {
                return Err(impossible(SetupProblem::RankWidth {
                    rank: rank.to_string(),
                    found: usize::from(file),
                    expected: usize::from(FILES),
                }));
            }
        }
        if file != FILES {
            return Err(impossible(SetupProblem::RankWidth {
                rank: rank.to_string(),
                found: usize::from(file),
                expected: usize::from(FILES),
            }));
        }
    }
    // Generals first, so that they head their side's list.
    placed.sort_by_key(|&(_, piece)| kind_of(piece) != Kind::General);
    for &(sq, piece) in &placed {
        check_point(sq, piece).map_err(impossible)?;
        if !position.put(sq, piece) {
            return Err(impossible(SetupProblem::TooManyPieces {
                side: side_of(piece),
                count: placed
                    .iter()
                    .filter(|(_, other)| side_of(*other) == side_of(piece))
                    .count(),
                most: 16,
            }));
        }
    }
    for owner in [Side::First, Side::Second] {
        let mut counts = [0u8; 7];
        for &sq in position.pieces(owner) {
            counts[kind_of(position.at(sq)) as usize] += 1;
        }
        for kind in Kind::ALL {
            let most = match kind {
                Kind::General => 1,
                Kind::Soldier => 5,
                _ => 2,
            };
            let have = usize::from(counts[kind as usize]);
            if kind == Kind::General && have != 1 {
                return Err(impossible(SetupProblem::GeneralCount {
                    side: owner,
                    count: have,
                }));
            }
            if have > most {
                return Err(impossible(SetupProblem::TooManyOfKind {
                    side: owner,
                    piece: kind.name(),
                    count: have,
                    most,
                }));
            }
        }
    }
    if generals_face_to_face(&position) {
        return Err(impossible(SetupProblem::GeneralsFaceToFace));
    }
    if position.general_attacked(side.opponent()) {
        return Err(impossible(SetupProblem::NotToMoveInCheck {
            side: side.opponent(),
        }));
    }
    let _ = fields.next();
    let _ = fields.next();
    let clock = match fields.next() {
        None => 0,
        Some(field) => field.parse().map_err(|_| {
            bad(format!(
                "the plies since the last capture are '{field}', not a number"
            ))
        })?,
    };
    let move_number = match fields.next() {
        None => 1,
        Some(field) => field
            .parse::<u32>()
            .map_err(|_| bad(format!("the move number is '{field}', not a number")))?
            .max(1),
    };
    Ok(Parsed {
        position,
        clock,
        move_number,
    })
}

/// Whether the two generals stand on one file with no piece between them.
fn generals_face_to_face(position: &Position) -> bool {
    let (red, black) = (
        position.general(Side::First),
        position.general(Side::Second),
    );
    file_of(red) == file_of(black)
        && (rank_of(red) + 1..rank_of(black))
            .all(|rank| !is_piece(position.at(square(file_of(red), rank))))
}

/// Whether `piece` may stand on `sq` in a real game.
fn check_point(sq: Square, piece: u8) -> Result<(), SetupProblem> {
    let owner = side_of(piece);
    let kind = kind_of(piece);
    // Seen from the owner's side: rank 0 is its back rank.
    let (file, rank) = match owner {
        Side::First => (file_of(sq), rank_of(sq)),
        Side::Second => (8 - file_of(sq), 9 - rank_of(sq)),
    };
    let fits = match kind {
        Kind::General => in_palace(owner, sq),
        Kind::Advisor => in_palace(owner, sq) && (file + rank) % 2 == 1,
        Kind::Elephant => {
            on_home_half(owner, sq) && matches!((file, rank), (2 | 6, 0 | 4) | (0 | 4 | 8, 2))
        }
        Kind::Soldier => rank >= 5 || (rank >= 3 && file % 2 == 0),
        _ => true,
    };
    let point = super::square::name(sq);
    match (fits, kind) {
        (true, _) => Ok(()),
        (false, Kind::General) => Err(SetupProblem::GeneralOutsidePalace { side: owner, point }),
        (false, _) => Err(SetupProblem::UnreachablePoint {
            side: owner,
            piece: kind.name(),
            point,
        }),
    }
}

/// The board field of a FEN.
pub fn format_board(position: &Position) -> String {
    let mut out = String::with_capacity(90);
    for rank in (0..RANKS).rev() {
        let mut run = 0;
        for file in 0..FILES {
            let piece = position.at(square(file, rank));
            if is_piece(piece) {
                if run > 0 {
                    out.push(char::from(b'0' + run));
                    run = 0;
                }
                let letter = kind_of(piece).fen_letter();
                out.push(if side_of(piece) == Side::First {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            } else {
                run += 1;
            }
        }
        if run > 0 {
            out.push(char::from(b'0' + run));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The whole FEN.
pub fn format(position: &Position, clock: u32, move_number: u32) -> String {
    let side = match position.side_to_move() {
        Side::First => 'w',
        Side::Second => 'b',
    };
    format!(
        "{} {side} - - {clock} {move_number}",
        format_board(position)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(fen: &str) -> Option<SetupProblem> {
        parse(fen).err().and_then(|error| error.problem)
    }

    #[test]
    fn the_start_reads() {
        assert!(parse(START).is_ok());
    }

    #[test]
    fn each_side_has_one_general_in_its_palace() {
        assert_eq!(
            problem("4k4/9/9/9/9/9/9/9/9/9 w - - 0 1"),
            Some(SetupProblem::GeneralCount {
                side: Side::First,
                count: 0
            })
        );
        assert_eq!(
            problem("3kk4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
            Some(SetupProblem::GeneralCount {
                side: Side::Second,
                count: 2
            })
        );
        assert_eq!(
            problem("3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1"),
            Some(SetupProblem::GeneralOutsidePalace {
                side: Side::First,
                point: "a0".into()
            })
        );
    }

    #[test]
    fn advisors_elephants_and_soldiers_stand_where_they_can_go() {
        assert_eq!(
            problem("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"),
            None,
            "an advisor on the palace centre"
        );
        assert_eq!(
            problem("3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1"),
            Some(SetupProblem::UnreachablePoint {
                side: Side::First,
                piece: "advisor",
                point: "d1".into()
            })
        );
        assert_eq!(
            problem("3k5/9/9/9/4B4/9/9/9/9/4K4 w - - 0 1"),
            Some(SetupProblem::UnreachablePoint {
                side: Side::First,
                piece: "elephant",
                point: "e5".into()
            })
        );
        assert_eq!(
            problem("3k5/9/9/9/9/9/9/1P7/9/4K4 w - - 0 1"),
            Some(SetupProblem::UnreachablePoint {
                side: Side::First,
                piece: "soldier",
                point: "b2".into()
            })
        );
        assert_eq!(
            problem("3k5/9/9/9/9/9/PPPPPP3/9/9/4K4 w - - 0 1"),
            Some(SetupProblem::UnreachablePoint {
                side: Side::First,
                piece: "soldier",
                point: "b3".into()
            })
        );
    }

    #[test]
    fn too_many_of_a_kind() {
        assert_eq!(
            problem("3k5/9/9/9/9/9/9/9/9/RRR1K4 w - - 0 1"),
            Some(SetupProblem::TooManyOfKind {
                side: Side::First,
                piece: "chariot",
                count: 3,
                most: 2
            })
        );
    }

    #[test]
    fn generals_may_not_face_each_other() {
        assert_eq!(
            problem("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
            Some(SetupProblem::GeneralsFaceToFace)
        );
        assert_eq!(problem("4k4/9/9/9/4p4/9/9/9/9/4K4 w - - 0 1"), None);
    }

    #[test]
    fn the_side_not_to_move_is_not_in_check() {
        assert_eq!(
            problem("4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1"),
            Some(SetupProblem::NotToMoveInCheck { side: Side::Second })
        );
        assert_eq!(problem("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1"), None);
    }

    #[test]
    fn syntax_slips_are_named() {
        assert_eq!(
            problem("9/9 w"),
            Some(SetupProblem::RankCount {
                found: 2,
                expected: 10
            })
        );
        assert!(matches!(
            problem("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w"),
            Some(SetupProblem::RankWidth { .. })
        ));
        assert_eq!(
            problem("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w"),
            Some(SetupProblem::PieceLetter { letter: 'Q' })
        );
    }
}
