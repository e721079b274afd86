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

/// One try of an iteration at the root inside an aspiration window: the window, and the
/// score that came back. A score on or outside the window (a fail high or low) means the
/// root is searched again with a wider window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowTry {
    /// The iteration's depth.
    pub depth: u32,
    /// 1-based index of the line (MultiPV).
    pub multipv: usize,
    /// Lower edge of the window (`-Score::INFINITE` when open).
    pub alpha: Score,
    /// Upper edge of the window (`Score::INFINITE` when open).
    pub beta: Score,
    /// What the root search returned.
    pub score: Score,
    /// `Lower`: failed high; `Upper`: failed low; `Exact`: inside the window.
    pub bound: Bound,
    /// Nodes searched so far by the main thread, this try included.
    pub nodes: u64,
}

/// What the main thread did in one iteration besides visiting nodes: the searches and the
/// skips of the engine's refinements over plain alpha-beta, counted as they happen (the
/// counting never changes what is searched).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IterationWork {
    /// The iteration's depth.
    pub depth: u32,
    /// Nodes the main thread visited in this iteration alone, quiescence included.
    pub nodes: u64,
    /// Of them, nodes of quiescence (past the horizon, noisy moves only).
    pub quiescence_nodes: u64,
    /// Table probes whose stored bound answered the node without a search.
    pub table_cutoffs: u64,
    /// Moves after the first searched with a null window (principal-variation search).
    pub scouts: u64,
    /// Scouts that beat alpha inside the window and were searched again with the full one.
    pub scout_researches: u64,
    /// Null moves tried (the side to move passes, searched with reduced depth).
    pub null_tries: u64,
    /// Null moves whose reduced search still reached beta: the node was cut without a move.
    pub null_cutoffs: u64,
    /// Late quiet moves searched to a reduced depth.
    pub reductions: u64,
    /// Reduced moves that beat alpha and were searched again to the full depth.
    pub reduction_researches: u64,
    /// Moves never searched by late-move, futility, history or bad-capture pruning.
    pub moves_pruned: u64,
    /// Quiet checks that futility, history or exchange pruning would have skipped, searched
    /// because the evaluator spares checks ([`crate::Refinements::spare_checks`]).
    pub checks_spared: u64,
    /// Nodes cut by reverse futility (the static value far above beta).
    pub static_cutoffs: u64,
    /// Cut-offs: a move reached beta and the node's other moves were skipped.
    pub beta_cutoffs: u64,
    /// Cut-offs by the first move searched: how good the ordering is.
    pub first_move_cutoffs: u64,
    /// Singular-extension tests: the other moves searched, reduced, against the table's
    /// score less a margin ([`crate::Refinements::singular_margin`]).
    pub singular_tries: u64,
    /// Tests where no other move came near: the table's move was searched a ply deeper.
    pub singular_extensions: u64,
    /// Tests where another move also reached past beta: the node was cut at once.
    pub multi_cuts: u64,
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
    /// The root was searched once inside a window (every try of aspiration windows).
    Window(WindowTry),
    /// The main thread finished an iteration: what its refinements did in it.
    Work(IterationWork),
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
    /// Depth of the search that scored the best line: the last completed iteration, or
    /// the one a stop cut short when its best line was already searched through (the
    /// iteration that reported this line says the same depth).
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
