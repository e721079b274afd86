//! Polyglot `.bin` opening books for chess: 16-byte big-endian entries (key u64, move u16,
//! weight u16, learn u32) sorted by key, the key being Polyglot's own Zobrist hash of the
//! position ([`key`]), the move in Polyglot's 16 bits ([`encoding`]). The file is never
//! read whole: a probe is a binary search of a few reads.

pub mod encoding;
pub mod key;
mod random;

pub use key::polyglot_key;

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

use super::source::{ENTRY_SIZE, Source, entry_u16};
use super::{BookError, BookMove, MAX_MOVES_PER_POSITION};
use crate::chess::{Chess, pack};
use crate::session::{MoveId, Record};

/// A Polyglot book, opened.
#[derive(Debug)]
pub struct PolyglotBook {
    name: String,
    source: Source,
}

/// One entry of a Polyglot book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolyglotEntry {
    /// The position's Polyglot key.
    pub key: u64,
    /// The move, in Polyglot's 16 bits.
    pub raw_move: u16,
    /// Its weight.
    pub weight: u16,
    /// The learn field (unused by ply, kept as read).
    pub learn: u32,
}

impl PolyglotEntry {
    fn read(entry: &[u8; 16]) -> PolyglotEntry {
        PolyglotEntry {
            key: super::source::entry_key(entry),
            raw_move: entry_u16(entry, 8),
            weight: entry_u16(entry, 10),
            learn: u32::from_be_bytes([entry[12], entry[13], entry[14], entry[15]]),
        }
    }

    /// The entry's 16 bytes.
    pub fn bytes(&self) -> [u8; 16] {
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&self.key.to_be_bytes());
        out[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        out[10..12].copy_from_slice(&self.weight.to_be_bytes());
        out[12..].copy_from_slice(&self.learn.to_be_bytes());
        out
    }
}

impl PolyglotBook {
    /// Opens the book at `path`, checking that its size is a whole number of entries.
    pub fn open(path: &Path) -> Result<PolyglotBook, BookError> {
        let name = path.display().to_string();
        let file = File::open(path).map_err(|error| BookError::io(&name, error))?;
        let len = file
            .metadata()
            .map_err(|error| BookError::io(&name, error))?
            .len();
        PolyglotBook::checked(name, Source::File(Mutex::new(file), len))
    }

    /// A book whose bytes are in memory, called `name` in messages.
    pub fn from_bytes(name: &str, bytes: &'static [u8]) -> Result<PolyglotBook, BookError> {
        PolyglotBook::checked(name.to_string(), Source::Bytes(bytes))
    }

    fn checked(name: String, source: Source) -> Result<PolyglotBook, BookError> {
        let len = source.len();
        if len == 0 {
            return Err(BookError::format(&name, "it is empty"));
        }
        if !len.is_multiple_of(ENTRY_SIZE) {
            return Err(BookError::format(
                &name,
                format!("its size ({len} bytes) is not a whole number of 16-byte Polyglot entries"),
            ));
        }
        let book = PolyglotBook { name, source };
        let first = book.entry(0)?;
        let last = book.entry(book.len() - 1)?;
        if first.key > last.key {
            return Err(BookError::format(
                &book.name,
                "its entries are not sorted by key (is it a Polyglot book?)",
            ));
        }
        Ok(book)
    }

    /// The book's file or name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many entries it holds.
    pub fn len(&self) -> u64 {
        self.source.len() / ENTRY_SIZE
    }

    /// Whether it holds no entry (never true of an opened book).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn entry(&self, index: u64) -> Result<PolyglotEntry, BookError> {
        self.source
            .entry(0, index)
            .map(|bytes| PolyglotEntry::read(&bytes))
            .map_err(|error| BookError::io(&self.name, error))
    }

    /// The entries for `key`, in book order (at most [`MAX_MOVES_PER_POSITION`]).
    pub fn entries(&self, key: u64) -> Result<Vec<PolyglotEntry>, BookError> {
        let found = self
            .source
            .entries_with_key(0, self.len(), key, MAX_MOVES_PER_POSITION)
            .map_err(|error| BookError::io(&self.name, error))?;
        Ok(found.iter().map(PolyglotEntry::read).collect())
    }

    /// The book's legal moves in `record`'s position (a chess game), in book order.
    pub fn moves(&self, record: &dyn Record) -> Result<Vec<BookMove>, BookError> {
        let snapshot = record.snapshot();
        let chess: &Chess = snapshot.get().map_err(|_| {
            BookError::mismatch(
                &self.name,
                format!("Polyglot books are for chess, not {}", record.spec().name),
            )
        })?;
        let entries = self.entries(polyglot_key(chess.board()))?;
        Ok(entries
            .iter()
            .filter_map(|entry| {
                let mv = encoding::decode(entry.raw_move)?;
                let id = MoveId(pack(mv));
                let legal = record.legal_moves().iter().find(|legal| legal.id == id)?;
                Some(BookMove {
                    id,
                    name: legal.name.clone(),
                    weight: entry.weight,
                })
            })
            .collect())
    }
}

/// Writes `entries` as a Polyglot book (sorted by key, then by weight, heaviest first).
pub fn write_book(out: &mut impl Write, entries: &[PolyglotEntry]) -> std::io::Result<()> {
    let mut sorted = entries.to_vec();
    sorted.sort_by_key(|entry| (entry.key, std::cmp::Reverse(entry.weight)));
    for entry in &sorted {
        out.write_all(&entry.bytes())?;
    }
    Ok(())
}
