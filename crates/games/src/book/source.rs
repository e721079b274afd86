//! Where a book's bytes are: a file read a few bytes at a time (books may be hundreds of
//! megabytes; a probe reads a bounded number of 16-byte entries), or bytes in memory (the
//! books built into the binary). Both books formats keep 16-byte entries sorted by a
//! big-endian 64-bit key at their start, so the search for a key is written once here.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::sync::Mutex;

/// Size of one entry in both formats.
pub(super) const ENTRY_SIZE: u64 = 16;

/// The bytes of a book.
#[derive(Debug)]
pub(super) enum Source {
    /// A file and its length, read under a lock (one cursor).
    File(Mutex<File>, u64),
    /// Bytes in memory.
    Bytes(&'static [u8]),
}

impl Source {
    /// The number of bytes.
    pub(super) fn len(&self) -> u64 {
        match self {
            Source::File(_, len) => *len,
            Source::Bytes(bytes) => bytes.len() as u64,
        }
    }

    /// Fills `buf` from `offset`.
    pub(super) fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        match self {
            Source::File(file, _) => {
                let mut file = file
                    .lock()
                    .map_err(|_| io::Error::other("the book's file lock was poisoned"))?;
                file.seek(SeekFrom::Start(offset))?;
                file.read_exact(buf)
            }
            Source::Bytes(bytes) => {
                let start = usize::try_from(offset).map_err(io::Error::other)?;
                let slice = start
                    .checked_add(buf.len())
                    .and_then(|end| bytes.get(start..end))
                    .ok_or_else(|| io::Error::from(io::ErrorKind::UnexpectedEof))?;
                buf.copy_from_slice(slice);
                Ok(())
            }
        }
    }

    /// The entry `index` of the table that starts at `base`.
    pub(super) fn entry(&self, base: u64, index: u64) -> io::Result<[u8; 16]> {
        let mut entry = [0u8; 16];
        self.read_at(base + index * ENTRY_SIZE, &mut entry)?;
        Ok(entry)
    }

    /// The entries whose key is `key` in the `count` entries sorted by key from `base`: a
    /// binary search (about log2(count) reads), then at most `limit` entries in order.
    pub(super) fn entries_with_key(
        &self,
        base: u64,
        count: u64,
        key: u64,
        limit: usize,
    ) -> io::Result<Vec<[u8; 16]>> {
        let (mut low, mut high) = (0u64, count);
        while low < high {
            let middle = low + (high - low) / 2;
            if entry_key(&self.entry(base, middle)?) < key {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        let mut found = Vec::new();
        let mut index = low;
        while index < count && found.len() < limit {
            let entry = self.entry(base, index)?;
            if entry_key(&entry) != key {
                break;
            }
            found.push(entry);
            index += 1;
        }
        Ok(found)
    }
}

/// The big-endian key an entry starts with.
pub(super) fn entry_key(entry: &[u8; 16]) -> u64 {
    let mut key = [0u8; 8];
    key.copy_from_slice(&entry[..8]);
    u64::from_be_bytes(key)
}

/// The big-endian u16 at `at` in an entry.
pub(super) fn entry_u16(entry: &[u8; 16], at: usize) -> u16 {
    u16::from_be_bytes([entry[at], entry[at + 1]])
}
