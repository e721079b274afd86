//! The seven kinds of xiangqi pieces, their owners, and how each is written: FEN letters
//! (Pikafish's, with `h`/`e` read as horse/elephant), WXF letters and Chinese glyphs.

use ply_search::Side;

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// 帥/將: moves one point orthogonally inside the palace.
    General = 0,
    /// 仕/士: moves one point diagonally inside the palace.
    Advisor = 1,
    /// 相/象: moves two points diagonally, blocked at the eye, never across the river.
    Elephant = 2,
    /// 傌/馬: one point orthogonally then one diagonally outward, blocked at the leg.
    Horse = 3,
    /// 俥/車: slides orthogonally.
    Chariot = 4,
    /// 炮/砲: slides orthogonally to move, jumps exactly one screen to capture.
    Cannon = 5,
    /// 兵/卒: one point forward; sideways too once across the river.
    Soldier = 6,
}

impl Kind {
    /// Every kind, general first.
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Soldier,
    ];

    /// The kind with index `index` (0–6).
    #[inline]
    pub fn from_index(index: u8) -> Option<Kind> {
        Kind::ALL.get(usize::from(index)).copied()
    }

    /// Lower-case FEN letter (Pikafish): k a b n r c p.
    pub fn fen_letter(self) -> char {
        ['k', 'a', 'b', 'n', 'r', 'c', 'p'][self as usize]
    }

    /// The kind a FEN letter names, either case; `h` and `e` are read as horse and elephant.
    pub fn from_fen_letter(letter: char) -> Option<Kind> {
        Some(match letter.to_ascii_lowercase() {
            'k' => Kind::General,
            'a' => Kind::Advisor,
            'b' | 'e' => Kind::Elephant,
            'n' | 'h' => Kind::Horse,
            'r' => Kind::Chariot,
            'c' => Kind::Cannon,
            'p' => Kind::Soldier,
            _ => return None,
        })
    }

    /// WXF letter: K A E H R C P.
    pub fn wxf_letter(self) -> char {
        ['K', 'A', 'E', 'H', 'R', 'C', 'P'][self as usize]
    }

    /// The kind a WXF letter names (also the FEN and ICCS letters: B, N, G, M, S).
    pub fn from_wxf_letter(letter: char) -> Option<Kind> {
        Some(match letter.to_ascii_uppercase() {
            'K' | 'G' => Kind::General,
            'A' | 'S' => Kind::Advisor,
            'E' | 'B' | 'M' => Kind::Elephant,
            'H' | 'N' => Kind::Horse,
            'R' => Kind::Chariot,
            'C' => Kind::Cannon,
            'P' => Kind::Soldier,
            _ => return None,
        })
    }

    /// The Chinese glyph for `side`: 帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for Black.
    pub fn glyph(self, side: Side) -> char {
        match side {
            Side::First => ['帥', '仕', '相', '傌', '俥', '炮', '兵'][self as usize],
            Side::Second => ['將', '士', '象', '馬', '車', '砲', '卒'][self as usize],
        }
    }

    /// The kind a Chinese glyph names, traditional or simplified, either side's.
    pub fn from_glyph(glyph: char) -> Option<Kind> {
        Some(match glyph {
            '帥' | '帅' | '將' | '将' => Kind::General,
            '仕' | '士' => Kind::Advisor,
            '相' | '象' => Kind::Elephant,
            '傌' | '馬' | '马' | '㐷' => Kind::Horse,
            '俥' | '車' | '车' | '伡' => Kind::Chariot,
            '炮' | '砲' | '包' => Kind::Cannon,
            '兵' | '卒' => Kind::Soldier,
            _ => return None,
        })
    }

    /// English name.
    pub fn name(self) -> &'static str {
        [
            "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
        ][self as usize]
    }
}

/// A piece code on the board: 0 is empty, 1–7 a Red piece (kind + 1), 9–15 a Black one
/// (kind + 9), [`OFF`] a point off the board.
pub type Code = u8;

/// An empty point.
pub const EMPTY: Code = 0;
/// Off the board (the margin of the padded array).
pub const OFF: Code = 32;
/// The bit that marks a Black piece.
pub const BLACK_BIT: Code = 8;

/// The code of a `kind` owned by `side`.
#[inline]
pub const fn code(side: Side, kind: Kind) -> Code {
    match side {
        Side::First => kind as u8 + 1,
        Side::Second => kind as u8 + 1 + BLACK_BIT,
    }
}

/// The kind of a piece code (which must hold a piece).
#[inline]
pub fn kind_of(code: Code) -> Kind {
    Kind::from_index((code & 7).wrapping_sub(1)).unwrap_or(Kind::Soldier)
}

/// The owner of a piece code (which must hold a piece).
#[inline]
pub fn side_of(code: Code) -> Side {
    if code & BLACK_BIT == 0 {
        Side::First
    } else {
        Side::Second
    }
}

/// Whether `code` holds a piece (not empty, not off the board).
#[inline]
pub const fn is_piece(code: Code) -> bool {
    code != EMPTY && code < OFF
}

/// For each side, for each code: may a piece of that side move there (empty or enemy)?
pub static TARGET: [[bool; 64]; 2] = {
    let mut table = [[false; 64]; 2];
    let mut code = 0;
    while code < 64 {
        let piece = code != 0 && code < 32;
        table[0][code] = code == 0 || (piece && code & 8 != 0);
        table[1][code] = code == 0 || (piece && code & 8 == 0);
        code += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for side in [Side::First, Side::Second] {
            for kind in Kind::ALL {
                let c = code(side, kind);
                assert!(is_piece(c));
                assert_eq!((side_of(c), kind_of(c)), (side, kind));
                assert!(!TARGET[side.index()][usize::from(c)]);
                assert!(TARGET[side.opponent().index()][usize::from(c)]);
            }
        }
        assert!(TARGET[0][usize::from(EMPTY)] && !TARGET[0][usize::from(OFF)]);
    }

    #[test]
    fn letters_and_glyphs_round_trip() {
        for kind in Kind::ALL {
            assert_eq!(Kind::from_fen_letter(kind.fen_letter()), Some(kind));
            assert_eq!(Kind::from_wxf_letter(kind.wxf_letter()), Some(kind));
            for side in [Side::First, Side::Second] {
                assert_eq!(Kind::from_glyph(kind.glyph(side)), Some(kind));
            }
        }
        assert_eq!(Kind::from_fen_letter('h'), Some(Kind::Horse));
        assert_eq!(Kind::from_fen_letter('E'), Some(Kind::Elephant));
    }
}
