//! Contestants of a match: ply's own players, or other programs driven over UCI, UCCI or
//! Gomocup. ply referees every game with its own rules; a contestant only proposes moves.

mod external;
mod gomocup;
mod internal;
mod ucci;
mod uci;

use std::time::Duration;

use ply_games::{GameOptions, GameSpec, MoveId, MoveView, Record};
use ply_search::{EngineOptions, Limits};

pub use external::Protocol;

use crate::r#match::players::PlayerSpec;

/// The clocks when a game is played with a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Time left for the side to move and for its opponent.
    pub own: Duration,
    /// Time left for the opponent.
    pub opponent: Duration,
    /// Increment per move.
    pub increment: Duration,
}

/// What a contestant is asked for one move.
#[derive(Clone)]
pub struct MoveRequest<'a> {
    /// The game as the referee sees it (start position, moves so far, legal moves).
    pub referee: &'a dyn Record,
    /// Fixed limits (depth, nodes, movetime) when no clock runs.
    pub limits: &'a Limits,
    /// The clocks, when the game has a time control.
    pub clocks: Option<Clocks>,
}

/// A move proposed by a contestant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proposal {
    /// ply's own player's move, typed: the referee plays it without reading text.
    Move(MoveId),
    /// Another program's answer, translated to a notation the referee reads (parsed once,
    /// by the referee).
    Text(String),
}

/// Why a contestant could not answer.
#[derive(Debug, thiserror::Error)]
pub enum ContestantError {
    /// The program did not answer in time.
    #[error("{0} did not answer in time")]
    Timeout(String),
    /// The program exited or closed its output.
    #[error("{0} stopped: {1}")]
    Died(String, String),
    /// The program said it did not know one of our lines (`ERROR Unknown command`) and never
    /// answered: the dialogue lost a line, a fault of the pipe or the pacing, not a move.
    #[error("{0} lost a command ('{1}') and gave no move")]
    Dropped(String, String),
    /// The program said something the protocol does not allow.
    #[error("{0} broke the protocol: {1}")]
    Protocol(String, String),
    /// Anything else (starting the process, ply's own search).
    #[error("{0}")]
    Other(String),
}

/// A player in a match.
pub trait Contestant: Send {
    /// Prepares for a new game from the referee's current (start) position.
    fn new_game(&mut self, referee: &dyn Record) -> Result<(), ContestantError>;
    /// Proposes a move for the side to move.
    fn propose(&mut self, request: &MoveRequest<'_>) -> Result<Proposal, ContestantError>;
    /// Learns the move that was played (by either side).
    fn observe(&mut self, played: &MoveView) -> Result<(), ContestantError>;
}

/// Creates the contestant a spec describes.
pub fn create(
    spec: &PlayerSpec,
    game: &GameSpec,
    options: &GameOptions,
    engine: EngineOptions,
) -> Result<Box<dyn Contestant>, ContestantError> {
    match spec {
        PlayerSpec::Ply(ply) => Ok(Box::new(internal::Internal::new(
            ply, game, options, engine,
        )?)),
        PlayerSpec::Program(program) => external::start(program, game, options),
    }
}
