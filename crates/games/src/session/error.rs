//! Errors a session returns for bad input: each message says what was wrong and what is
//! accepted, in one line.

use thiserror::Error;

use super::problem::SetupProblem;

/// A move that could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in any notation the game reads.
    #[error("cannot read '{text}' as a move: {expected}")]
    Unreadable {
        /// What was typed.
        text: String,
        /// What the game accepts.
        expected: String,
    },
    /// The text names a move the rules forbid here.
    #[error("{text} is not legal here: {reason}")]
    Illegal {
        /// What was typed.
        text: String,
        /// Why not.
        reason: String,
    },
    /// The text could mean several legal moves.
    #[error("'{text}' is ambiguous: it could be {candidates}")]
    Ambiguous {
        /// What was typed.
        text: String,
        /// The moves it could mean.
        candidates: String,
    },
    /// The game is over; no move can be played.
    #[error("the game is over ({reason})")]
    GameOver {
        /// How it ended.
        reason: String,
    },
}

impl MoveError {
    /// A move the text names but the rules forbid.
    pub fn illegal(text: &str, reason: impl Into<String>) -> MoveError {
        MoveError::Illegal {
            text: text.trim().to_string(),
            reason: reason.into(),
        }
    }

    /// Text that is not a move.
    pub fn unreadable(text: &str, expected: impl Into<String>) -> MoveError {
        MoveError::Unreadable {
            text: text.trim().to_string(),
            expected: expected.into(),
        }
    }
}

/// A position string (FEN or board string) that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad position '{text}': {reason}")]
pub struct PositionError {
    /// What was given.
    pub text: String,
    /// What is wrong with it and what is expected.
    pub reason: String,
    /// The rule it breaks, typed, when the parser names one.
    pub problem: Option<SetupProblem>,
}

impl PositionError {
    /// An error about `text`.
    pub fn new(text: &str, reason: impl Into<String>) -> PositionError {
        let mut shown: String = text.chars().take(120).collect();
        if shown.len() < text.len() {
            shown.push('…');
        }
        PositionError {
            text: shown,
            reason: reason.into(),
            problem: None,
        }
    }

    /// An error about `text` that breaks a named rule.
    pub fn impossible(text: &str, problem: SetupProblem) -> PositionError {
        PositionError {
            problem: Some(problem.clone()),
            ..PositionError::new(text, problem.to_string())
        }
    }
}

/// Thinking that could not be done as asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ThinkError {
    /// A search move given in `search_moves` was not legal.
    #[error(transparent)]
    BadSearchMove(#[from] MoveError),
    /// The request cannot be honoured (e.g. a teaching search too deep for this game).
    #[error("{0}")]
    Refused(String),
}

/// A game that could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// No game has this name.
    #[error("unknown game '{given}': expected one of {expected}")]
    Unknown {
        /// What was asked for.
        given: String,
        /// The accepted names.
        expected: String,
    },
    /// An option the game does not take, or a value out of range.
    #[error("{0}")]
    BadOption(String),
    /// The starting position could not be read.
    #[error(transparent)]
    Position(#[from] PositionError),
}
