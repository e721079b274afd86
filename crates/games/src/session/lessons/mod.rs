//! The lab as a course: one lesson per idea the engine uses, each a live experiment on a
//! real position of a real game, run by ply's own searches (the teaching algorithms and the
//! engine, with its features switched on and off) and read from their events. The lessons'
//! words live in the web page; this module computes the figures the words quote.

mod figures;
mod horizon;
mod ordering;
mod positions;
mod pruning;
mod run;
mod threats;
mod trees;
mod windows;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

pub use figures::{Experiment, Figure, FigureTable, Source};

use super::error::ThinkError;
use super::rules::Rules;

/// The lessons, in the course's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lesson {
    /// Plain minimax: every move of every node.
    Minimax,
    /// Alpha-beta: the same value, with cut-offs when α ≥ β.
    Alphabeta,
    /// Move ordering, and why iterative deepening's count includes every iteration.
    Ordering,
    /// The transposition table.
    Table,
    /// Iterative deepening and aspiration windows (fail-high and fail-low re-searches).
    Deepening,
    /// Principal-variation search: null-window scouts and their re-searches.
    Pvs,
    /// Quiescence and the horizon effect.
    Quiescence,
    /// Null move and late-move reductions.
    Pruning,
    /// Threat search in caro: VCF and VCT.
    Threats,
}

impl Lesson {
    /// Every lesson, in order.
    pub const ALL: [Lesson; 9] = [
        Lesson::Minimax,
        Lesson::Alphabeta,
        Lesson::Ordering,
        Lesson::Table,
        Lesson::Deepening,
        Lesson::Pvs,
        Lesson::Quiescence,
        Lesson::Pruning,
        Lesson::Threats,
    ];

    /// The lesson's name in URLs (`/lab/alphabeta`).
    pub fn name(self) -> &'static str {
        match self {
            Lesson::Minimax => "minimax",
            Lesson::Alphabeta => "alphabeta",
            Lesson::Ordering => "ordering",
            Lesson::Table => "table",
            Lesson::Deepening => "deepening",
            Lesson::Pvs => "pvs",
            Lesson::Quiescence => "quiescence",
            Lesson::Pruning => "pruning",
            Lesson::Threats => "threats",
        }
    }
}

impl fmt::Display for Lesson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A lesson name that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown lesson '{0}': expected one of minimax, alphabeta, ordering, table, deepening, pvs, quiescence, pruning, threats"
)]
pub struct UnknownLesson(pub String);

impl FromStr for Lesson {
    type Err = UnknownLesson;

    fn from_str(text: &str) -> Result<Lesson, UnknownLesson> {
        Lesson::ALL
            .into_iter()
            .find(|lesson| lesson.name() == text)
            .ok_or_else(|| UnknownLesson(text.to_string()))
    }
}

/// What a lesson's experiments found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonReport {
    /// The lesson.
    pub lesson: Lesson,
    /// Its experiments, in the order the page shows them.
    pub experiments: Vec<Experiment>,
}

/// Runs `lesson`'s experiments. Each is bounded (fixed depths or node limits on fixed
/// positions), so a lesson costs at most a few seconds of one core.
pub fn run_lesson(lesson: Lesson) -> Result<LessonReport, ThinkError> {
    let experiments = match lesson {
        Lesson::Minimax => trees::minimax()?,
        Lesson::Alphabeta => trees::alphabeta()?,
        Lesson::Ordering => ordering::ordering(),
        Lesson::Table => ordering::table(),
        Lesson::Deepening => windows::deepening(),
        Lesson::Pvs => windows::pvs(),
        Lesson::Quiescence => horizon::quiescence(),
        Lesson::Pruning => pruning::pruning(),
        Lesson::Threats => threats::threats(),
    };
    Ok(LessonReport {
        lesson,
        experiments,
    })
}

/// A line of moves from `game` in the game's own notation (SAN, WXF, cells).
pub(crate) fn line_display<R: Rules>(game: &R, line: &[R::Move]) -> Vec<String> {
    let mut position = game.clone();
    line.iter()
        .map(|&mv| {
            let name = position.move_display(mv);
            position.make_move(mv);
            name
        })
        .collect()
}
