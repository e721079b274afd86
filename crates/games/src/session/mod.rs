//! The erased, object-safe interface front ends speak, in two parts: a [`Record`] is one
//! game in progress of any game (position, history, notation, board view, status computed
//! once per position), and a [`Thinker`] holds the engines that think about it and can be
//! sent to a search thread and back with a [`Snapshot`] of the position, without copying
//! or replaying the game. Moves cross every layer as a [`MoveId`]; text is parsed once,
//! where a person or a protocol typed it. Front ends never ask which game it is.

pub mod analysis;
mod error;
mod lab;
mod lessons;
mod level_play;
mod notation;
mod player_level;
// The quiz: a real position's tree copied out.
mod position_tree;
mod problem;
mod record;
mod rules;
mod table;
mod teaching_watch;
mod think;
mod thinker;
mod view;

pub use error::{GameError, MoveError, PositionError, ThinkError};
pub use lab::{
    LabCount, LabNode, LabReport, LabRequest, LabTree, MAX_LAB_DEPTH, MAX_LAB_NODES, MAX_LAB_TREE,
};
pub use lessons::{
    Experiment, Figure, FigureTable, Lesson, LessonReport, Source, UnknownLesson, run_lesson,
};
pub use notation::{MoveNames, Notation, UnknownNotation};
pub use player_level::{PlayerLevel, UnknownLevel};
pub use position_tree::{PositionTree, position_tree};
pub use problem::SetupProblem;
pub use record::GameRecord;
pub use rules::Rules;
pub use table::Table;
pub use think::{
    Algorithm, Level, LineView, ScoredMove, ThinkEvent, ThinkRequest, ThinkResult, UnknownName,
};
pub use thinker::GameThinker;
pub use view::{
    BoardKind, BoardLabels, BoardView, MoveId, MoveView, PieceView, ScoreView, Status,
    serialize_side, side_key,
};

use std::any::Any;

use ply_search::{EngineOptions, SearchControl, Side};

use crate::spec::{GameOptions, GameSpec};

/// One game in progress: where it started, the moves played, the position they lead to,
/// and what front ends show of it. Everything that costs a move generation (the status,
/// the legal moves and their names) is computed once per position and kept.
pub trait Record: Send + Sync {
    /// The game's spec (name, options, bench…).
    fn spec(&self) -> &'static GameSpec;

    /// The game's levels 1 to 8 and their calibrated ratings.
    fn ladder(&self) -> &'static ply_search::skill::Ladder;

    /// The options this game was started with (checked, canonical; no position).
    fn options(&self) -> &GameOptions;

    /// A title for the game and its settings.
    fn title(&self) -> String;

    /// What players call the two sides, first player first.
    fn side_names(&self) -> [&'static str; 2];

    /// The player to move.
    fn side_to_move(&self) -> Side;

    /// The current position as a string (FEN or board string).
    fn position(&self) -> String;

    /// The game's own hash of the current position (the search's Zobrist key, side to
    /// move included): what ply's opening books are keyed by.
    fn position_key(&self) -> u64;

    /// The position the game started from.
    fn start_position(&self) -> String;

    /// Starts a new game from `text`; on error nothing changes.
    fn set_position(&mut self, text: &str) -> Result<(), PositionError>;

    /// Starts a new game from the usual start position.
    fn reset(&mut self);

    /// Refuses a start where nothing is left to play: a set-up position must leave the side
    /// to move a move to make.
    fn check_playable(&self) -> Result<(), PositionError> {
        match self.status() {
            Status::Finished { reason, .. } => Err(PositionError::impossible(
                &self.position(),
                SetupProblem::AlreadyOver {
                    reason: reason.clone(),
                },
            )),
            Status::Ongoing { .. } => Ok(()),
        }
    }

    /// The moves played so far, oldest first.
    fn history(&self) -> &[MoveView];

    /// Every legal move here, in the game's natural order; empty when the game is over.
    fn legal_moves(&self) -> &[MoveView];

    /// Reads a legal move typed in any notation the game reads, without playing it.
    fn parse_move(&self, text: &str) -> Result<MoveId, MoveError>;

    /// The notations players may choose for this game, the usual one first.
    fn notations(&self) -> &'static [Notation];

    /// Reads a legal move typed by a player who chose `notation` (it decides where the
    /// text names different moves in different notations), without playing it.
    fn parse_move_in(&self, text: &str, notation: Notation) -> Result<MoveId, MoveError>;

    /// The legal move `mv` with its names, if it is legal here.
    fn legal_move(&self, mv: MoveId) -> Option<&MoveView> {
        self.legal_moves().iter().find(|legal| legal.id == mv)
    }

    /// Plays a legal move; on error nothing changes.
    fn play(&mut self, mv: MoveId) -> Result<&MoveView, MoveError>;

    /// Reads and plays a move typed in any notation the game reads; on error nothing changes.
    fn play_text(&mut self, text: &str) -> Result<&MoveView, MoveError> {
        let mv = self.parse_move(text)?;
        self.play(mv)
    }

    /// Takes back the last move, if any.
    fn undo(&mut self) -> Option<MoveView>;

    /// Where the game stands by the rules.
    fn status(&self) -> &Status;

    /// The board to draw.
    fn board(&self) -> BoardView;

    /// The board's edge labels as `notation` numbers files and ranks.
    fn board_labels(&self, notation: Notation) -> BoardLabels;

    /// Empty cells the side to move may not play on, by board-view cell, with the rules'
    /// reason (renju's forbidden points for Black); none in most games and positions.
    fn forbidden_cells(&self) -> Vec<(usize, String)>;

    /// Whether `side` could still win from the current position by some sequence of legal
    /// moves ([`Rules::can_win`]): a fallen flag draws when the opponent cannot.
    fn can_win(&self, side: Side) -> bool;

    /// The current position, with what the rules remember of the past (repetitions), for a
    /// thinker on another thread.
    fn snapshot(&self) -> Snapshot;

    /// A thinker for this game, its engines empty.
    fn thinker(&self) -> Box<dyn Thinker>;

    /// Leaves of the legal-move tree `depth` plies deep (bulk-counted).
    fn perft(&self, depth: u32) -> u64;

    /// Perft split by root move, canonical names.
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)>;

    /// The whole game as text (PGN for chess; position and moves for the others).
    fn export(&self) -> String;

    /// Candidate moves for random match openings.
    fn opening_candidates(&self) -> Vec<MoveId>;

    /// A copy of the game (positions and moves).
    fn clone_record(&self) -> Box<dyn Record>;
}

/// The engines of one game and what they learnt (tables, histories), kept from move to
/// move. A thinker owns no position: each call is handed a [`Snapshot`].
pub trait Thinker: Send {
    /// Thinks about `position`. Events arrive on the calling thread; `control` may stop the
    /// search from another.
    fn think(
        &mut self,
        position: &Snapshot,
        request: &ThinkRequest,
        control: &SearchControl,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> Result<ThinkResult, ThinkError>;

    /// Searches `position` for the lab: plain minimax and alpha-beta trees (node by node,
    /// capped) and the engine's node counts with ordering and with its table, all at
    /// `request.depth`. Refused when the trees would be too large.
    fn lab(&mut self, position: &Snapshot, request: &LabRequest) -> Result<LabReport, ThinkError>;

    /// Sets the engines' table size and threads (kept between moves).
    fn set_engine_options(&mut self, options: EngineOptions);

    /// Forgets what the engines learnt (a new game for protocols).
    fn clear(&mut self);
}

/// A position handed to a thinker: the game's own typed position, erased.
pub struct Snapshot {
    game: &'static str,
    position: Box<dyn Any + Send + Sync>,
}

impl Snapshot {
    /// Wraps a game's position.
    pub fn new<R: Rules>(position: R) -> Snapshot {
        Snapshot {
            game: R::NAME,
            position: Box::new(position),
        }
    }

    /// The registry name of its game.
    pub fn game_name(&self) -> &'static str {
        self.game
    }

    /// The typed position, if it is one of `R`'s.
    pub fn get<R: Rules>(&self) -> Result<&R, ThinkError> {
        self.position.downcast_ref::<R>().ok_or_else(|| {
            ThinkError::Refused(format!(
                "a {} thinker was handed a {} position",
                R::NAME,
                self.game
            ))
        })
    }
}
