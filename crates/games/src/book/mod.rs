//! Opening books: positions with the moves worth playing there and their weights, probed
//! before any search. Two formats: Polyglot `.bin` books for chess ([`polyglot`], the format
//! chess GUIs use) and ply's own format for every game ([`own`], keyed by the game's own
//! position hash and built by `ply book build` from ply's searches), plus the small books
//! built into the binary ([`builtin`]). A book answers with legal moves only; choosing
//! among them is [`choose`]. Not the search: a book never thinks.

pub mod build;
pub mod builtin;
mod error;
pub mod own;
pub mod polyglot;
mod source;

pub use error::BookError;

use std::path::Path;

use ply_search::SplitMix64;

use crate::session::{MoveId, Record};

/// Most entries one position may have in a book; a longer run of one key is read no further
/// (a book is probed in a bounded number of reads, whatever its size).
pub const MAX_MOVES_PER_POSITION: usize = 64;

/// A book move, legal in the position it was probed for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, as the record plays it.
    pub id: MoveId,
    /// Its canonical coordinate name (`e2e4`, `h2e2`, `h8`).
    pub name: String,
    /// How often it should be played, relative to the position's other book moves (0: the
    /// book knows it but never plays it).
    pub weight: u16,
}

/// How a move is chosen among a position's book moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookChoice {
    /// The heaviest (the first of the heaviest, in book order).
    Best,
    /// At random in proportion to the weights; the seed makes the choice repeatable.
    Weighted(u64),
}

/// The move `choice` picks among `moves`; `None` when no move has a weight above 0.
pub fn choose(moves: &[BookMove], choice: BookChoice) -> Option<&BookMove> {
    let playable = moves.iter().filter(|mv| mv.weight > 0);
    match choice {
        BookChoice::Best => playable.fold(None, |best: Option<&BookMove>, mv| match best {
            Some(best) if best.weight >= mv.weight => Some(best),
            _ => Some(mv),
        }),
        BookChoice::Weighted(seed) => {
            let total: u64 = moves.iter().map(|mv| u64::from(mv.weight)).sum();
            if total == 0 {
                return None;
            }
            let mut random = SplitMix64::new(seed);
            let mut ticket = random.next_u64() % total;
            for mv in playable {
                let weight = u64::from(mv.weight);
                if ticket < weight {
                    return Some(mv);
                }
                ticket -= weight;
            }
            None
        }
    }
}

/// A book opened from a file or from bytes: Polyglot (chess) or ply's own format.
#[derive(Debug)]
pub enum OpeningBook {
    /// A Polyglot `.bin` book (chess).
    Polyglot(polyglot::PolyglotBook),
    /// A book in ply's own format.
    Own(own::OwnBook),
}

impl OpeningBook {
    /// Opens the book at `path`: ply's own format when the file starts with its magic,
    /// else a Polyglot book. Nothing but the header is read now; probes read a few entries.
    pub fn open(path: &Path) -> Result<OpeningBook, BookError> {
        if own::OwnBook::is_own(path)? {
            Ok(OpeningBook::Own(own::OwnBook::open(path)?))
        } else {
            Ok(OpeningBook::Polyglot(polyglot::PolyglotBook::open(path)?))
        }
    }

    /// The book's moves in `record`'s current position, legal ones only, in book order
    /// (heaviest first in books that sort them so). A book for another game, or another
    /// variant of it, is an error that says so.
    pub fn moves(&self, record: &dyn Record) -> Result<Vec<BookMove>, BookError> {
        match self {
            OpeningBook::Polyglot(book) => book.moves(record),
            OpeningBook::Own(book) => book.moves(record),
        }
    }

    /// What the book is, for messages: its file (or name) and format.
    pub fn describe(&self) -> String {
        match self {
            OpeningBook::Polyglot(book) => format!("{} (Polyglot)", book.name()),
            OpeningBook::Own(book) => format!("{} (ply book for {})", book.name(), book.game()),
        }
    }
}

/// The record's legal move called `name` (canonical coordinates), as a book move.
fn legal_book_move(record: &dyn Record, name: &str, weight: u16) -> Option<BookMove> {
    record
        .legal_moves()
        .iter()
        .find(|legal| legal.name == name)
        .map(|legal| BookMove {
            id: legal.id,
            name: legal.name.clone(),
            weight,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(weights: &[u16]) -> Vec<BookMove> {
        weights
            .iter()
            .enumerate()
            .map(|(index, &weight)| BookMove {
                id: MoveId(index as u16),
                name: format!("m{index}"),
                weight,
            })
            .collect()
    }

    #[test]
    fn best_is_the_first_heaviest_and_weight_zero_is_never_played() {
        let moves = book(&[3, 9, 9, 0]);
        assert_eq!(
            choose(&moves, BookChoice::Best).map(|m| m.id),
            Some(MoveId(1))
        );
        assert_eq!(choose(&book(&[0, 0]), BookChoice::Best), None);
        assert_eq!(choose(&book(&[0, 0]), BookChoice::Weighted(7)), None);
        assert_eq!(choose(&[], BookChoice::Weighted(7)), None);
    }

    #[test]
    fn weighted_choices_follow_the_weights() {
        let moves = book(&[1, 3, 0]);
        let mut counts = [0u32; 3];
        for seed in 0..4000 {
            let chosen = choose(&moves, BookChoice::Weighted(seed)).expect("a move");
            counts[usize::from(chosen.id.0)] += 1;
        }
        assert_eq!(counts[2], 0, "weight 0 is never played");
        // 1 : 3 within a few percent over 4000 draws.
        assert!((850..1150).contains(&counts[0]), "{counts:?}");
        assert_eq!(counts[0] + counts[1], 4000);
        assert_eq!(
            choose(&moves, BookChoice::Weighted(11)),
            choose(&moves, BookChoice::Weighted(11)),
            "the same seed gives the same move"
        );
    }
}
