//! The board as front ends draw it: ten ranks of nine points, rank 9 (Black's back rank) at
//! the top, with the river and the palaces (`BoardKind::RiverAndPalaces`), each piece with
//! its FEN letter and its Chinese glyph.

use ply_search::Side;

use super::game::Xiangqi;
use super::position::Move;
use super::square::{FILES, RANKS, Square, file_of, rank_of, square};
use crate::session::{BoardKind, BoardLabels, BoardView, Notation, PieceView};

/// The view's cell of a point: rank 9 is the top row.
pub fn cell(sq: Square) -> usize {
    usize::from(RANKS - 1 - rank_of(sq)) * usize::from(FILES) + usize::from(file_of(sq))
}

/// The cells a move touches.
pub fn cells(mv: Move) -> (usize, usize) {
    (cell(mv.from), cell(mv.to))
}

/// The board view of `game`.
pub fn board_view(game: &Xiangqi) -> BoardView {
    let position = game.position();
    let mut cells = Vec::with_capacity(90);
    for rank in (0..RANKS).rev() {
        for file in 0..FILES {
            cells.push(position.piece(square(file, rank)).map(|(side, kind)| {
                let letter = kind.fen_letter();
                PieceView {
                    side,
                    kind: if side == Side::First {
                        letter.to_ascii_uppercase().to_string()
                    } else {
                        letter.to_string()
                    },
                    symbol: kind.glyph(side).to_string(),
                }
            }));
        }
    }
    let to_move = position.side_to_move();
    BoardView {
        files: usize::from(FILES),
        ranks: usize::from(RANKS),
        kind: BoardKind::RiverAndPalaces,
        cells,
        file_labels: (b'a'..=b'i').map(|b| char::from(b).to_string()).collect(),
        rank_labels: (0..RANKS).rev().map(|rank| rank.to_string()).collect(),
        last_move: Vec::new(),
        check: ply_search::Game::in_check(game).then(|| cell(position.general(to_move))),
        to_move,
    }
}

/// Red's file numerals in Chinese, Red's file 1 (file i) first.
const RED_NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
/// Black's file numerals in Chinese books (full-width digits), Black's file 1 first.
const BLACK_NUMERALS: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];

/// The edge labels as `notation` numbers the files: WXF and Vietnamese count 1–9 from each
/// side's right (Red's numbers along Red's edge, Black's along Black's), Chinese the same
/// with Red's in Chinese numerals; coordinates letter the files a–i and number ranks 0–9.
pub fn board_labels(notation: Notation) -> BoardLabels {
    let files = usize::from(FILES);
    match notation {
        Notation::Coordinates | Notation::San => BoardLabels {
            near: (b'a'..=b'i').map(|b| char::from(b).to_string()).collect(),
            far: Vec::new(),
            ranks: (0..RANKS).rev().map(|rank| rank.to_string()).collect(),
        },
        Notation::Chinese => BoardLabels {
            near: (0..files)
                .rev()
                .map(|i| RED_NUMERALS[i].to_string())
                .collect(),
            far: (0..files).map(|i| BLACK_NUMERALS[i].to_string()).collect(),
            ranks: Vec::new(),
        },
        Notation::Wxf | Notation::Vietnamese => BoardLabels {
            near: (1..=files).rev().map(|n| n.to_string()).collect(),
            far: (1..=files).map(|n| n.to_string()).collect(),
            ranks: Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_labels_match_the_notation() {
        let wxf = board_labels(Notation::Wxf);
        // Red's file a is its 9th from its right; Black's file a is its 1st.
        assert_eq!(wxf.near.first().map(String::as_str), Some("9"));
        assert_eq!(wxf.far.first().map(String::as_str), Some("1"));
        assert!(wxf.ranks.is_empty());
        let chinese = board_labels(Notation::Chinese);
        assert_eq!(chinese.near.concat(), "九八七六五四三二一");
        assert_eq!(chinese.far.concat(), "１２３４５６７８９");
        let coordinates = board_labels(Notation::Coordinates);
        assert_eq!(coordinates.near.concat(), "abcdefghi");
        assert_eq!(coordinates.ranks.concat(), "9876543210");
    }
}
