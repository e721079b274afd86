//! The computer player as people choose it: a level of the game's ladder (1, a beginner,
//! to 8, the full engine) or the tutorial's classic player, a teaching opponent apart from
//! the ladder. Stored games from before the ladder said `strong` (level 8) or `classic`.

use std::fmt;
use std::str::FromStr;

use ply_search::Limits;
use ply_search::skill::{Rung, Skill};
use serde::{Serialize, Serializer};

use super::think::{Level, ThinkRequest};

/// A computer player: a level of the ladder, or the classic teaching player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerLevel {
    /// The seed tutorial's alpha-beta with its evaluation.
    Classic,
    /// A level of the game's ladder; level 8 is the full engine.
    Ladder(Rung),
}

/// A level name that is none of the accepted ones.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown level '{0}': expected a level 1 to 8 (8 is the full engine), classic (the tutorial's alpha-beta) or strong (level 8)"
)]
pub struct UnknownLevel(String);

impl PlayerLevel {
    /// The full engine (level 8).
    pub const STRONGEST: PlayerLevel = PlayerLevel::Ladder(Rung::FULL);

    /// Every choice: levels 1 to 8, then the classic player.
    pub fn all() -> Vec<PlayerLevel> {
        Rung::all()
            .map(PlayerLevel::Ladder)
            .chain([PlayerLevel::Classic])
            .collect()
    }

    /// The name as stored and typed: `1` … `8` or `classic`.
    pub fn name(self) -> String {
        match self {
            PlayerLevel::Classic => "classic".to_string(),
            PlayerLevel::Ladder(rung) => rung.to_string(),
        }
    }

    /// Whose judgement plays.
    pub fn judgement(self) -> Level {
        match self {
            PlayerLevel::Classic => Level::Classic,
            PlayerLevel::Ladder(_) => Level::Strong,
        }
    }

    /// The level of the ladder, if this is one.
    pub fn rung(self) -> Option<Rung> {
        match self {
            PlayerLevel::Classic => None,
            PlayerLevel::Ladder(rung) => Some(rung),
        }
    }

    /// The request for a move within `limits`; `seed` (one per game) fixes a weaker
    /// level's noise and choices. Levels below 8 play on their own node limits, level 8
    /// is the full engine within `limits`, the classic player searches to its depth.
    pub fn request(self, limits: Limits, seed: u64) -> ThinkRequest {
        match self {
            PlayerLevel::Classic => ThinkRequest::new(Level::Classic, limits),
            PlayerLevel::Ladder(rung) => ThinkRequest {
                skill: Some(Skill::level(rung, seed)),
                ..ThinkRequest::new(Level::Strong, limits)
            },
        }
    }
}

impl FromStr for PlayerLevel {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim().to_ascii_lowercase();
        let number = wanted
            .strip_prefix("level")
            .unwrap_or(&wanted)
            .trim()
            .trim_start_matches(['-', '_'])
            .to_string();
        match number.as_str() {
            "classic" => Ok(PlayerLevel::Classic),
            "strong" => Ok(PlayerLevel::STRONGEST),
            digits => digits
                .parse::<u8>()
                .ok()
                .and_then(Rung::new)
                .map(PlayerLevel::Ladder)
                .ok_or_else(|| UnknownLevel(text.to_string())),
        }
    }
}

impl fmt::Display for PlayerLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl Serialize for PlayerLevel {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_old_names_and_bad_names_are_read() {
        let three = PlayerLevel::Ladder(Rung::new(3).expect("level"));
        for text in ["3", "level3", "Level 3", "level-3"] {
            assert_eq!(text.parse::<PlayerLevel>(), Ok(three), "{text}");
        }
        assert_eq!("strong".parse(), Ok(PlayerLevel::STRONGEST));
        assert_eq!("classic".parse(), Ok(PlayerLevel::Classic));
        for bad in ["0", "9", "", "godlike", "level"] {
            let error = bad.parse::<PlayerLevel>().expect_err("not a level");
            assert!(error.to_string().contains("1 to 8"), "{error}");
        }
        assert_eq!(PlayerLevel::all().len(), 9);
        for level in PlayerLevel::all() {
            assert_eq!(level.name().parse(), Ok(level));
        }
    }

    #[test]
    fn a_ladder_level_asks_the_strong_judgement_with_its_skill() {
        let two = PlayerLevel::Ladder(Rung::new(2).expect("level"));
        let request = two.request(Limits::default(), 42);
        assert_eq!(request.level, Level::Strong);
        assert_eq!(
            request.skill,
            Some(Skill::level(Rung::new(2).expect("level"), 42))
        );
        let classic = PlayerLevel::Classic.request(Limits::default(), 42);
        assert_eq!((classic.level, classic.skill), (Level::Classic, None));
    }
}
