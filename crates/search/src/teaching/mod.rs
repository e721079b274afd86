//! The textbook algorithms, as the seed tutorial teaches them: plain minimax and alpha-beta
//! in MAX/MIN form, moves in the order the evaluator gives (the game's natural order unless
//! it narrows them), counting every position visited, the root included. Not the engine:
//! no table, no ordering, no time control. They exist to be read, measured and compared.

mod minimax;
mod trace;
// Explicit trees and the event log (the lab's own tree and its quiz).
pub mod explicit;
mod trace_log;

pub use minimax::{alphabeta, minimax, score_root_moves};
pub use trace::{NodeKind, Tracer};
pub use trace_log::{TraceEvent, TraceLog};

use crate::game::{Outcome, Side};

/// The values of finished games in a teaching search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeafValues {
    /// What a win is worth (the textbook +1; the seed's caro uses 1,000,000).
    pub win: i32,
    /// Add the remaining depth to a win so that a sooner win scores higher, as the seed's
    /// caro does (`THANG + doSau`), at the root too.
    pub depth_bonus: bool,
}

impl LeafValues {
    /// +1 for a win, 0 for a draw, −1 for a loss: the textbook values.
    pub const TEXTBOOK: LeafValues = LeafValues {
        win: 1,
        depth_bonus: false,
    };

    /// The value of a finished game for `root_side`, reached with `depth_left` plies of
    /// search still to go.
    pub fn terminal(self, outcome: Outcome, root_side: Side, depth_left: u32) -> i32 {
        let bonus = if self.depth_bonus {
            depth_left as i32 + 1
        } else {
            0
        };
        outcome.value_for(root_side) * (self.win + bonus)
    }
}

/// How deep and how to score a teaching search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeachingSettings {
    /// Plies to search; below that the evaluator judges the position.
    pub depth: u32,
    /// Values of finished games.
    pub leaves: LeafValues,
}

/// The result of a teaching search. Values are from the root side to move's view
/// (the MAX player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeachingResult<M> {
    /// The minimax value of the root.
    pub value: i32,
    /// The first root move that reaches `value`; `None` if the root is finished.
    pub best_move: Option<M>,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Positions visited, the root included.
    pub nodes: u64,
}
