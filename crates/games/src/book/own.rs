//! ply's own book format, for every game ply plays (xiangqi and caro above all; chess too).
//!
//! A book is keyed by the game's own position hash ([`Record::position_key`], the Zobrist
//! hash the search uses, side to move included), so it needs no per-game key scheme. The
//! file, all numbers big-endian:
//!
//! ```text
//! magic        8 bytes   "PLYBOOK1"
//! header size  u32       bytes of header text that follow
//! header       UTF-8     lines "name=value":
//!                          game=caro                   the registry name
//!                          options=rule=renju size=15  every option of the game, sorted
//!                          check=h8 0123456789abcdef   a move from the start and the key
//!                                                      of the position it reaches
//!                          note=…                      free text (how it was built)
//! entries      16 bytes each, sorted by key, the heaviest move of a position first:
//!                key u64, weight u16, move: its canonical coordinate name (`h2e2`, `h8`,
//!                `e7e8q`) in 6 ASCII bytes padded with NUL
//! ```
//!
//! The `check` line guards against keys that changed: a book is refused, with a message
//! saying to rebuild it, when this build's key of that position differs. Moves are stored by
//! name, so a book stays readable whatever the move encoding inside ply; a book move that is
//! not legal where it is probed is left out.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use super::source::{ENTRY_SIZE, Source, entry_key, entry_u16};
use super::{BookError, BookMove, MAX_MOVES_PER_POSITION, legal_book_move};
use crate::registry::find_game;
use crate::session::Record;
use crate::spec::{GameOptions, GameSpec};

/// The first bytes of every book in ply's format.
pub const MAGIC: &[u8; 8] = b"PLYBOOK1";
/// Longest move name an entry holds.
pub const MAX_NAME: usize = 6;
/// Longest header accepted (a header is a few lines).
const MAX_HEADER: u32 = 64 * 1024;

/// A book in ply's format, opened.
#[derive(Debug)]
pub struct OwnBook {
    name: String,
    header: Header,
    source: Source,
    base: u64,
    count: u64,
    /// Whether this build's key of the check position is the book's (known once asked).
    keys_match: OnceLock<bool>,
}

/// What a book says about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's registry name.
    pub game: String,
    /// Every option of the game and its value, as text.
    pub options: BTreeMap<String, String>,
    /// A move from the start and the key of the position it reaches.
    pub check: Option<(String, u64)>,
    /// Free text: how the book was built.
    pub note: String,
}

impl Header {
    /// A header for `record`'s game and options, its check taken from `record`'s start
    /// position and the first of its legal moves.
    pub fn for_record(record: &dyn Record, note: &str) -> Header {
        let mut start = record.clone_record();
        start.reset();
        let check = start
            .legal_moves()
            .first()
            .map(|mv| (mv.name.clone(), mv.id));
        let check = check.and_then(|(name, id)| {
            start.play(id).ok()?;
            Some((name, start.position_key()))
        });
        Header {
            game: record.spec().name.to_string(),
            options: canonical_options(record.spec(), record.options()),
            check,
            note: note.replace('\n', " "),
        }
    }

    fn text(&self) -> String {
        let mut text = format!(
            "game={}\noptions={}\n",
            self.game,
            options_text(&self.options)
        );
        if let Some((name, key)) = &self.check {
            text.push_str(&format!("check={name} {key:016x}\n"));
        }
        text.push_str(&format!("note={}\n", self.note));
        text
    }

    fn parse(book: &str, text: &str) -> Result<Header, BookError> {
        let mut header = Header {
            game: String::new(),
            options: BTreeMap::new(),
            check: None,
            note: String::new(),
        };
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let Some((name, value)) = line.split_once('=') else {
                return Err(BookError::format(
                    book,
                    format!("header line '{line}' has no '='"),
                ));
            };
            match name {
                "game" => header.game = value.trim().to_string(),
                "options" => {
                    for pair in value.split_whitespace() {
                        let (option, value) = pair.split_once('=').ok_or_else(|| {
                            BookError::format(book, format!("option '{pair}' has no '='"))
                        })?;
                        header.options.insert(option.to_string(), value.to_string());
                    }
                }
                "check" => {
                    let mut parts = value.split_whitespace();
                    let (Some(mv), Some(key), None) = (parts.next(), parts.next(), parts.next())
                    else {
                        return Err(BookError::format(book, format!("bad check line '{line}'")));
                    };
                    let key = u64::from_str_radix(key, 16)
                        .map_err(|_| BookError::format(book, format!("bad check key '{key}'")))?;
                    header.check = Some((mv.to_string(), key));
                }
                "note" => header.note = value.to_string(),
                // Lines a later version adds are skipped.
                _ => {}
            }
        }
        if header.game.is_empty() {
            return Err(BookError::format(book, "its header names no game"));
        }
        Ok(header)
    }
}

/// Every option of `spec` with its value in `options` (or its default), as text.
pub fn canonical_options(spec: &GameSpec, options: &GameOptions) -> BTreeMap<String, String> {
    spec.options
        .iter()
        .filter_map(|option| {
            let value = spec.value(options, option.name)?;
            Some((option.name.to_string(), value.plain()))
        })
        .collect()
}

/// Options as one line: `rule=renju size=15` (empty when the game has none).
pub fn options_text(options: &BTreeMap<String, String>) -> String {
    options
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl OwnBook {
    /// Whether the file at `path` starts with ply's magic (a shorter file is not one).
    pub fn is_own(path: &Path) -> Result<bool, BookError> {
        let name = path.display().to_string();
        let mut file = File::open(path).map_err(|error| BookError::io(&name, error))?;
        let mut magic = [0u8; 8];
        let mut read = 0;
        while read < magic.len() {
            match file.read(&mut magic[read..]) {
                Ok(0) => return Ok(false),
                Ok(n) => read += n,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => return Err(BookError::io(&name, error)),
            }
        }
        Ok(&magic == MAGIC)
    }

    /// Opens the book at `path` (its header is read; entries are read when probed).
    pub fn open(path: &Path) -> Result<OwnBook, BookError> {
        let name = path.display().to_string();
        let file = File::open(path).map_err(|error| BookError::io(&name, error))?;
        let len = file
            .metadata()
            .map_err(|error| BookError::io(&name, error))?
            .len();
        OwnBook::read(name, Source::File(Mutex::new(file), len))
    }

    /// A book whose bytes are in memory (the built-in books), called `name` in messages.
    pub fn from_bytes(name: &str, bytes: &'static [u8]) -> Result<OwnBook, BookError> {
        OwnBook::read(name.to_string(), Source::Bytes(bytes))
    }

    fn read(name: String, source: Source) -> Result<OwnBook, BookError> {
        let mut start = [0u8; 12];
        source
            .read_at(0, &mut start)
            .map_err(|_| BookError::format(&name, "it is shorter than a header"))?;
        if &start[..8] != MAGIC {
            return Err(BookError::format(&name, "it does not start with PLYBOOK1"));
        }
        let header_len = u32::from_be_bytes([start[8], start[9], start[10], start[11]]);
        if header_len > MAX_HEADER {
            return Err(BookError::format(&name, "its header is too long"));
        }
        let mut text = vec![0u8; header_len as usize];
        source
            .read_at(12, &mut text)
            .map_err(|_| BookError::format(&name, "its header is cut short"))?;
        let text = String::from_utf8(text)
            .map_err(|_| BookError::format(&name, "its header is not UTF-8 text"))?;
        let header = Header::parse(&name, &text)?;
        find_game(&header.game).map_err(|error| BookError::format(&name, error.to_string()))?;
        let base = 12 + u64::from(header_len);
        let body = source.len() - base;
        if !body.is_multiple_of(ENTRY_SIZE) {
            return Err(BookError::format(
                &name,
                format!("its entries ({body} bytes) are not a whole number of 16-byte entries"),
            ));
        }
        Ok(OwnBook {
            name,
            header,
            source,
            base,
            count: body / ENTRY_SIZE,
            keys_match: OnceLock::new(),
        })
    }

    /// The book's file or name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The game it is for.
    pub fn game(&self) -> &str {
        &self.header.game
    }

    /// What it says about itself.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// How many entries (moves in positions) it holds.
    pub fn len(&self) -> u64 {
        self.count
    }

    /// Whether it holds no entry.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Why the book does not fit `record`'s game, if it does not: another game, other
    /// options, or position keys that are not this build's.
    pub fn check_fits(&self, record: &dyn Record) -> Result<(), BookError> {
        let spec = record.spec();
        if spec.name != self.header.game {
            return Err(BookError::mismatch(
                &self.name,
                format!("it is a {} book, not a {} one", self.header.game, spec.name),
            ));
        }
        let options = canonical_options(spec, record.options());
        if options != self.header.options {
            return Err(BookError::mismatch(
                &self.name,
                format!(
                    "it was built for {} {}, this game is {}",
                    spec.name,
                    options_text(&self.header.options),
                    options_text(&options)
                ),
            ));
        }
        if let Some((mv, key)) = &self.header.check {
            // The game and options are the book's: whether the keys match is the build's.
            let keys_match = *self.keys_match.get_or_init(|| {
                let mut start = record.clone_record();
                start.reset();
                let reached = start
                    .parse_move(mv)
                    .ok()
                    .and_then(|id| start.play(id).ok().map(|_| ()))
                    .map(|()| start.position_key());
                reached == Some(*key)
            });
            if !keys_match {
                return Err(BookError::mismatch(
                    &self.name,
                    "its position keys are not this build's: rebuild it with `ply book build`",
                ));
            }
        }
        Ok(())
    }

    /// The entries for `key`: move names and weights, in book order.
    pub fn entries(&self, key: u64) -> Result<Vec<(String, u16)>, BookError> {
        let found = self
            .source
            .entries_with_key(self.base, self.count, key, MAX_MOVES_PER_POSITION)
            .map_err(|error| BookError::io(&self.name, error))?;
        Ok(found
            .iter()
            .map(|entry| {
                let name: String = entry[10..]
                    .iter()
                    .take_while(|&&byte| byte != 0)
                    .map(|&byte| char::from(byte))
                    .collect();
                (name, entry_u16(entry, 8))
            })
            .collect())
    }

    /// The book's legal moves in `record`'s current position, heaviest first.
    pub fn moves(&self, record: &dyn Record) -> Result<Vec<BookMove>, BookError> {
        self.check_fits(record)?;
        Ok(self
            .entries(record.position_key())?
            .iter()
            .filter_map(|(name, weight)| legal_book_move(record, name, *weight))
            .collect())
    }

    /// Every entry's key, in file order (for tests and tools; reads the whole book).
    pub fn keys(&self) -> Result<Vec<u64>, BookError> {
        (0..self.count)
            .map(|index| {
                self.source
                    .entry(self.base, index)
                    .map(|entry| entry_key(&entry))
                    .map_err(|error| BookError::io(&self.name, error))
            })
            .collect()
    }
}

/// One move of a position, to be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position's key ([`Record::position_key`]).
    pub key: u64,
    /// The move's canonical coordinate name (at most [`MAX_NAME`] ASCII bytes).
    pub name: String,
    /// Its weight.
    pub weight: u16,
}

/// Writes a book: the header, then `entries` sorted by key, heaviest first. A move name
/// longer than [`MAX_NAME`] bytes or not ASCII is an error (nothing is written).
pub fn write_book(out: &mut impl Write, header: &Header, entries: &[Entry]) -> std::io::Result<()> {
    let mut sorted = entries.to_vec();
    sorted.sort_by(|a, b| {
        (a.key, std::cmp::Reverse(a.weight), &a.name).cmp(&(
            b.key,
            std::cmp::Reverse(b.weight),
            &b.name,
        ))
    });
    let mut bytes = Vec::with_capacity(sorted.len() * 16);
    for entry in &sorted {
        if entry.name.len() > MAX_NAME || !entry.name.is_ascii() || entry.name.is_empty() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("move name '{}' does not fit a book entry", entry.name),
            ));
        }
        bytes.extend_from_slice(&entry.key.to_be_bytes());
        bytes.extend_from_slice(&entry.weight.to_be_bytes());
        let mut name = [0u8; MAX_NAME];
        name[..entry.name.len()].copy_from_slice(entry.name.as_bytes());
        bytes.extend_from_slice(&name);
    }
    let text = header.text();
    out.write_all(MAGIC)?;
    out.write_all(&(text.len() as u32).to_be_bytes())?;
    out.write_all(text.as_bytes())?;
    out.write_all(&bytes)
}
