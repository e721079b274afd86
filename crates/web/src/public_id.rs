//! A game's public id: 96 random bits from the operating system as 24 hex digits, the only
//! name a game has in links and API answers (its row number stays inside the server), so
//! nobody can find other people's games by counting.

use std::fmt;

use serde::Serialize;

/// Hex digits in a public id (96 bits).
pub const LENGTH: usize = 24;

/// A game's public id: [`LENGTH`] lowercase hex digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct PublicId(String);

impl PublicId {
    /// A new id from the operating system's generator; `None` when it has none to give (a
    /// guessable id is never made instead).
    pub fn generate() -> Option<PublicId> {
        let mut bytes = [0u8; LENGTH / 2];
        getrandom::fill(&mut bytes).ok()?;
        Some(PublicId(
            bytes.iter().map(|byte| format!("{byte:02x}")).collect(),
        ))
    }

    /// The id written in `text` (a path segment), if it has the form of one.
    pub fn parse(text: &str) -> Option<PublicId> {
        (text.len() == LENGTH && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
            .then(|| PublicId(text.to_string()))
    }

    /// The id as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PublicId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_parse_and_differ() {
        let first = PublicId::generate().expect("a generator");
        let second = PublicId::generate().expect("a generator");
        assert_ne!(first, second);
        assert_eq!(PublicId::parse(first.as_str()), Some(first));
    }

    #[test]
    fn other_text_is_not_an_id() {
        for text in [
            "",
            "1",
            "12",
            &"a".repeat(23),
            &"a".repeat(25),
            &"G".repeat(24),
        ] {
            assert_eq!(PublicId::parse(text), None, "{text}");
        }
    }
}
