//! What can go wrong with a book: a file that cannot be read, one that is not a book, or a
//! book for another game or variant. Every error names the book.

use std::io;

/// A book that cannot be used, and why.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file could not be opened or read.
    #[error("cannot read the book {book}: {source}")]
    Io {
        /// The book's file.
        book: String,
        /// What the system said.
        source: io::Error,
    },
    /// The bytes are not a book of the expected format.
    #[error("{book} is not a usable opening book: {reason}")]
    Format {
        /// The book's file or name.
        book: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The book is for another game, another variant, or keys of another build.
    #[error("the book {book} does not fit this game: {reason}")]
    Mismatch {
        /// The book's file or name.
        book: String,
        /// What does not fit.
        reason: String,
    },
}

impl BookError {
    pub(super) fn io(book: &str, source: io::Error) -> BookError {
        BookError::Io {
            book: book.to_string(),
            source,
        }
    }

    pub(super) fn format(book: &str, reason: impl Into<String>) -> BookError {
        BookError::Format {
            book: book.to_string(),
            reason: reason.into(),
        }
    }

    pub(super) fn mismatch(book: &str, reason: impl Into<String>) -> BookError {
        BookError::Mismatch {
            book: book.to_string(),
            reason: reason.into(),
        }
    }
}
