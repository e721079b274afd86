//! ply-games: the games ply plays, each in its own folder (rules, notation, players), the
//! erased [`Session`] interface that front ends speak, and the [`registry`] of games.

pub mod caro;
pub mod chess;
pub mod grid;
pub mod registry;
pub mod session;
pub mod tictactoe;
pub mod xiangqi;

pub use registry::{GameOptions, GameSpec, find_game, games, new_session};
pub use session::{
    Algorithm, BoardKind, BoardView, GameError, GameSession, LabCount, LabNode, LabReport,
    LabRequest, LabTree, Level, LineView, MoveError, MoveView, PieceView, PositionError, Rules,
    ScoreView, ScoredMove, Session, Status, ThinkError, ThinkEvent, ThinkRequest, ThinkResult,
};
