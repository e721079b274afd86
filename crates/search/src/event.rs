//! What the engine tells the world: events while it searches and the result when it is done.
//! Front ends render these; nothing in the search prints.

use std::time::Duration;

use crate::score::Score;

/// How a score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// A finished iteration of iterative deepening, for one principal variation.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration<M> {
    /// Nominal depth in plies.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// 1-based index of this line when several are searched (MultiPV).
    pub multipv: usize,
    /// Value of the line from the side to move's view.
    pub score: Score,
    /// How `score` relates to the value.
    pub bound: Bound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Nodes per second so far.
    pub nps: u64,
    /// The principal variation, first move first.
    pub pv: Vec<M>,
    /// Transposition-table probes that found their position.
    pub tt_hits: u64,
    /// Permille of the transposition table used by this search.
    pub hashfull: u32,
}

/// A root move and the score the engine gave it at some depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMoveScore<M> {
    /// The move.
    pub mv: M,
    /// Its score from the root side to move's view.
    pub score: Score,
    /// `Exact` when the score is the value; `Upper` when the move was only proven no better
    /// than the best.
    pub bound: Bound,
    /// The depth of the search that scored it.
    pub depth: u32,
}

/// Something the engine reports while it searches.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchEvent<M> {
    /// An iteration finished for one line.
    Iteration(Iteration<M>),
    /// A root move was scored.
    RootMove(RootMoveScore<M>),
    /// The engine starts searching a root move (UCI `currmove`).
    CurrentMove {
        /// The move.
        mv: M,
        /// Its 1-based position in the root move list.
        number: usize,
        /// The iteration's depth.
        depth: u32,
    },
}

/// What a finished search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the root has no legal move.
    pub best_move: Option<M>,
    /// The reply the engine expects (for pondering).
    pub ponder_move: Option<M>,
    /// Value of the root from the side to move's view.
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Every root move with its last score, best first.
    pub root_moves: Vec<RootMoveScore<M>>,
    /// True when the value is exact for the whole game tree (every line was searched to
    /// its end), not a heuristic estimate.
    pub proven: bool,
}

impl<M> SearchResult<M> {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.time)
    }
}

/// Nodes per second, 0 for no time.
pub fn nodes_per_second(nodes: u64, time: Duration) -> u64 {
    let nanos = time.as_nanos().max(1);
    (u128::from(nodes) * 1_000_000_000 / nanos) as u64
}
