//! What a game tells every front end about itself: its names, its options (kind, range,
//! default, words in English and Vietnamese), its bench workload and its constructor. Each
//! game folder exports one [`GameSpec`]; the registry is the list of them, and the command
//! line, the web's new-game form, stored games and the UCI options are built from it.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::session::{GameError, Record};

/// Words in the two languages ply speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Text {
    /// English.
    pub en: &'static str,
    /// Vietnamese.
    pub vi: &'static str,
}

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// A whole number in `min..=max`.
    Range {
        /// Smallest.
        min: i64,
        /// Largest.
        max: i64,
        /// Used when none is given.
        default: i64,
    },
    /// One of a few names.
    Choice {
        /// Accepted names, the default first.
        values: &'static [&'static str],
    },
    /// On or off.
    Flag {
        /// Used when none is given.
        default: bool,
    },
}

/// How players read the values a game's evaluation gives (the engine's scores).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "unit", rename_all = "snake_case")]
pub enum ScoreStyle {
    /// The value as it is (textbook values: +1, 0, −1).
    Plain,
    /// Hundredths of a pawn, shown as pawns: +0.40.
    Pawns,
    /// Hundredths of a line's worth, shown as such; from `decided` up, a threat that
    /// decides the game (a five or an open four to come).
    Threats {
        /// The value from which a threat decides the game.
        decided: i32,
    },
}

/// One option a game takes when it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// The name: the command-line flag `--name`, the key in stored games and forms.
    pub name: &'static str,
    /// Its values.
    #[serde(flatten)]
    pub kind: OptionKind,
    /// What it is, for a label.
    pub label: Text,
    /// The UCI option that sets it, where the protocol has one (`UCI_Chess960`).
    #[serde(skip)]
    pub uci: Option<&'static str>,
}

impl OptionSpec {
    /// The value used when none is given.
    pub fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Range { default, .. } => OptionValue::Int(default),
            OptionKind::Choice { values } => {
                OptionValue::Text(values.first().copied().unwrap_or_default().to_string())
            }
            OptionKind::Flag { default } => OptionValue::Flag(default),
        }
    }

    /// `value` checked against the option and written the canonical way (a choice in its
    /// own spelling); a clear error naming what is accepted otherwise.
    pub fn check(&self, game: &str, value: &OptionValue) -> Result<OptionValue, GameError> {
        let refuse = |expected: String| {
            GameError::BadOption(format!(
                "{game}'s option {} cannot be {value}: {expected}",
                self.name
            ))
        };
        match (self.kind, value) {
            (OptionKind::Range { min, max, .. }, OptionValue::Int(number)) => {
                if (min..=max).contains(number) {
                    Ok(value.clone())
                } else {
                    Err(refuse(format!("it takes {min} to {max}")))
                }
            }
            (OptionKind::Range { min, max, .. }, OptionValue::Text(text)) => {
                match text.trim().parse::<i64>() {
                    Ok(number) => self.check(game, &OptionValue::Int(number)),
                    Err(_) => Err(refuse(format!("it takes a number from {min} to {max}"))),
                }
            }
            (OptionKind::Choice { values }, OptionValue::Text(text)) => values
                .iter()
                .find(|known| known.eq_ignore_ascii_case(text.trim()))
                .map(|known| OptionValue::Text((*known).to_string()))
                .ok_or_else(|| refuse(format!("expected one of {}", values.join(", ")))),
            (OptionKind::Flag { .. }, OptionValue::Flag(_)) => Ok(value.clone()),
            (OptionKind::Flag { .. }, OptionValue::Text(text)) => {
                match text.trim().to_ascii_lowercase().as_str() {
                    "true" | "on" | "yes" | "1" => Ok(OptionValue::Flag(true)),
                    "false" | "off" | "no" | "0" => Ok(OptionValue::Flag(false)),
                    _ => Err(refuse("it is true or false".to_string())),
                }
            }
            (OptionKind::Range { .. }, _) => Err(refuse("it takes a number".to_string())),
            (OptionKind::Choice { values }, _) => {
                Err(refuse(format!("expected one of {}", values.join(", "))))
            }
            (OptionKind::Flag { .. }, _) => Err(refuse("it is true or false".to_string())),
        }
    }
}

/// A value given for an option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    /// On or off.
    Flag(bool),
    /// A number.
    Int(i64),
    /// A name (or a number or flag as typed, read by the option's kind).
    Text(String),
}

impl OptionValue {
    /// The value as typed, without quotes: `true`, `15`, `renju`.
    pub fn plain(&self) -> String {
        match self {
            OptionValue::Flag(flag) => flag.to_string(),
            OptionValue::Int(number) => number.to_string(),
            OptionValue::Text(text) => text.clone(),
        }
    }
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Flag(flag) => write!(f, "{flag}"),
            OptionValue::Int(number) => write!(f, "{number}"),
            OptionValue::Text(text) => {
                let shown: String = text.chars().take(32).collect();
                write!(f, "'{shown}'")
            }
        }
    }
}

/// The settings a game starts with: option values by name (those not given take their
/// default) and, optionally, a start position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    /// Option values by name.
    #[serde(flatten)]
    pub values: BTreeMap<String, OptionValue>,
    /// Start position (FEN or board string) instead of the usual start.
    #[serde(skip)]
    pub position: Option<String>,
}

impl GameOptions {
    /// These options with `name` set to `value`.
    pub fn with(mut self, name: &str, value: OptionValue) -> GameOptions {
        self.values.insert(name.to_string(), value);
        self
    }

    /// These options starting from `position`.
    pub fn at(mut self, position: impl Into<String>) -> GameOptions {
        self.position = Some(position.into());
        self
    }

    /// The number given for `name`, if any.
    pub fn int(&self, name: &str) -> Option<i64> {
        match self.values.get(name) {
            Some(OptionValue::Int(number)) => Some(*number),
            _ => None,
        }
    }

    /// The name given for `name`, if any.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.values.get(name) {
            Some(OptionValue::Text(text)) => Some(text),
            _ => None,
        }
    }

    /// The flag given for `name`; false if none.
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.values.get(name), Some(OptionValue::Flag(true)))
    }
}

/// A fixed, deterministic workload for `ply bench`: the strong engine, one thread, a fresh
/// 16 MiB table per position, to a fixed depth.
#[derive(Clone, Copy, Debug)]
pub struct BenchSpec {
    /// Positions (empty string: the start position), written for the default options.
    pub positions: &'static [&'static str],
    /// Depth of each search.
    pub depth: u32,
    /// Moves a position onto the board the options ask for (`None`: it does not fit);
    /// `None` for games whose board never changes.
    pub refit: Option<fn(&str, &GameOptions) -> Option<String>>,
}

type Create = fn(&GameOptions) -> Result<Box<dyn Record>, GameError>;

/// One game ply plays.
#[derive(Clone, Copy, Debug)]
pub struct GameSpec {
    /// The name used on the command line and in URLs.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// A title for menus.
    pub title: Text,
    /// The options it takes when it starts.
    pub options: &'static [OptionSpec],
    /// Whether UCI GUIs may play it (by its name as a `UCI_Variant`).
    pub uci_variant: bool,
    /// How players read its scores.
    pub score_style: ScoreStyle,
    /// Time per move the strong player takes when none is given; `None` when the engine
    /// proves the game at once and should search until it has.
    pub default_movetime_ms: Option<u64>,
    /// Depth each position of a game is searched to when the game is analysed
    /// ([`crate::session::analysis`]); `None` when the engine proves every position.
    pub analysis_depth: Option<u32>,
    /// Most positions plain minimax may visit in the lab before a request is refused from
    /// its estimate: the lab's cap, lower where the teaching evaluation is slow (caro's
    /// scans the board at every leaf).
    pub lab_positions: u64,
    /// Random plies played from the start to vary match openings.
    pub opening_plies: u32,
    /// The `ply bench` workload.
    pub bench: BenchSpec,
    /// A published time-to-depth table to compare `ply bench --table` with:
    /// (depth, milliseconds, megabytes), e.g. the xiangqi seed's Java program.
    pub reference_table: &'static [(u32, u64, u64)],
    /// Starts a game from options already checked by [`GameSpec::check`].
    pub create: Create,
}

impl GameSpec {
    /// The option called `name`.
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options
            .iter()
            .find(|option| option.name.eq_ignore_ascii_case(name))
    }

    /// `options` checked against this game's options, values written the canonical way;
    /// an option the game does not take, or a value out of range, is a clear error.
    pub fn check(&self, options: &GameOptions) -> Result<GameOptions, GameError> {
        let mut checked = GameOptions {
            values: BTreeMap::new(),
            position: options.position.clone(),
        };
        for (name, value) in &options.values {
            let Some(option) = self.option(name) else {
                let shown: String = name.chars().take(32).collect();
                return Err(GameError::BadOption(if self.options.is_empty() {
                    format!("{} takes no options ('{shown}' given)", self.name)
                } else {
                    format!(
                        "{} has no option '{shown}': it takes {}",
                        self.name,
                        self.options
                            .iter()
                            .map(|option| option.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }));
            };
            checked
                .values
                .insert(option.name.to_string(), option.check(self.name, value)?);
        }
        Ok(checked)
    }

    /// Starts a game with `options`.
    pub fn new_game(&self, options: &GameOptions) -> Result<Box<dyn Record>, GameError> {
        (self.create)(&self.check(options)?)
    }

    /// The value of `name` in `options`, or its default.
    pub fn value(&self, options: &GameOptions, name: &str) -> Option<OptionValue> {
        let option = self.option(name)?;
        Some(
            options
                .values
                .get(option.name)
                .cloned()
                .unwrap_or_else(|| option.default_value()),
        )
    }

    /// The bench positions for `options`: as written, or moved onto another board size
    /// (those that do not fit are left out; the start position always stays).
    pub fn bench_positions(&self, options: &GameOptions) -> Vec<String> {
        self.bench
            .positions
            .iter()
            .filter_map(|position| match self.bench.refit {
                Some(refit) if !position.is_empty() => refit(position, options),
                _ => Some(position.to_string()),
            })
            .collect()
    }
}
