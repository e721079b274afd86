//! What a lesson's experiment hands the page: named figures its text quotes, tables of
//! rows, and where its position comes from.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::session::lab::LabReport;
use crate::session::view::ScoreView;

/// One figure a lesson quotes or a table shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Figure {
    /// A count or a signed value.
    Number(i64),
    /// Moves in the game's own notation, or a position.
    Text(String),
    /// An engine score (centipawns, or a win or loss in so many plies).
    Score(ScoreView),
    /// A word the page translates (`lesson.word.<word>`), e.g. `fail_high`.
    Word {
        /// The word's key.
        word: &'static str,
    },
}

impl Figure {
    /// A count.
    pub fn count(value: u64) -> Figure {
        Figure::Number(i64::try_from(value).unwrap_or(i64::MAX))
    }

    /// The number, if it is one.
    pub fn number(&self) -> Option<i64> {
        match self {
            Figure::Number(value) => Some(*value),
            _ => None,
        }
    }
}

/// Where a lesson's position comes from: a game (its key names it in the page) and the
/// move after which the position stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Source {
    /// The game's key (`lesson.source.<key>` in the page).
    pub game: &'static str,
    /// The move after which the position stands, in the game's own notation ("" for the
    /// tutorial's own positions).
    pub after: String,
}

/// A table of rows, its columns named by keys (`lesson.col.<key>` in the page).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FigureTable {
    /// The table's key (`lesson.table.<key>` in the page).
    pub key: &'static str,
    /// Column keys.
    pub columns: Vec<&'static str>,
    /// The rows, one figure per column.
    pub rows: Vec<Vec<Figure>>,
}

/// One experiment of a lesson.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Experiment {
    /// The experiment's key (its sentences are `lesson.<lesson>.<key>` in the page).
    pub key: &'static str,
    /// The game it is played in.
    pub game: &'static str,
    /// The position, in the game's own position text.
    pub position: String,
    /// Where the position comes from.
    pub source: Source,
    /// The figures its sentences quote, by name.
    pub figures: BTreeMap<&'static str, Figure>,
    /// Its tables.
    pub tables: Vec<FigureTable>,
    /// The recorded minimax and alpha-beta trees, for the tree lessons.
    pub lab: Option<LabReport>,
}

impl Experiment {
    /// An experiment with no figures yet.
    pub fn new(key: &'static str, game: &'static str, position: String, source: Source) -> Self {
        Experiment {
            key,
            game,
            position,
            source,
            figures: BTreeMap::new(),
            tables: Vec::new(),
            lab: None,
        }
    }

    /// Adds a figure.
    pub fn set(&mut self, name: &'static str, figure: Figure) -> &mut Self {
        self.figures.insert(name, figure);
        self
    }

    /// Adds a count.
    pub fn count(&mut self, name: &'static str, value: u64) -> &mut Self {
        self.set(name, Figure::count(value))
    }

    /// A figure by name.
    pub fn figure(&self, name: &str) -> Option<&Figure> {
        self.figures.get(name)
    }

    /// A numeric figure by name.
    pub fn number(&self, name: &str) -> Option<i64> {
        self.figure(name).and_then(Figure::number)
    }
}
