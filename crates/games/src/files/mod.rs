//! Standard game files, out and in: chess PGN (the seven-tag roster, `TimeControl`,
//! `SetUp`/`FEN`, `Variant` for Chess960), xiangqi PGN as Chinese-chess databases write it
//! (`[Game "Chinese Chess"]`, `[Format "ICCS"]` moves, WXF and Chinese moves read too), and
//! caro as Piskvork's `.psq` (the board size in the header, the rule as Gomocup's rule
//! number). Reading replays every move through the game's own record, so a file gives a
//! game that can be reviewed or continued; errors name the line. Tic-tac-toe has no
//! standard file: it is written in ply's own text.

mod own_text;
mod pgn;
pub use pgn::move_number;
pub mod pgn_text;
mod psq;

use ply_search::Side;
use serde::Serialize;
use thiserror::Error;

use crate::session::{Record, Status};

/// A standard file kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FileFormat {
    /// Chess or xiangqi PGN.
    Pgn,
    /// Piskvork's caro record.
    Psq,
    /// ply's own text: the start position and the moves (tic-tac-toe).
    Text,
}

impl FileFormat {
    /// The file name extension.
    pub fn extension(self) -> &'static str {
        match self {
            FileFormat::Pgn => "pgn",
            FileFormat::Psq => "psq",
            FileFormat::Text => "txt",
        }
    }

    /// The media type to serve it with.
    pub fn media_type(self) -> &'static str {
        match self {
            FileFormat::Pgn => "application/x-chess-pgn; charset=utf-8",
            FileFormat::Psq | FileFormat::Text => "text/plain; charset=utf-8",
        }
    }
}

/// What a file says beyond the moves: who played, when, at what time control, and the
/// result (which may differ from the rules' status when someone resigned or lost on time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileHeader {
    /// The players, first side first (`ply level 5`, `human`).
    pub players: [String; 2],
    /// The date, `YYYY.MM.DD`.
    pub date: Option<String>,
    /// The time control as PGN writes it (`300+3`), if the game had one.
    pub time_control: Option<String>,
    /// Where the game stands, resignations included.
    pub status: Status,
}

/// A game written as a standard file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandardFile {
    /// Its kind.
    pub format: FileFormat,
    /// Its text.
    pub text: String,
}

/// How a game read from a file ended when its moves do not say (a resignation, a draw
/// agreed, a flag fallen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileResult {
    /// The winner, or none for a draw.
    pub winner: Option<Side>,
    /// Why, in words.
    pub reason: String,
}

/// A game read from a file: a record with every move played, and what the file said.
pub struct ImportedGame {
    /// The game, replayed.
    pub record: Box<dyn Record>,
    /// The file's kind.
    pub format: FileFormat,
    /// The players the file names, first side first.
    pub players: [Option<String>; 2],
    /// A result the moves do not give.
    pub result: Option<FileResult>,
}

/// Why a file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImportError {
    /// Nothing but blanks.
    #[error("the file is empty")]
    Empty,
    /// Neither PGN, a Piskvork record nor ply's own text.
    #[error(
        "this is not a PGN (tags like [Event \"…\"] then moves), a Piskvork .psq (a 'Piskvorky 15x15, …' line then x,y,time lines) or ply's own text ([Game \"tictactoe\"], [Position \"…\"] then moves)"
    )]
    UnknownFormat,
    /// The game the file describes cannot be set up (an option out of range, a bad FEN).
    #[error("line {line}: {reason}")]
    Setup {
        /// The line of the tag or header at fault.
        line: usize,
        /// Why.
        reason: String,
    },
    /// A line that cannot be read or a move that cannot be played.
    #[error("line {line}: {reason}")]
    Line {
        /// The line (1-based).
        line: usize,
        /// Why.
        reason: String,
    },
}

/// Writes `record` as its game's standard file.
pub fn export(record: &dyn Record, header: &FileHeader) -> StandardFile {
    match record.spec().name {
        "chess" => pgn::export_chess(record, header),
        "xiangqi" => pgn::export_xiangqi(record, header),
        "caro" => psq::export(record, header),
        _ => StandardFile {
            format: FileFormat::Text,
            text: record.export(),
        },
    }
}

/// Reads the first game of a standard file: a Piskvork `.psq`, ply's own text (a `Game`
/// tag naming one of ply's games and a `Position` tag, as tic-tac-toe is exported), or a
/// PGN (xiangqi when its `Game` or `Variant` tag or its FEN says so, chess otherwise).
pub fn import(text: &str) -> Result<ImportedGame, ImportError> {
    let text = text.trim_start_matches('\u{feff}');
    let first = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .ok_or(ImportError::Empty)?;
    if psq::is_header(first) {
        psq::import(text)
    } else if first.starts_with('[') && own_text::is_own(text) {
        own_text::import(text)
    } else if first.starts_with('[') || first.starts_with("1.") || first.starts_with('{') {
        pgn::import(text)
    } else {
        Err(ImportError::UnknownFormat)
    }
}

/// The result a PGN result token gives.
fn token_winner(token: &str) -> Option<Option<Side>> {
    match token {
        "1-0" => Some(Some(Side::First)),
        "0-1" => Some(Some(Side::Second)),
        "1/2-1/2" | "½-½" => Some(None),
        _ => None,
    }
}
