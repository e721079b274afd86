//! The notations players choose between to read and type moves (coordinates, SAN, WXF,
//! Chinese, Vietnamese), and a move's names in every notation its game offers, so that a
//! front end shows the chosen one without naming or parsing moves again.

use std::fmt;
use std::str::FromStr;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// A way of writing moves. Which ones a game offers is its own ([`Rules::notations`]
/// (super::Rules::notations)); what a notation means is the game's too: `Vietnamese` is
/// `P2-5` in xiangqi and SAN with the letters V, H, X, T, M in chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Notation {
    /// Board coordinates as protocols write them: `b2`, `h2e2` (ICCS), `e2e4` (UCI).
    Coordinates,
    /// Chess's Standard Algebraic Notation: `Nf3`, `O-O`, `e8=Q#`.
    San,
    /// The World Xiangqi Federation's notation: `C2=5`, `H8+7`, `R+=3`.
    Wxf,
    /// Xiangqi in Chinese characters: 炮二平五, 馬８進７, 前炮退一.
    Chinese,
    /// Vietnamese: xiangqi `P2-5`, `M8.7`, `X1/1`, `Pt-5`; chess SAN with the letters
    /// V (vua), H (hậu), X (xe), T (tượng), M (mã): `Mf3`, `e8=H`.
    Vietnamese,
}

impl Notation {
    /// Every notation.
    pub const ALL: [Notation; 5] = [
        Notation::Coordinates,
        Notation::San,
        Notation::Wxf,
        Notation::Chinese,
        Notation::Vietnamese,
    ];

    /// The notation's name as typed (`--notation wxf`) and as the web sends it.
    pub fn key(self) -> &'static str {
        match self {
            Notation::Coordinates => "coordinates",
            Notation::San => "san",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
            Notation::Vietnamese => "vietnamese",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A name that is not one of the notations.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown notation '{0}': expected one of coordinates, san, wxf, chinese, vietnamese")]
pub struct UnknownNotation(String);

impl FromStr for Notation {
    type Err = UnknownNotation;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim().to_ascii_lowercase();
        let alias = match wanted.as_str() {
            "iccs" | "uci" | "coords" => "coordinates",
            "vi" | "vn" => "vietnamese",
            "zh" | "cn" => "chinese",
            other => other,
        };
        Notation::ALL
            .into_iter()
            .find(|notation| notation.key() == alias)
            .ok_or_else(|| UnknownNotation(text.chars().take(32).collect()))
    }
}

/// One move's names in the notations its game offers, the game's usual one first.
/// Serialised as a map from notation key to name: `{"wxf": "C2=5", "chinese": "炮二平五"}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNames(Vec<(Notation, String)>);

impl MoveNames {
    /// No names yet.
    pub fn new() -> MoveNames {
        MoveNames(Vec::with_capacity(4))
    }

    /// Adds the name in `notation`.
    pub fn push(&mut self, notation: Notation, name: String) {
        self.0.push((notation, name));
    }

    /// Adds the name in `notation` as the usual one.
    pub fn push_front(&mut self, notation: Notation, name: String) {
        self.0.insert(0, (notation, name));
    }

    /// The name in `notation`, if the game offers it.
    pub fn get(&self, notation: Notation) -> Option<&str> {
        self.0
            .iter()
            .find(|(known, _)| *known == notation)
            .map(|(_, name)| name.as_str())
    }

    /// The name in `notation`, or in the game's usual notation when it does not offer it.
    pub fn in_notation(&self, notation: Notation) -> &str {
        self.get(notation)
            .or_else(|| self.0.first().map(|(_, name)| name.as_str()))
            .unwrap_or("")
    }

    /// Every (notation, name), the usual notation first.
    pub fn iter(&self) -> impl Iterator<Item = (Notation, &str)> {
        self.0
            .iter()
            .map(|(notation, name)| (*notation, name.as_str()))
    }
}

impl Serialize for MoveNames {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (notation, name) in &self.0 {
            map.serialize_entry(notation.key(), name)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_and_unknown_names_say_what_is_accepted() {
        for notation in Notation::ALL {
            assert_eq!(notation.key().parse::<Notation>(), Ok(notation));
        }
        assert_eq!("ICCS".parse::<Notation>(), Ok(Notation::Coordinates));
        assert_eq!(" Vietnamese ".parse::<Notation>(), Ok(Notation::Vietnamese));
        let error = "klingon".parse::<Notation>().expect_err("unknown");
        assert!(error.to_string().contains("wxf, chinese"), "{error}");
    }

    #[test]
    fn names_serialise_as_a_map_and_fall_back_to_the_usual_one() {
        let mut names = MoveNames::new();
        names.push(Notation::Wxf, "C2=5".into());
        names.push(Notation::Vietnamese, "P2-5".into());
        assert_eq!(
            serde_json::to_string(&names).expect("serialises"),
            r#"{"wxf":"C2=5","vietnamese":"P2-5"}"#
        );
        assert_eq!(names.in_notation(Notation::Vietnamese), "P2-5");
        assert_eq!(names.in_notation(Notation::San), "C2=5");
        assert_eq!(names.get(Notation::San), None);
    }
}
