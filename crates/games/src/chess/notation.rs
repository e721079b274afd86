//! Chess move notation: UCI coordinates (`e2e4`, `e7e8q`; castling `e1g1`, or king takes
//! rook `e1h1` in Chess960) and Standard Algebraic Notation (`Nf3`, `exd5`, `O-O`, `e8=Q#`),
//! both written and read. Reading is forgiving (`0-0`, `e8Q`, `Ng1-f3`, `exd6 e.p.`, check
//! marks and `!?` ignored); writing is canonical. SAN is also written and read with the
//! Vietnamese piece letters: V (vua), H (hậu), X (xe), T (tượng), M (mã): `Mf3`, `e8=H`.

use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};

use super::position::Chess;
use crate::session::MoveError;

const ACCEPTED: &str =
    "expected a move in coordinates (e2e4, e7e8q, e1g1) or in SAN (e4, Nf3, exd5, O-O, e8=Q)";

/// The letter SAN and FEN use for a piece, upper case.
pub fn piece_letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

/// The piece a letter names (either case), pawns included.
pub fn piece_from_letter(letter: char) -> Option<Piece> {
    Some(match letter.to_ascii_uppercase() {
        'P' => Piece::Pawn,
        'N' => Piece::Knight,
        'B' => Piece::Bishop,
        'R' => Piece::Rook,
        'Q' => Piece::Queen,
        'K' => Piece::King,
        _ => return None,
    })
}

/// SAN with the Vietnamese piece letters: `Nf3` becomes `Mf3`, `e8=Q+` becomes `e8=H+`.
pub fn vietnamese_san(english: &str) -> String {
    english
        .chars()
        .map(|c| match c {
            'K' => 'V',
            'Q' => 'H',
            'R' => 'X',
            'B' => 'T',
            'N' => 'M',
            other => other,
        })
        .collect()
}

/// Vietnamese piece letters turned into SAN's English ones; `None` when there are none.
fn from_vietnamese(text: &str) -> Option<String> {
    let mut changed = false;
    let english = text
        .chars()
        .map(|c| {
            let letter = match c {
                'V' => 'K',
                'H' => 'Q',
                'X' => 'R',
                'T' => 'B',
                'M' => 'N',
                other => return other,
            };
            changed = true;
            letter
        })
        .collect();
    changed.then_some(english)
}

/// Reads a move typed by a player who writes SAN with Vietnamese letters (`Xe1`, `Mf3`)
/// when `vietnamese_first`, English SAN otherwise; the other spelling and coordinates are
/// read too.
pub fn parse_move_preferring(
    game: &Chess,
    text: &str,
    vietnamese_first: bool,
) -> Result<Move, MoveError> {
    let Some(english) = from_vietnamese(text) else {
        return parse_move(game, text);
    };
    if vietnamese_first {
        parse_move(game, &english).or_else(|error| parse_move(game, text).map_err(|_| error))
    } else {
        parse_move(game, text).or_else(|error| parse_move(game, &english).map_err(|_| error))
    }
}

/// The piece's name in English, for messages and views.
pub fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

/// A square's name: `e4`.
pub fn square_name(square: Square) -> String {
    let mut name = String::with_capacity(2);
    name.push(file_char(square.file()));
    name.push(rank_char(square.rank()));
    name
}

/// A move in plain coordinates (`e2e4`, `e7e8q`; castling as cozy-chess encodes it).
pub fn coordinates(mv: Move) -> String {
    let mut name = square_name(mv.from);
    name.push_str(&square_name(mv.to));
    if let Some(piece) = mv.promotion {
        name.push(piece_letter(piece).to_ascii_lowercase());
    }
    name
}

/// Where the king lands when it castles with the rook on `rook` (g- or c-file).
fn castling_king_target(board: &Board, king: Square, rook: Square) -> Square {
    let file = if rook.file() > king.file() {
        File::G
    } else {
        File::C
    };
    Square::new(file, Rank::First.relative_to(board.side_to_move()))
}

/// The move in UCI coordinates. Castling is written as the king's two-square step in
/// standard chess and as king takes rook in Chess960, as UCI GUIs expect.
pub fn uci_name(game: &Chess, mv: Move) -> String {
    let board = game.board();
    let mut shown = mv;
    if !game.is_chess960()
        && board.piece_on(mv.from) == Some(Piece::King)
        && board.colors(board.side_to_move()).has(mv.to)
    {
        shown.to = castling_king_target(board, mv.from, mv.to);
    }
    coordinates(shown)
}

/// Reads a UCI move (either castling form) if the text is one; `None` when the text is not
/// coordinates at all.
fn parse_uci(game: &Chess, text: &str) -> Option<Result<Move, MoveError>> {
    let compact: String = text.chars().filter(|c| *c != '-' && *c != 'x').collect();
    let bytes = compact.as_bytes();
    if !(bytes.len() == 4 || bytes.len() == 5) {
        return None;
    }
    let from: Square = compact.get(0..2)?.parse().ok()?;
    let to: Square = compact.get(2..4)?.parse().ok()?;
    let promotion = match compact.get(4..) {
        Some("") | None => None,
        Some(letter) => {
            let piece = letter.chars().next().and_then(piece_from_letter)?;
            Some(piece)
        }
    };
    let board = game.board();
    let mut mv = Move {
        from,
        to,
        promotion,
    };
    if board.piece_on(from) == Some(Piece::King)
        && board.color_on(from) == Some(board.side_to_move())
        && !board.colors(board.side_to_move()).has(to)
        && from.rank() == to.rank()
        && (from.file() as i32 - to.file() as i32).abs() == 2
    {
        // The king's two-square step: castling with the rook on that side.
        let rights = board.castle_rights(board.side_to_move());
        let rook = if to.file() > from.file() {
            rights.short
        } else {
            rights.long
        };
        if let Some(file) = rook {
            mv.to = Square::new(file, from.rank());
        }
    }
    Some(if board.is_legal(mv) {
        Ok(mv)
    } else {
        Err(MoveError::illegal(text, illegal_reason(board, mv)))
    })
}

/// Why a coordinate move is not legal, in a few words.
fn illegal_reason(board: &Board, mv: Move) -> String {
    let us = board.side_to_move();
    match board.color_on(mv.from) {
        None => format!("there is no piece on {}", square_name(mv.from)),
        Some(color) if color != us => format!(
            "the piece on {} is {}'s and it is {}'s turn",
            square_name(mv.from),
            color_name(color),
            color_name(us)
        ),
        Some(_) => {
            let piece = board.piece_on(mv.from).map_or("piece", piece_name);
            let reaches = legal_moves(board)
                .iter()
                .any(|m| m.from == mv.from && m.to == mv.to);
            if reaches && mv.promotion.is_none() {
                format!(
                    "a pawn reaching the last rank must promote: add q, r, b or n (e.g. {}q)",
                    coordinates(mv)
                )
            } else if !board.checkers().is_empty() {
                format!(
                    "the {piece} on {} cannot go to {} and the king is in check",
                    mv.from, mv.to
                )
            } else {
                format!(
                    "the {piece} on {} cannot go to {}",
                    square_name(mv.from),
                    square_name(mv.to)
                )
            }
        }
    }
}

/// "white" or "black".
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Every legal move of `board`.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    moves
}

/// The move in SAN, with `+` for check and `#` for mate.
pub fn san(game: &Chess, mv: Move) -> String {
    let board = game.board();
    let kind = game.move_kind(mv);
    let mut out = String::with_capacity(8);
    if kind.castles {
        out.push_str(if mv.to.file() > mv.from.file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else if kind.piece == Piece::Pawn {
        if kind.captured.is_some() {
            out.push(file_char(mv.from.file()));
            out.push('x');
        }
        out.push_str(&square_name(mv.to));
        if let Some(promotion) = mv.promotion {
            out.push('=');
            out.push(piece_letter(promotion));
        }
    } else {
        out.push(piece_letter(kind.piece));
        let rivals: Vec<Square> = legal_moves(board)
            .into_iter()
            .filter(|other| {
                other.to == mv.to
                    && other.from != mv.from
                    && board.piece_on(other.from) == Some(kind.piece)
            })
            .map(|other| other.from)
            .collect();
        if !rivals.is_empty() {
            let file_unique = rivals.iter().all(|sq| sq.file() != mv.from.file());
            let rank_unique = rivals.iter().all(|sq| sq.rank() != mv.from.rank());
            if file_unique {
                out.push(file_char(mv.from.file()));
            } else if rank_unique {
                out.push(rank_char(mv.from.rank()));
            } else {
                out.push_str(&square_name(mv.from));
            }
        }
        if kind.captured.is_some() {
            out.push('x');
        }
        out.push_str(&square_name(mv.to));
    }
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        out.push(if after.generate_moves(|_| true) {
            '+'
        } else {
            '#'
        });
    }
    out
}

fn file_char(file: File) -> char {
    (b'a' + file as u8) as char
}

fn rank_char(rank: Rank) -> char {
    (b'1' + rank as u8) as char
}

/// What a SAN string asks for.
#[derive(Debug, Default)]
struct SanPattern {
    piece: Option<Piece>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Option<Square>,
    promotion: Option<Piece>,
    castle_short: Option<bool>,
}

/// Strips check marks, annotation glyphs and "e.p.".
fn strip_marks(text: &str) -> &str {
    let mut text = text.trim();
    for suffix in ["e.p.", "ep"] {
        if let Some(rest) = text.strip_suffix(suffix) {
            text = rest.trim_end();
        }
    }
    text.trim_end_matches(['+', '#', '!', '?'])
}

fn parse_pattern(text: &str) -> Option<SanPattern> {
    let core = strip_marks(text);
    let upper = core.to_ascii_uppercase().replace('0', "O");
    if upper == "O-O" || upper == "OO" {
        return Some(SanPattern {
            castle_short: Some(true),
            ..SanPattern::default()
        });
    }
    if upper == "O-O-O" || upper == "OOO" {
        return Some(SanPattern {
            castle_short: Some(false),
            ..SanPattern::default()
        });
    }
    let mut chars: Vec<char> = core
        .chars()
        .filter(|c| !matches!(c, 'x' | 'X' | ':' | '-' | '=' | '(' | ')' | '/'))
        .collect();
    let mut pattern = SanPattern::default();
    // A trailing piece letter is a promotion.
    if let Some(&last) = chars.last()
        && matches!(last.to_ascii_uppercase(), 'Q' | 'R' | 'B' | 'N')
        && chars.len() >= 3
        && chars[chars.len() - 2].is_ascii_digit()
    {
        pattern.promotion = piece_from_letter(last);
        chars.pop();
    }
    if chars.len() < 2 {
        return None;
    }
    let rank = chars.pop()?;
    let file = chars.pop()?;
    pattern.to = Some(format!("{file}{rank}").parse().ok()?);
    let mut rest = chars.as_slice();
    if let Some((&first, tail)) = rest.split_first() {
        let is_piece = first.is_ascii_uppercase() || matches!(first, 'n' | 'r' | 'q' | 'k');
        if is_piece {
            pattern.piece = Some(piece_from_letter(first)?);
            rest = tail;
        }
    }
    for &c in rest {
        match c {
            'a'..='h' => pattern.from_file = File::try_index((c as u8 - b'a') as usize),
            '1'..='8' => pattern.from_rank = Rank::try_index((c as u8 - b'1') as usize),
            _ => return None,
        }
    }
    Some(pattern)
}

fn matches(board: &Board, mv: Move, pattern: &SanPattern, piece: Piece) -> bool {
    let moved = board.piece_on(mv.from);
    let castles = moved == Some(Piece::King) && board.colors(board.side_to_move()).has(mv.to);
    if let Some(short) = pattern.castle_short {
        return castles && (mv.to.file() > mv.from.file()) == short;
    }
    if castles || moved != Some(piece) {
        return false;
    }
    Some(mv.to) == pattern.to
        && mv.promotion == pattern.promotion
        && pattern.from_file.is_none_or(|file| mv.from.file() == file)
        && pattern.from_rank.is_none_or(|rank| mv.from.rank() == rank)
}

/// Reads a SAN move; `None` when the text is not SAN-shaped.
fn parse_san(game: &Chess, text: &str) -> Option<Result<Move, MoveError>> {
    let pattern = parse_pattern(text)?;
    let board = game.board();
    let moves = legal_moves(board);
    let piece = pattern.piece.unwrap_or(Piece::Pawn);
    let mut found: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| matches(board, mv, &pattern, piece))
        .collect();
    // "bc4": a pawn from the b-file, or else a bishop written in lower case.
    if found.is_empty() && pattern.piece.is_none() && pattern.from_file == Some(File::B) {
        let bishop = SanPattern {
            from_file: None,
            ..pattern
        };
        found = moves
            .iter()
            .copied()
            .filter(|&mv| matches(board, mv, &bishop, Piece::Bishop))
            .collect();
        return Some(resolve(game, text, found, &bishop));
    }
    Some(resolve(game, text, found, &pattern))
}

fn resolve(
    game: &Chess,
    text: &str,
    found: Vec<Move>,
    pattern: &SanPattern,
) -> Result<Move, MoveError> {
    match found.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveError::illegal(text, san_failure(game, pattern))),
        several => Err(MoveError::Ambiguous {
            text: text.trim().to_string(),
            candidates: several
                .iter()
                .map(|&mv| san(game, mv))
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

fn san_failure(game: &Chess, pattern: &SanPattern) -> String {
    let board = game.board();
    if let Some(short) = pattern.castle_short {
        let side = if short { "kingside" } else { "queenside" };
        let rights = board.castle_rights(board.side_to_move());
        let has_right = if short { rights.short } else { rights.long }.is_some();
        return if !has_right {
            format!(
                "{} has lost the right to castle {side}",
                color_name(board.side_to_move())
            )
        } else if !board.checkers().is_empty() {
            "the king is in check".to_string()
        } else {
            format!("the king cannot castle {side} now (squares between are taken or attacked)")
        };
    }
    let piece = pattern.piece.unwrap_or(Piece::Pawn);
    let to = pattern.to.map_or_else(String::new, square_name);
    let ours = board.colored_pieces(board.side_to_move(), piece);
    if ours.is_empty() {
        return format!(
            "{} has no {}",
            color_name(board.side_to_move()),
            piece_name(piece)
        );
    }
    let promotes = pattern
        .to
        .is_some_and(|sq| sq.rank() == Rank::Eighth.relative_to(board.side_to_move()));
    if piece == Piece::Pawn && promotes && pattern.promotion.is_none() {
        return format!("a pawn reaching {to} must promote: write {to}=Q (or =R, =B, =N)");
    }
    if !board.checkers().is_empty() {
        return format!(
            "no {} can go to {to} and the king is in check",
            piece_name(piece)
        );
    }
    format!("no {} can go to {to}", piece_name(piece))
}

/// Reads a move in any accepted notation and checks that it is legal.
pub fn parse_move(game: &Chess, text: &str) -> Result<Move, MoveError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(MoveError::unreadable(text, ACCEPTED));
    }
    let plain = strip_marks(trimmed);
    let looks_uci = plain.len() >= 4
        && plain.as_bytes()[0].is_ascii_lowercase()
        && plain.as_bytes()[1].is_ascii_digit();
    if looks_uci && let Some(result) = parse_uci(game, plain) {
        // "b1c3" is coordinates; if it fails as coordinates, SAN cannot read it either.
        return result;
    }
    parse_san(game, trimmed).unwrap_or_else(|| Err(MoveError::unreadable(text, ACCEPTED)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen;
    use ply_search::Game;

    fn game(fen_text: &str) -> Chess {
        fen::parse(fen_text, false).expect("valid FEN")
    }

    fn round_trip(game: &Chess) {
        for mv in legal_moves(game.board()) {
            let written = san(game, mv);
            assert_eq!(parse_move(game, &written), Ok(mv), "SAN {written}");
            let name = uci_name(game, mv);
            assert_eq!(parse_move(game, &name), Ok(mv), "UCI {name}");
        }
    }

    #[test]
    fn vietnamese_letters_write_and_read() {
        let g = game("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        let mv = |s: &str| parse_move(&g, s).expect(s);
        assert_eq!(vietnamese_san(&san(&g, mv("b7a8q"))), "bxa8=H+");
        assert_eq!(vietnamese_san(&san(&g, mv("a1d1"))), "Xd1");
        assert_eq!(vietnamese_san(&san(&g, mv("e1f1"))), "Vf1");
        assert_eq!(vietnamese_san(&san(&g, mv("e1g1"))), "O-O");
        for text in ["Xd1", "Xad1", "Xa1d1"] {
            assert_eq!(
                parse_move_preferring(&g, text, true),
                Ok(mv("a1d1")),
                "{text}"
            );
        }
        assert_eq!(parse_move_preferring(&g, "b8=M", true), Ok(mv("b7b8n")));
        assert_eq!(parse_move_preferring(&g, "bxa8H", false), Ok(mv("b7a8q")));
        let start = Chess::new();
        assert_eq!(
            parse_move_preferring(&start, "Mf3", false).map(|m| m.to_string()),
            Ok("g1f3".into())
        );
        // Vietnamese first: X is the rook; English first: X is a capture mark.
        let open = game("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1");
        assert_eq!(
            parse_move_preferring(&open, "Xa4", true).map(|m| m.to_string()),
            Ok("a1a4".into())
        );
        assert!(parse_move_preferring(&open, "Hd1", true).is_err());
    }

    #[test]
    fn san_disambiguates_by_file_then_rank_then_square() {
        let g = game("4k3/8/8/8/1N3N2/8/1N6/4K3 w - - 0 1");
        let mv = |s: &str| parse_move(&g, s).expect(s);
        assert_eq!(san(&g, mv("f4d3")), "Nfd3");
        assert_eq!(san(&g, mv("b4d3")), "Nb4d3");
        assert_eq!(san(&g, mv("b2d3")), "N2d3");
        assert_eq!(san(&g, mv("b4a6")), "Na6");
        let rooks = game("R6R/8/6k1/8/8/8/8/R3K3 w - - 0 1");
        let a1a4 = parse_move(&rooks, "a1a4").expect("legal");
        assert_eq!(san(&rooks, a1a4), "R1a4");
        round_trip(&g);
        round_trip(&rooks);
    }

    #[test]
    fn san_marks_check_mate_castling_promotion_and_en_passant() {
        let g = game("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        let mv = |s: &str| parse_move(&g, s).expect(s);
        assert_eq!(san(&g, mv("e1g1")), "O-O");
        assert_eq!(san(&g, mv("O-O-O")), "O-O-O");
        assert_eq!(san(&g, mv("e5d6")), "exd6");
        assert_eq!(san(&g, mv("b7a8q")), "bxa8=Q+");
        assert_eq!(san(&g, mv("b7b8n")), "b8=N");
        assert_eq!(uci_name(&g, mv("0-0")), "e1g1");
        round_trip(&g);
        let mate = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(
            san(&mate, parse_move(&mate, "a1a8").expect("legal")),
            "Ra8#"
        );
    }

    #[test]
    fn forgiving_input() {
        let g = Chess::new();
        for text in ["Nf3", "g1f3", "Ng1-f3", "Ng1f3", "nf3", "Nf3!?", " Nf3+ "] {
            assert_eq!(
                parse_move(&g, text).map(|m| m.to_string()),
                Ok("g1f3".into()),
                "{text}"
            );
        }
        let promo = game("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
        for text in ["e8=Q", "e8Q", "e7e8q", "e8(Q)"] {
            assert_eq!(
                parse_move(&promo, text).map(|m| m.to_string()),
                Ok("e7e8q".into()),
                "{text}"
            );
        }
        let bishop = game("4k3/8/8/8/8/8/1B6/4K3 w - - 0 1");
        assert_eq!(
            parse_move(&bishop, "bc3").map(|m| m.to_string()),
            Ok("b2c3".into())
        );
    }

    #[test]
    fn errors_say_why() {
        let g = Chess::new();
        assert!(matches!(
            parse_move(&g, "hello"),
            Err(MoveError::Unreadable { .. })
        ));
        assert!(matches!(
            parse_move(&g, ""),
            Err(MoveError::Unreadable { .. })
        ));
        let e2e5 = parse_move(&g, "e2e5").expect_err("illegal").to_string();
        assert!(e2e5.contains("cannot go to e5"), "{e2e5}");
        let black = parse_move(&g, "e7e5").expect_err("illegal").to_string();
        assert!(black.contains("white's turn"), "{black}");
        let castle = parse_move(&g, "O-O").expect_err("illegal").to_string();
        assert!(castle.contains("cannot castle"), "{castle}");
        let promo = game("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
        let bare = parse_move(&promo, "e8")
            .expect_err("must promote")
            .to_string();
        assert!(bare.contains("must promote"), "{bare}");
        let two = game("4k3/8/8/8/1N3N2/8/8/4K3 w - - 0 1");
        assert!(matches!(
            parse_move(&two, "Nd3"),
            Err(MoveError::Ambiguous { .. })
        ));
    }

    #[test]
    fn chess960_castling_is_king_takes_rook() {
        let g = fen::parse("r6k/8/8/8/8/8/8/RK4R1 w GA - 0 1", true).expect("valid");
        let castle = parse_move(&g, "O-O").expect("legal");
        assert_eq!(uci_name(&g, castle), "b1g1");
        assert_eq!(san(&g, castle), "O-O");
        assert_eq!(parse_move(&g, "b1g1"), Ok(castle));
        let long = parse_move(&g, "O-O-O").expect("legal");
        assert_eq!(uci_name(&g, long), "b1a1");
        let mut after = g.clone();
        after.make_move(castle);
        assert_eq!(after.board().piece_on(Square::G1), Some(Piece::King));
        assert_eq!(after.board().piece_on(Square::F1), Some(Piece::Rook));
        round_trip(&g);
        // The same position in standard notation writes the king's step.
        let standard = fen::parse("r6k/8/8/8/8/8/8/RK4R1 w GA - 0 1", false).expect("valid");
        assert_eq!(uci_name(&standard, castle), "b1g1");
    }
}
