//! ply-games: the games ply plays, each in its own folder (rules, notation, players, spec),
//! the erased [`Record`] and [`Thinker`] interface that front ends speak, and the
//! [`registry`] of games.

pub mod book;
pub mod caro;
pub mod chess;
pub mod files;
pub mod grid;
pub mod registry;
pub mod session;
pub mod spec;
pub mod tictactoe;
pub mod xiangqi;

pub use registry::{find_game, games, new_game};
pub use session::{
    Algorithm, BoardKind, BoardLabels, BoardView, GameError, GameRecord, GameThinker, LabCount,
    LabNode, LabReport, LabRequest, LabTree, Level, LineView, MoveError, MoveId, MoveNames,
    MoveView, Notation, PieceView, PlayerLevel, PositionError, PositionTree, Record, Rules,
    ScoreView, ScoredMove, SetupProblem, Snapshot, Status, Table, ThinkError, ThinkEvent,
    ThinkRequest, ThinkResult, Thinker, UnknownLevel, position_tree,
};
pub use session::{
    Experiment, Figure, FigureTable, Lesson, LessonReport, Source, UnknownLesson, run_lesson,
};
pub use spec::{
    BenchSpec, GameOptions, GameSpec, OptionKind, OptionSpec, OptionValue, ScoreStyle, Text,
};
