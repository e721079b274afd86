//! FEN in and out. Reading accepts standard FEN, X-FEN and Shredder-FEN castling fields
//! (`KQkq`, `HAha`, `Kq`…), a missing clock pair (EPD-style four fields), `startpos`, and
//! checks the position is legal. Writing gives standard FEN (X-FEN castling letters when a
//! Chess960 rook is not the outermost one) with the en-passant square only when a capture
//! there is possible.

use cozy_chess::{Board, Color, File, Piece, Rank, Square};

use ply_search::Side;

use super::position::{Chess, position_key};
use super::setup;
use crate::session::{PositionError, SetupProblem};

/// The FEN of the standard start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Reads a FEN (or `startpos`) into a game. `chess960` chooses Chess960 castling notation.
pub fn parse(text: &str, chess960: bool) -> Result<Chess, PositionError> {
    parse_board(text).map(|board| Chess::from_board(board, chess960))
}

/// Reads a FEN (or `startpos`) into a board.
pub fn parse_board(text: &str) -> Result<Board, PositionError> {
    let trimmed = text.trim();
    if trimmed.eq_ignore_ascii_case("startpos") || trimmed.is_empty() {
        return Ok(Board::default());
    }
    let fields: Vec<&str> = trimmed.split_whitespace().collect();
    if !(fields.len() == 4 || fields.len() == 6 || fields.len() == 2 || fields.len() == 3) {
        return Err(PositionError::new(
            text,
            format!(
                "a FEN has 6 fields (placement, side, castling, en passant, half-move clock, move number); this has {}",
                fields.len()
            ),
        ));
    }
    let placement = fields[0];
    check_placement(text, placement)?;
    let side = match fields[1] {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        other => {
            return Err(PositionError::impossible(
                text,
                SetupProblem::SideField {
                    given: other.chars().take(8).collect(),
                    expected: "w or b".to_string(),
                },
            ));
        }
    };
    let castling_field = fields.get(2).copied().unwrap_or("-");
    let en_passant = fields.get(3).copied().unwrap_or("-");
    let halfmove: u32 = match fields.get(4) {
        Some(field) => field.parse().map_err(|_| {
            PositionError::new(
                text,
                format!("half-move clock must be a number, not '{field}'"),
            )
        })?,
        None => 0,
    };
    let fullmove: u32 = match fields.get(5) {
        Some(field) => field.parse().map_err(|_| {
            PositionError::new(text, format!("move number must be a number, not '{field}'"))
        })?,
        None => 1,
    };
    let castling = shredder_castling(text, placement, castling_field)?;
    let side_letter = if side == Color::White { 'w' } else { 'b' };
    let normalized = format!(
        "{placement} {side_letter} {castling} {en_passant} {} {}",
        halfmove.min(100),
        fullmove.clamp(1, u32::from(u16::MAX))
    );
    Board::from_fen(&normalized, true)
        .map_err(|error| describe(text, error, placement, side, en_passant))
}

/// Checks the placement field's shape, so errors name the rank at fault.
fn check_placement(text: &str, placement: &str) -> Result<(), PositionError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(PositionError::impossible(
            text,
            SetupProblem::RankCount {
                found: ranks.len(),
                expected: 8,
            },
        ));
    }
    for (index, rank) in ranks.iter().enumerate() {
        let mut files = 0usize;
        for c in rank.chars() {
            if let Some(run) = c.to_digit(10) {
                files += run as usize;
            } else if "pnbrqkPNBRQK".contains(c) {
                files += 1;
            } else {
                return Err(PositionError::impossible(
                    text,
                    SetupProblem::PieceLetter { letter: c },
                ));
            }
        }
        if files != 8 {
            return Err(PositionError::impossible(
                text,
                SetupProblem::RankWidth {
                    rank: (8 - index).to_string(),
                    found: files,
                    expected: 8,
                },
            ));
        }
    }
    setup::check_material(placement).map_err(|problem| PositionError::impossible(text, problem))
}

/// The files of `color`'s rooks on its back rank, and its king's file, from the placement.
fn back_rank(placement: &str, color: Color) -> (Vec<usize>, Option<usize>) {
    let row = match color {
        Color::White => placement.split('/').nth(7),
        Color::Black => placement.split('/').next(),
    }
    .unwrap_or("");
    let (rook, king) = match color {
        Color::White => ('R', 'K'),
        Color::Black => ('r', 'k'),
    };
    let mut rooks = Vec::new();
    let mut king_file = None;
    let mut file = 0usize;
    for c in row.chars() {
        if let Some(run) = c.to_digit(10) {
            file += run as usize;
            continue;
        }
        if c == rook {
            rooks.push(file);
        } else if c == king {
            king_file = Some(file);
        }
        file += 1;
    }
    (rooks, king_file)
}

/// Turns any castling field into Shredder letters (rook files).
fn shredder_castling(text: &str, placement: &str, field: &str) -> Result<String, PositionError> {
    if field == "-" {
        return Ok("-".to_string());
    }
    let mut out = String::new();
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let (rooks, king) = back_rank(placement, color);
        let Some(king) = king else {
            return Err(PositionError::impossible(
                text,
                SetupProblem::CastlingKing { letter: c },
            ));
        };
        let file = match c.to_ascii_lowercase() {
            'k' => rooks.iter().copied().filter(|&f| f > king).max(),
            'q' => rooks.iter().copied().filter(|&f| f < king).min(),
            letter @ 'a'..='h' => Some((letter as u8 - b'a') as usize),
            _ => {
                return Err(PositionError::new(
                    text,
                    format!("'{c}' is not a castling letter (KQkq, or rook files A-H / a-h)"),
                ));
            }
        };
        let Some(file) = file.filter(|f| rooks.contains(f)) else {
            return Err(PositionError::impossible(
                text,
                SetupProblem::CastlingRook { letter: c },
            ));
        };
        let letter = (b'a' + file as u8) as char;
        out.push(if color == Color::White {
            letter.to_ascii_uppercase()
        } else {
            letter
        });
    }
    Ok(out)
}

/// Names the rule a board cozy-chess refused breaks (the material was checked before).
fn describe(
    text: &str,
    error: cozy_chess::FenParseError,
    placement: &str,
    side: Color,
    ep: &str,
) -> PositionError {
    use cozy_chess::FenParseError as E;
    let problem = match error {
        E::InvalidEnPassant => SetupProblem::EnPassant {
            square: ep.chars().take(4).collect(),
        },
        E::InvalidCastlingRights => {
            return PositionError::new(text, "castling rights do not match the kings and rooks");
        }
        E::InvalidHalfMoveClock => return PositionError::new(text, "bad half-move clock"),
        E::InvalidFullmoveNumber => return PositionError::new(text, "bad move number"),
        _ => {
            let other = if side == Color::White { 'b' } else { 'w' };
            let flipped = Board::from_fen(&format!("{placement} {other} - - 0 1"), false);
            if flipped.is_ok_and(|board| !board.checkers().is_empty()) {
                SetupProblem::NotToMoveInCheck {
                    side: if side == Color::White {
                        Side::Second
                    } else {
                        Side::First
                    },
                }
            } else {
                SetupProblem::ImpossibleCheck
            }
        }
    };
    PositionError::impossible(text, problem)
}

/// Writes the game's current position as FEN.
pub fn write(game: &Chess) -> String {
    write_board(game.board())
}

/// Writes `board` as FEN.
pub fn write_board(board: &Board) -> String {
    let mut out = String::with_capacity(90);
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            let square = Square::new(file, *rank);
            match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(color)) => {
                    if empty > 0 {
                        out.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    let letter = super::notation::piece_letter(piece);
                    out.push(if color == Color::White {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if *rank != Rank::First {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(if board.side_to_move() == Color::White {
        'w'
    } else {
        'b'
    });
    out.push(' ');
    let castling = castling_field(board);
    out.push_str(if castling.is_empty() { "-" } else { &castling });
    out.push(' ');
    match board.en_passant() {
        Some(file) if position_key(board) == board.hash() => {
            let rank = Rank::Sixth.relative_to(board.side_to_move());
            out.push_str(&super::notation::square_name(Square::new(file, rank)));
        }
        _ => out.push('-'),
    }
    out.push_str(&format!(
        " {} {}",
        board.halfmove_clock(),
        board.fullmove_number()
    ));
    out
}

/// `KQkq` letters, or a rook's file (X-FEN) when another rook stands further out.
fn castling_field(board: &Board) -> String {
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        let rights = board.castle_rights(color);
        let rank = Rank::First.relative_to(color);
        let king = board.king(color).file();
        let rooks = board.colored_pieces(color, Piece::Rook);
        let rook_files: Vec<File> = File::ALL
            .into_iter()
            .filter(|&f| rooks.has(Square::new(f, rank)))
            .collect();
        for (file, short) in [(rights.short, true), (rights.long, false)] {
            let Some(file) = file else { continue };
            let outermost = if short {
                rook_files.iter().filter(|&&f| f > king).max() == Some(&file)
            } else {
                rook_files.iter().filter(|&&f| f < king).min() == Some(&file)
            };
            let letter = if outermost {
                if short { 'k' } else { 'q' }
            } else {
                (b'a' + file as u8) as char
            };
            out.push(if color == Color::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_standard_positions() {
        for fen in [
            START,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "4k3/8/8/8/8/8/8/4K2R w K - 99 80",
        ] {
            assert_eq!(write(&parse(fen, false).expect(fen)), fen);
        }
    }

    #[test]
    fn accepts_epd_shredder_and_xfen_castling() {
        let epd = parse("4k3/8/8/8/8/8/8/4K3 w - -", false).expect("4 fields");
        assert_eq!(write(&epd), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let shredder = parse(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            false,
        )
        .expect("shredder");
        assert_eq!(write(&shredder), START);
        let frc = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let game = parse(frc, true).expect("chess960");
        assert_eq!(
            write(&game),
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
        );
        assert_eq!(
            write(&parse(&write(&game), true).expect("x-fen")),
            write(&game)
        );
    }

    #[test]
    fn dead_en_passant_is_not_written() {
        let game = parse(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            false,
        )
        .expect("valid");
        assert!(write(&game).contains(" b KQkq - "));
    }

    #[test]
    fn errors_name_the_problem() {
        let cases = [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "needs 8"),
            (
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "rank 6",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "side to move",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
                "piece letter",
            ),
            ("8/8/8/8/8/8/8/8 w - - 0 1", "exactly one"),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "no rook"),
            ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en passant"),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1", "half-move"),
            ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "in check"),
            ("rnbqkbnr", "6 fields"),
        ];
        for (fen, words) in cases {
            let error = parse(fen, false).expect_err(fen).to_string();
            assert!(error.contains(words), "{fen}: {error}");
        }
    }

    #[test]
    fn impossible_boards_name_the_rule() {
        let problem = |fen: &str| parse(fen, false).expect_err(fen).problem;
        assert_eq!(
            problem("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
            Some(SetupProblem::NotToMoveInCheck { side: Side::Second })
        );
        // Three pieces giving check at once: no move does that.
        assert_eq!(
            problem("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1"),
            Some(SetupProblem::ImpossibleCheck)
        );
        assert_eq!(
            problem("8/4k3/8/8/8/8/8/R3K3 w Qk - 0 1"),
            Some(SetupProblem::CastlingKing { letter: 'k' })
        );
        assert!(parse("r3k3/8/8/8/8/8/8/4K3 w q - 0 1", false).is_ok());
        assert_eq!(
            problem("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
            Some(SetupProblem::EnPassant {
                square: "e6".into()
            })
        );
        assert_eq!(
            problem("4k3/8/8/8/8/8/8/4K2p w - - 0 1"),
            Some(SetupProblem::PawnOnBackRank {
                square: "h1".into()
            })
        );
    }
}
