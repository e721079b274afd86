//! The engine's own book for UCI (`OwnBook`, `Book File`): a Polyglot `.bin` (chess) or a
//! book in ply's own format, probed when `go` arrives and before any search, so a book
//! move costs the clock only the few reads of the probe. Not used for `go ponder`,
//! `go infinite`, `go mate` or `searchmoves`: those ask for a search.

use std::path::Path;

use ply_games::Record;
use ply_games::book::{BookChoice, BookMove, OpeningBook, choose};

use super::command::Go;

/// The book the options name, opened.
#[derive(Debug, Default)]
pub struct UciBook {
    book: Option<OpeningBook>,
}

/// What a probe found.
#[derive(Debug, PartialEq, Eq)]
pub enum Probe {
    /// Play this move; the weights of the position's book moves sum to `total`.
    Play {
        /// The chosen move.
        chosen: BookMove,
        /// The sum of the position's weights.
        total: u64,
    },
    /// No book move: search.
    Search,
}

impl UciBook {
    /// Opens the book at `path` (replacing any other); `None` or an empty path closes it.
    /// The error says why the file cannot be a book; the book is then closed.
    pub fn open(&mut self, path: Option<&str>) -> Result<Option<String>, String> {
        self.book = None;
        let Some(path) = path.map(str::trim).filter(|path| !path.is_empty()) else {
            return Ok(None);
        };
        let book = OpeningBook::open(Path::new(path)).map_err(|error| error.to_string())?;
        let described = book.describe();
        self.book = Some(book);
        Ok(Some(described))
    }

    /// Whether a book is open.
    pub fn is_open(&self) -> bool {
        self.book.is_some()
    }

    /// The book's move for `record`'s position, if `go` may take one; an error (the book
    /// does not fit the game, or the file went bad) closes the book and is returned once.
    pub fn probe(&mut self, record: &dyn Record, go: &Go, seed: u64) -> Result<Probe, String> {
        let Some(book) = &self.book else {
            return Ok(Probe::Search);
        };
        if go.ponder || go.infinite || go.mate.is_some() || !go.search_moves.is_empty() {
            return Ok(Probe::Search);
        }
        let moves = match book.moves(record) {
            Ok(moves) => moves,
            Err(error) => {
                self.book = None;
                return Err(format!("{error}; the book is closed"));
            }
        };
        let total = moves.iter().map(|mv| u64::from(mv.weight)).sum();
        Ok(
            match choose(&moves, BookChoice::Weighted(seed ^ record.position_key())) {
                Some(chosen) => Probe::Play {
                    chosen: chosen.clone(),
                    total,
                },
                None => Probe::Search,
            },
        )
    }
}
