//! Playing strength as GUIs ask for it — `UCI_LimitStrength` with `UCI_Elo`, and Stockfish's
//! `Skill Level` 0 to 20 — mapped onto the game's ladder of levels. `UCI_Elo` is played at
//! that rating on the ladder's scale, between the two calibrated levels around it (see
//! [`ply_search::skill::Ladder::params`]); `Skill Level` s below 20 is the rating
//! `low + (high − low) · s / 20`, where low and high are the ratings of levels 1 and 8, so 0
//! is level 1 and 20 the full engine. `UCI_LimitStrength` wins when both are set, as in
//! Stockfish. UCCI offers the same options under one-word names.

use ply_search::skill::{Ladder, Strength};

/// Lowest rating `UCI_Elo` takes.
pub const ELO_MIN: i32 = 1000;
/// Highest rating `UCI_Elo` takes.
pub const ELO_MAX: i32 = 2800;
/// The highest `Skill Level`: full strength.
pub const SKILL_MAX: u8 = 20;

/// The strength options as set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthOptions {
    /// `UCI_LimitStrength`: play at `elo`.
    pub limit: bool,
    /// `UCI_Elo`.
    pub elo: i32,
    /// `Skill Level`, 0 to 20.
    pub skill_level: u8,
}

impl Default for StrengthOptions {
    fn default() -> Self {
        StrengthOptions {
            limit: false,
            elo: 1500,
            skill_level: SKILL_MAX,
        }
    }
}

/// Which protocol's words list the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionWords {
    /// `option name UCI_Elo type spin default 1500 min 1000 max 2800`.
    Uci,
    /// `option elo type spin min 1000 max 2800 default 1500`.
    Ucci,
}

impl StrengthOptions {
    /// The `option` lines for the `uci` or `ucci` answer.
    pub fn describe(&self, words: OptionWords) -> Vec<String> {
        let defaults = StrengthOptions::default();
        match words {
            OptionWords::Uci => vec![
                format!(
                    "option name UCI_LimitStrength type check default {}",
                    defaults.limit
                ),
                format!(
                    "option name UCI_Elo type spin default {} min {ELO_MIN} max {ELO_MAX}",
                    defaults.elo
                ),
                format!(
                    "option name Skill Level type spin default {} min 0 max {SKILL_MAX}",
                    defaults.skill_level
                ),
            ],
            OptionWords::Ucci => vec![
                format!("option limitstrength type check default {}", defaults.limit),
                format!(
                    "option elo type spin min {ELO_MIN} max {ELO_MAX} default {}",
                    defaults.elo
                ),
                format!(
                    "option skilllevel type spin min 0 max {SKILL_MAX} default {}",
                    defaults.skill_level
                ),
            ],
        }
    }

    /// Applies option `name` (any case, UCI or UCCI spelling) with `value`; `None` when
    /// `name` is not a strength option, an error naming what is accepted when the value is
    /// bad (nothing changes then).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Option<Result<(), String>> {
        let key = name.trim().to_ascii_lowercase();
        let text = value.map(str::trim).unwrap_or("");
        Some(match key.as_str() {
            "uci_limitstrength" | "limitstrength" => match text.to_ascii_lowercase().as_str() {
                "true" | "on" => {
                    self.limit = true;
                    Ok(())
                }
                "false" | "off" => {
                    self.limit = false;
                    Ok(())
                }
                _ => Err(format!("{name} takes true or false, not '{text}'")),
            },
            "uci_elo" | "elo" => match text.parse::<i32>() {
                Ok(elo) if (ELO_MIN..=ELO_MAX).contains(&elo) => {
                    self.elo = elo;
                    Ok(())
                }
                _ => Err(format!(
                    "{name} takes a rating from {ELO_MIN} to {ELO_MAX}, not '{text}'"
                )),
            },
            "skill level" | "skilllevel" | "skill_level" => match text.parse::<u8>() {
                Ok(level) if level <= SKILL_MAX => {
                    self.skill_level = level;
                    Ok(())
                }
                _ => Err(format!(
                    "{name} takes a number from 0 to {SKILL_MAX}, not '{text}'"
                )),
            },
            _ => return None,
        })
    }

    /// The strength to play at on `ladder`, `None` for full strength.
    pub fn strength(&self, ladder: &Ladder) -> Option<Strength> {
        if self.limit {
            return Some(Strength::Elo(self.elo));
        }
        if self.skill_level >= SKILL_MAX {
            return None;
        }
        let (low, high) = ladder.elo_range();
        let skill = i32::from(self.skill_level);
        Some(Strength::Elo(
            low + (high - low) * skill / i32::from(SKILL_MAX),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_search::skill::RungParams;

    fn ladder() -> Ladder {
        let mut rungs = [RungParams::full(0); 8];
        for (index, rung) in rungs.iter_mut().enumerate() {
            rung.elo = 1000 + 200 * index as i32;
        }
        Ladder { rungs }
    }

    #[test]
    fn values_are_checked_and_mapped() {
        let mut options = StrengthOptions::default();
        assert_eq!(
            options.strength(&ladder()),
            None,
            "full strength by default"
        );
        assert_eq!(options.set("Skill Level", Some("10")), Some(Ok(())));
        assert_eq!(options.strength(&ladder()), Some(Strength::Elo(1700)));
        assert_eq!(options.set("skill level", Some("0")), Some(Ok(())));
        assert_eq!(options.strength(&ladder()), Some(Strength::Elo(1000)));
        assert!(matches!(
            options.set("Skill Level", Some("21")),
            Some(Err(_))
        ));
        assert_eq!(options.skill_level, 0, "a bad value changes nothing");
        assert_eq!(options.set("UCI_Elo", Some("1850")), Some(Ok(())));
        assert_eq!(options.set("UCI_LimitStrength", Some("true")), Some(Ok(())));
        assert_eq!(options.strength(&ladder()), Some(Strength::Elo(1850)));
        assert!(matches!(options.set("UCI_Elo", Some("999")), Some(Err(_))));
        assert!(matches!(
            options.set("uci_elo", Some("strong")),
            Some(Err(_))
        ));
        assert!(matches!(
            options.set("UCI_LimitStrength", None),
            Some(Err(_))
        ));
        assert_eq!(options.elo, 1850);
        assert_eq!(options.set("Hash", Some("16")), None);
    }
}
