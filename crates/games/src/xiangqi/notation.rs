//! Move notation. Canonical: ICCS coordinates `h2e2` (files a–i from Red's left, ranks 0–9
//! from Red's back rank), as Pikafish and UCCI send them; `H2-E2` is read too. For players:
//! WXF (`C2=5`, `H8+7`, `R+=3` for the front of two chariots on a file; `.` is read as `=`)
//! Chinese (炮二平五, 馬８進７, 前炮退一; simplified characters are read too) and Vietnamese
//! (`P2-5`, `M8.7`, `X1/1`, `Pt-5`: letters X M T S Tg P B; `.` advance, `-` across,
//! `/` retreat; `t`, `s`, `g` for the front, rear and middle piece on one file).
//! Parsing a WXF or Chinese move compares it with the names of the legal moves, so every
//! accepted move is legal and an under-specified one (`C2=5` when two cannons share the
//! file) is accepted when only one legal move fits it.

use ply_search::Side;

use super::piece::{Kind, kind_of, side_of};
use super::position::{Move, Position};
use super::square::{self, FILES, Square, file_of, rank_of};

/// The ICCS name of a move: `h2e2`.
pub fn iccs(mv: Move) -> String {
    format!("{}{}", square::name(mv.from), square::name(mv.to))
}

/// Reads `h2e2`, `H2-E2` or `h2-e2`; `None` when the text is not a coordinate move.
pub fn parse_iccs(text: &str) -> Option<Move> {
    let bytes: Vec<u8> = text.bytes().filter(|&b| b != b'-').collect();
    let [a, b, c, d] = bytes.as_slice() else {
        return None;
    };
    Some(Move::new(
        square::parse(&[*a, *b])?,
        square::parse(&[*c, *d])?,
    ))
}

/// A file as the side `side` numbers it: 1–9 from its own right.
fn file_number(side: Side, sq: Square) -> u8 {
    match side {
        Side::First => FILES - file_of(sq),
        Side::Second => file_of(sq) + 1,
    }
}

/// How far forward `sq` is for `side` (0 on its back rank).
fn advance(side: Side, sq: Square) -> u8 {
    match side {
        Side::First => rank_of(sq),
        Side::Second => 9 - rank_of(sq),
    }
}

/// Which of several like pieces on one file moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tandem {
    /// The only one of its kind on its file: named by the file.
    Alone,
    /// Its place among `count` like pieces on the file, 0 the foremost; `files` is the
    /// number of files with two or more such pieces (soldiers only may have two).
    Among {
        place: usize,
        count: usize,
        files: usize,
    },
}

fn tandem(position: &Position, from: Square) -> Tandem {
    let code = position.at(from);
    let side = side_of(code);
    let mut on_file: Vec<Square> = position
        .pieces(side)
        .iter()
        .copied()
        .filter(|&sq| position.at(sq) == code && file_of(sq) == file_of(from))
        .collect();
    if on_file.len() < 2 {
        return Tandem::Alone;
    }
    on_file.sort_by_key(|&sq| std::cmp::Reverse(advance(side, sq)));
    let place = on_file.iter().position(|&sq| sq == from).unwrap_or(0);
    let mut per_file = [0usize; FILES as usize];
    for &sq in position.pieces(side) {
        if position.at(sq) == code {
            per_file[usize::from(file_of(sq))] += 1;
        }
    }
    Tandem::Among {
        place,
        count: on_file.len(),
        files: per_file.iter().filter(|&&n| n >= 2).count(),
    }
}

/// The parts every notation shares: the operator (+ forward, - backward, = sideways) and
/// the number after it (points moved, or the file reached).
fn movement(position: &Position, mv: Move) -> (char, u8) {
    let code = position.at(mv.from);
    let side = side_of(code);
    let kind = kind_of(code);
    let (from_advance, to_advance) = (advance(side, mv.from), advance(side, mv.to));
    if from_advance == to_advance {
        return ('=', file_number(side, mv.to));
    }
    let op = if to_advance > from_advance { '+' } else { '-' };
    let straight = matches!(
        kind,
        Kind::General | Kind::Chariot | Kind::Cannon | Kind::Soldier
    );
    if straight {
        (op, from_advance.abs_diff(to_advance))
    } else {
        (op, file_number(side, mv.to))
    }
}

/// The WXF name of `mv` in `position`: `C2=5`, `H8+7`, `R+=3`, `P-+1`.
pub fn wxf(position: &Position, mv: Move) -> String {
    wxf_with(position, mv, tandem(position, mv.from))
}

/// The WXF name with the file always given (`C2=5` even when two cannons share the file).
fn wxf_plain(position: &Position, mv: Move) -> String {
    wxf_with(position, mv, Tandem::Alone)
}

fn wxf_with(position: &Position, mv: Move, tandem: Tandem) -> String {
    let code = position.at(mv.from);
    let side = side_of(code);
    let letter = kind_of(code).wxf_letter();
    let file = file_number(side, mv.from);
    let (op, number) = movement(position, mv);
    let head = match tandem {
        Tandem::Alone => format!("{letter}{file}"),
        Tandem::Among {
            place,
            count,
            files,
        } => {
            let mark = |place: usize, count: usize| -> String {
                if place == 0 {
                    "+".into()
                } else if place + 1 == count {
                    "-".into()
                } else {
                    file.to_string()
                }
            };
            if files >= 2 {
                format!("{file}{}", mark(place, count))
            } else {
                match (count, place) {
                    (4 | 5, 0) => "++".into(),
                    (4 | 5, p) if p + 1 == count => "--".into(),
                    (4 | 5, 1) => format!("{letter}+"),
                    (4 | 5, p) if p + 2 == count => format!("{letter}-"),
                    _ => format!("{letter}{}", mark(place, count)),
                }
            }
        }
    };
    format!("{head}{op}{number}")
}

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_NUMERALS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

fn numeral(side: Side, number: u8) -> char {
    let index = usize::from(number.clamp(1, 9) - 1);
    match side {
        Side::First => RED_NUMERALS[index],
        Side::Second => BLACK_NUMERALS[index],
    }
}

/// The Chinese name of `mv` in `position`: 炮二平五, 馬８進７, 前炮退一.
pub fn chinese(position: &Position, mv: Move) -> String {
    chinese_with(position, mv, tandem(position, mv.from))
}

fn chinese_with(position: &Position, mv: Move, tandem: Tandem) -> String {
    let code = position.at(mv.from);
    let side = side_of(code);
    let glyph = kind_of(code).glyph(side);
    let file = numeral(side, file_number(side, mv.from));
    let (op, number) = movement(position, mv);
    let action = match op {
        '+' => '進',
        '-' => '退',
        _ => '平',
    };
    let order = |place: usize, count: usize| -> char {
        match (count, place) {
            (2, 0) | (3, 0) => '前',
            (3, 1) => '中',
            (2, _) | (3, _) => '後',
            (_, p) => RED_NUMERALS[p.min(8)],
        }
    };
    let head = match tandem {
        Tandem::Alone => format!("{glyph}{file}"),
        Tandem::Among {
            place,
            count,
            files,
        } if files >= 2 => format!("{}{file}", order(place, count)),
        Tandem::Among { place, count, .. } => format!("{}{glyph}", order(place, count)),
    };
    format!("{head}{action}{}", numeral(side, number))
}

/// Vietnamese letters by kind: tướng, sĩ, tượng, mã, xe, pháo, binh.
const VIETNAMESE_LETTERS: [&str; 7] = ["Tg", "S", "T", "M", "X", "P", "B"];

/// The Vietnamese name of `mv` in `position`: `P2-5`, `M8.7`, `X1/1`, `Pt-5`, `Bg.1`.
pub fn vietnamese(position: &Position, mv: Move) -> String {
    vietnamese_with(position, mv, tandem(position, mv.from))
}

fn vietnamese_with(position: &Position, mv: Move, tandem: Tandem) -> String {
    let code = position.at(mv.from);
    let side = side_of(code);
    let letter = VIETNAMESE_LETTERS[kind_of(code) as usize];
    let file = file_number(side, mv.from);
    let (op, number) = movement(position, mv);
    let action = match op {
        '+' => '.',
        '-' => '/',
        _ => '-',
    };
    let head = match tandem {
        Tandem::Alone => format!("{letter}{file}"),
        Tandem::Among {
            place,
            count,
            files,
        } => {
            // Front (trước), rear (sau), middle (giữa); the middle ones of four or five
            // soldiers on one file by their place from the front.
            let mark = match (count, place) {
                (_, 0) => "t".to_string(),
                (count, place) if place + 1 == count => "s".to_string(),
                (3, _) => "g".to_string(),
                (_, place) => format!("g{}", place + 1),
            };
            if files >= 2 {
                format!("{letter}{mark}{file}")
            } else {
                format!("{letter}{mark}")
            }
        }
    };
    format!("{head}{action}{number}")
}

/// Vietnamese spellings made one: no spaces, upper case.
fn normalize_vietnamese(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

/// The text with the equivalent spellings of both notations made one: upper-case ASCII,
/// `.` as `=`, and every Chinese character mapped to the ASCII it stands for.
fn normalize(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            if let Some(kind) = Kind::from_glyph(c) {
                return kind.wxf_letter();
            }
            if let Some(index) = RED_NUMERALS.iter().position(|&n| n == c) {
                return char::from(b'1' + index as u8);
            }
            if let Some(index) = BLACK_NUMERALS.iter().position(|&n| n == c) {
                return char::from(b'1' + index as u8);
            }
            match c {
                '進' | '进' => '>',
                '退' => '<',
                '平' => '~',
                '前' => 'F',
                '後' | '后' => 'B',
                '中' => 'M',
                '.' => '=',
                other => other.to_ascii_uppercase(),
            }
        })
        .collect()
}

/// Whether `text` names `mv` in WXF, Chinese or Vietnamese, fully or with the file in place
/// of the tandem mark; `exact` says the full name matched.
pub fn matches(position: &Position, mv: Move, text: &str) -> Option<bool> {
    [Written::Wxf, Written::Chinese, Written::Vietnamese]
        .into_iter()
        .filter_map(|written| matches_in(position, mv, text, written))
        .max()
}

/// A notation players write (coordinates are read apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// `C2=5`.
    Wxf,
    /// 炮二平五.
    Chinese,
    /// `P2-5`.
    Vietnamese,
}

/// Whether `text` names `mv` in the one notation `written`: `Some(true)` for the full
/// name, `Some(false)` with the file in place of the tandem mark.
pub fn matches_in(position: &Position, mv: Move, text: &str, written: Written) -> Option<bool> {
    let tandem = tandem(position, mv.from);
    let (wanted, full, plain) = match written {
        Written::Wxf => (
            normalize(text),
            normalize(&wxf_with(position, mv, tandem)),
            normalize(&wxf_plain(position, mv)),
        ),
        Written::Chinese => (
            normalize(text),
            normalize(&chinese_with(position, mv, tandem)),
            normalize(&chinese_with(position, mv, Tandem::Alone)),
        ),
        Written::Vietnamese => (
            normalize_vietnamese(text),
            normalize_vietnamese(&vietnamese_with(position, mv, tandem)),
            normalize_vietnamese(&vietnamese_with(position, mv, Tandem::Alone)),
        ),
    };
    if wanted == full {
        Some(true)
    } else if wanted == plain {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::Xiangqi;
    use super::*;
    use ply_search::Game;

    fn names(fen: &str, iccs_name: &str) -> (String, String) {
        let game = Xiangqi::from_fen(fen).expect("valid");
        let mv = parse_iccs(iccs_name).expect("coordinates");
        assert!(game.is_legal(mv), "{iccs_name}");
        (wxf(game.position(), mv), chinese(game.position(), mv))
    }

    #[test]
    fn opening_moves_in_both_notations() {
        let start = super::super::START;
        assert_eq!(names(start, "h2e2"), ("C2=5".into(), "炮二平五".into()));
        assert_eq!(names(start, "h0g2"), ("H2+3".into(), "傌二進三".into()));
        assert_eq!(names(start, "g0e2"), ("E3+5".into(), "相三進五".into()));
        assert_eq!(names(start, "f0e1"), ("A4+5".into(), "仕四進五".into()));
        assert_eq!(names(start, "a0a1"), ("R9+1".into(), "俥九進一".into()));
        assert_eq!(names(start, "c3c4"), ("P7+1".into(), "兵七進一".into()));
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        assert_eq!(names(black, "h9g7"), ("H8+7".into(), "馬８進７".into()));
        assert_eq!(names(black, "b7e7"), ("C2=5".into(), "砲２平５".into()));
        assert_eq!(names(black, "h7h0"), ("C8+7".into(), "砲８進７".into()));
    }

    #[test]
    fn vietnamese_names_as_vietnamese_books_write_them() {
        let start = Xiangqi::start();
        let name = |fen: &str, iccs_name: &str| {
            let game = Xiangqi::from_fen(fen).expect("valid");
            let mv = parse_iccs(iccs_name).expect("coordinates");
            assert!(game.is_legal(mv), "{iccs_name}");
            vietnamese(game.position(), mv)
        };
        let fen = start.fen();
        assert_eq!(name(&fen, "h2e2"), "P2-5");
        assert_eq!(name(&fen, "h0g2"), "M2.3");
        assert_eq!(name(&fen, "g0e2"), "T3.5");
        assert_eq!(name(&fen, "f0e1"), "S4.5");
        assert_eq!(name(&fen, "a0a1"), "X9.1");
        assert_eq!(name(&fen, "c3c4"), "B7.1");
        assert_eq!(name(&fen, "e0e1"), "Tg5.1");
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        assert_eq!(name(black, "h9g7"), "M8.7");
        let rooks = "2bakab2/9/9/9/9/3R5/9/3R5/9/5K3 w - - 0 1";
        assert_eq!(name(rooks, "d4c4"), "Xt-7");
        assert_eq!(name(rooks, "d2d1"), "Xs/1");
        let chariot = "3akab2/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
        assert_eq!(name(chariot, "a1a0"), "X9/1");
        let soldiers = "3akab2/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1";
        assert_eq!(name(soldiers, "e7e8"), "Bt.1");
        assert_eq!(name(soldiers, "e6d6"), "Bg-6");
        assert_eq!(name(soldiers, "e5f5"), "Bs-4");
    }

    #[test]
    fn tandem_pieces_are_front_and_rear() {
        let fen = "2bakab2/9/9/9/9/3C5/9/3C5/9/5K3 w - - 0 1";
        assert_eq!(names(fen, "d4c4"), ("C+=7".into(), "前炮平七".into()));
        assert_eq!(names(fen, "d2d1"), ("C--1".into(), "後炮退一".into()));
        let game = Xiangqi::from_fen(fen).expect("valid");
        let rear = parse_iccs("d2d1").expect("coordinates");
        assert_eq!(matches(game.position(), rear, "C6-1"), Some(false));
        assert_eq!(matches(game.position(), rear, "c--1"), Some(true));
        assert_eq!(matches(game.position(), rear, "后炮退1"), Some(true));
        assert_eq!(matches(game.position(), rear, "后炮退一"), Some(true));
    }

    #[test]
    fn every_notation_reads_back() {
        let game = Xiangqi::start();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            let position = game.position();
            assert_eq!(parse_iccs(&iccs(mv)), Some(mv));
            assert_eq!(matches(position, mv, &wxf(position, mv)), Some(true));
            assert_eq!(matches(position, mv, &chinese(position, mv)), Some(true));
            assert_eq!(matches(position, mv, &vietnamese(position, mv)), Some(true));
        }
        assert_eq!(parse_iccs("H2-E2"), parse_iccs("h2e2"));
        assert_eq!(parse_iccs("j2e2"), None);
    }
}
