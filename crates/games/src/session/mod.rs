//! The erased, object-safe interface every front end speaks: a `dyn Session` is one game in
//! progress of any game. Front ends never ask which game it is.

mod adapter;
mod error;
mod lab;
mod rules;
mod teaching_watch;
mod think;
mod view;

pub use adapter::GameSession;
pub use error::{GameError, MoveError, PositionError, ThinkError};
pub use lab::{
    LabCount, LabNode, LabReport, LabRequest, LabTree, MAX_LAB_DEPTH, MAX_LAB_NODES, MAX_LAB_TREE,
};
pub use rules::Rules;
pub use think::{
    Algorithm, Level, LineView, ScoredMove, ThinkEvent, ThinkRequest, ThinkResult, UnknownName,
};
pub use view::{
    BoardKind, BoardView, MoveView, PieceView, ScoreView, Status, serialize_side, side_key,
};

use ply_search::{EngineOptions, SearchControl, Side};

/// One game in progress: its position, the moves played, and players that can think about it.
pub trait Session: Send {
    /// The registry name of the game (`tictactoe`, `caro`, …).
    fn game_name(&self) -> &'static str;

    /// A title for the game and its settings.
    fn title(&self) -> String;

    /// What players call the two sides, first player first.
    fn side_names(&self) -> [&'static str; 2];

    /// The player to move.
    fn side_to_move(&self) -> Side;

    /// The current position as a string (FEN or board string).
    fn position(&self) -> String;

    /// The position the game started from.
    fn start_position(&self) -> String;

    /// Starts a new game from `text`; on error nothing changes.
    fn set_position(&mut self, text: &str) -> Result<(), PositionError>;

    /// Starts a new game from the usual start position.
    fn reset(&mut self);

    /// The moves played so far, oldest first.
    fn history(&self) -> Vec<MoveView>;

    /// Every legal move here, in the game's natural order.
    fn legal_moves(&self) -> Vec<MoveView>;

    /// Reads a legal move without playing it.
    fn parse_move(&self, text: &str) -> Result<MoveView, MoveError>;

    /// Plays a legal move given in any notation the game reads; on error nothing changes.
    fn play(&mut self, text: &str) -> Result<MoveView, MoveError>;

    /// Takes back the last move, if any.
    fn undo(&mut self) -> Option<MoveView>;

    /// Where the game stands.
    fn status(&self) -> Status;

    /// The board to draw.
    fn board(&self) -> BoardView;

    /// Thinks about the current position. Events arrive on the calling thread; `control`
    /// may stop the search from another.
    fn think(
        &mut self,
        request: &ThinkRequest,
        control: &SearchControl,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> Result<ThinkResult, ThinkError>;

    /// Searches the current position for the lab: plain minimax and alpha-beta trees (node
    /// by node, capped) and the engine's node counts with ordering and with its table, all
    /// at `request.depth`. Refused when the trees would be too large.
    fn lab(&mut self, request: &LabRequest) -> Result<LabReport, ThinkError>;

    /// Sets the engine's table size and threads (kept between moves).
    fn set_engine_options(&mut self, options: EngineOptions);

    /// Forgets what the engines learnt (a new game for protocols).
    fn clear_engines(&mut self);

    /// Leaves of the legal-move tree `depth` plies deep (bulk-counted).
    fn perft(&mut self, depth: u32) -> u64;

    /// Perft split by root move, canonical names.
    fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)>;

    /// The whole game as text (PGN for chess; position and moves for the others).
    fn export(&self) -> String;

    /// Candidate moves for random match openings, canonical names.
    fn opening_candidates(&self) -> Vec<String>;

    /// A copy of the game (positions and moves, not the engines' memory).
    fn clone_session(&self) -> Box<dyn Session>;
}
