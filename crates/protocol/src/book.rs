//! The engine's own book for the engine protocols (UCI's `OwnBook` and `Book File`, UCCI's
//! `usebook` and `bookfiles`): a Polyglot `.bin` (chess) or a book in ply's own format,
//! probed when `go` arrives and before any search, so a book move costs the clock only the
//! few reads of the probe. The protocol decides which `go` may take a book move (never one
//! that asks for a search: ponder, infinite, mate, a restricted move list).

use std::path::Path;

use ply_games::Record;
use ply_games::book::{BookChoice, BookMove, OpeningBook, choose};

/// The book the options name, opened.
#[derive(Debug, Default)]
pub struct EngineBook {
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

impl EngineBook {
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

    /// The book's move for `record`'s position, chosen by weight under `seed`; an error (the
    /// book does not fit the game, or the file went bad) closes the book and is returned once.
    pub fn probe(&mut self, record: &dyn Record, seed: u64) -> Result<Probe, String> {
        let Some(book) = &self.book else {
            return Ok(Probe::Search);
        };
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

impl Probe {
    /// The lines that answer `go` with the book's move (the `info string` naming it, then
    /// `bestmove`), the same in UCI and UCCI; `None` when the engine must search.
    pub fn answer(&self) -> Option<[String; 2]> {
        let Probe::Play { chosen, total } = self else {
            return None;
        };
        Some([
            format!(
                "info string book move {} weight {} of {total}",
                chosen.name, chosen.weight
            ),
            format!("bestmove {}", chosen.name),
        ])
    }
}

/// The seed of one game's book choices: the run's seed with the game's number mixed in.
pub fn game_seed(run: u64, games: u64) -> u64 {
    run ^ games.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A seed of this run for the book's choices (the clock's nanoseconds and the process id).
pub fn run_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}
