//! The small books built into the binary, one per game (caro: one per usual board), made by
//! `ply book build` with modest limits (the exact commands are in `crates/games/books/README.md`).
//! The web app's levels and `ply match --openings book` play from them for variety at the
//! start of games. A game or variant without a built-in book simply has no book moves.

use std::sync::OnceLock;

use super::own::OwnBook;
use super::{BookError, BookMove};
use crate::session::Record;

/// The built-in books' names and bytes.
const BOOKS: [(&str, &[u8]); 4] = [
    (
        "built-in chess book",
        include_bytes!("../../books/chess.plybook"),
    ),
    (
        "built-in xiangqi book",
        include_bytes!("../../books/xiangqi.plybook"),
    ),
    (
        "built-in caro 10×10 freestyle book",
        include_bytes!("../../books/caro-10-freestyle.plybook"),
    ),
    (
        "built-in caro 15×15 renju book",
        include_bytes!("../../books/caro-15-renju.plybook"),
    ),
];

/// Every built-in book, opened once (a book that cannot be read is left out: the tests
/// prove they all can).
pub fn books() -> &'static [OwnBook] {
    static OPENED: OnceLock<Vec<OwnBook>> = OnceLock::new();
    OPENED.get_or_init(|| {
        BOOKS
            .iter()
            .filter_map(|(name, bytes)| OwnBook::from_bytes(name, bytes).ok())
            .collect()
    })
}

/// Opens every built-in book, with the reason of the first that cannot be read.
pub fn open_all() -> Result<Vec<OwnBook>, BookError> {
    BOOKS
        .iter()
        .map(|(name, bytes)| OwnBook::from_bytes(name, bytes))
        .collect()
}

/// The built-in book for `record`'s game and options, if there is one.
pub fn for_record(record: &dyn Record) -> Option<&'static OwnBook> {
    books().iter().find(|book| book.check_fits(record).is_ok())
}

/// The built-in book's legal moves in `record`'s position; none when the game has no
/// built-in book or the position is not in it.
pub fn moves(record: &dyn Record) -> Vec<BookMove> {
    for_record(record)
        .and_then(|book| book.moves(record).ok())
        .unwrap_or_default()
}
