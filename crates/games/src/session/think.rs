//! Asking a session to think: which player (level and algorithm), within which limits, and
//! what comes back — events while it thinks and a result with moves in the game's notation.

use std::fmt;
use std::str::FromStr;

use ply_search::skill::Skill;
use ply_search::{Bound, Limits};
use serde::Serialize;

use super::notation::MoveNames;
use super::view::{MoveId, MoveView, ScoreView};

/// Which judgement of positions plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// The seed document's evaluation and algorithm: the teaching baseline.
    Classic,
    /// ply's own evaluation with the full engine.
    Strong,
}

/// Which search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Algorithm {
    /// Textbook minimax: every move of every node.
    Minimax,
    /// Textbook alpha-beta: minimax with cut-offs, no table, natural move order.
    Alphabeta,
    /// The engine: iterative deepening, PVS, table, ordering, pruning.
    Engine,
}

impl Level {
    /// The algorithm a level uses unless told otherwise.
    pub fn default_algorithm(self) -> Algorithm {
        match self {
            Level::Classic => Algorithm::Alphabeta,
            Level::Strong => Algorithm::Engine,
        }
    }

    /// Every level, in order of strength.
    pub const ALL: [Level; 2] = [Level::Classic, Level::Strong];

    /// The level's name as typed.
    pub fn name(self) -> &'static str {
        match self {
            Level::Classic => "classic",
            Level::Strong => "strong",
        }
    }
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 3] = [Algorithm::Minimax, Algorithm::Alphabeta, Algorithm::Engine];

    /// The algorithm's name as typed.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Alphabeta => "alphabeta",
            Algorithm::Engine => "engine",
        }
    }
}

/// A name that is not one of the accepted ones.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{given}': expected one of {expected}")]
pub struct UnknownName {
    what: &'static str,
    given: String,
    expected: String,
}

fn parse_named<T: Copy>(
    text: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    what: &'static str,
) -> Result<T, UnknownName> {
    let wanted = text.trim().to_ascii_lowercase();
    all.iter()
        .copied()
        .find(|item| {
            name(*item) == wanted || (wanted == "alpha-beta" && name(*item) == "alphabeta")
        })
        .ok_or_else(|| UnknownName {
            what,
            given: text.to_string(),
            expected: all
                .iter()
                .map(|item| name(*item))
                .collect::<Vec<_>>()
                .join(", "),
        })
}

impl FromStr for Level {
    type Err = UnknownName;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_named(text, &Level::ALL, Level::name, "level")
    }
}

impl FromStr for Algorithm {
    type Err = UnknownName;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_named(text, &Algorithm::ALL, Algorithm::name, "algorithm")
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to think about and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThinkRequest {
    /// Whose judgement.
    pub level: Level,
    /// Which search; `None` for the level's own.
    pub algorithm: Option<Algorithm>,
    /// Depth, nodes, time. Teaching algorithms use only the depth (default: the level's).
    pub limits: Limits,
    /// Score every legal move exactly (the seed's per-move table).
    pub all_moves: bool,
    /// Lines to search with exact scores (engine only).
    pub multipv: usize,
    /// Only these root moves (engine only); empty for all.
    pub search_moves: Vec<MoveId>,
    /// A level below full strength (the strong judgement and the engine only; `None` or
    /// level 8: the full engine within `limits`). A weaker level plays on its own node
    /// limit, with noise and a choice among close root moves (see the game's ladder).
    pub skill: Option<Skill>,
    /// A move from an opening book: played without searching when it is legal here (the
    /// caller probed the book and chose it); `None` to search.
    pub book_move: Option<MoveId>,
}

impl ThinkRequest {
    /// A request for `level` within `limits`.
    pub fn new(level: Level, limits: Limits) -> ThinkRequest {
        ThinkRequest {
            level,
            algorithm: None,
            limits,
            all_moves: false,
            multipv: 1,
            search_moves: Vec::new(),
            skill: None,
            book_move: None,
        }
    }

    /// The algorithm that will run.
    pub fn effective_algorithm(&self) -> Algorithm {
        self.algorithm.unwrap_or(self.level.default_algorithm())
    }
}

/// A line of search, in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineView {
    /// Iteration depth in plies.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1-based line number (MultiPV).
    pub multipv: usize,
    /// Value from the side to move's view.
    pub score: ScoreView,
    /// How the score bounds the value.
    #[serde(serialize_with = "serialize_bound")]
    pub bound: Bound,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds so far.
    pub time_ms: u64,
    /// Principal variation, canonical notation.
    pub pv: Vec<String>,
    /// Principal variation, players' notation.
    pub pv_display: Vec<String>,
    /// Principal variation, every notation the game offers.
    pub pv_names: Vec<MoveNames>,
    /// Permille of the table in use.
    pub hashfull: u32,
    /// Table probes that hit.
    pub tt_hits: u64,
}

/// A root move with its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoredMove {
    /// Canonical notation.
    pub name: String,
    /// Players' notation.
    pub display: String,
    /// Every notation the game offers.
    pub names: MoveNames,
    /// Value for the side to move.
    pub score: ScoreView,
    /// How the score bounds the value.
    #[serde(serialize_with = "serialize_bound")]
    pub bound: Bound,
}

/// What a session reports while it thinks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum ThinkEvent {
    /// An iteration finished.
    Iteration(LineView),
    /// A root move was scored at some depth.
    RootMove {
        /// The move and its score.
        #[serde(flatten)]
        scored: ScoredMove,
        /// The depth.
        depth: u32,
    },
    /// The engine starts on a root move.
    CurrentMove {
        /// The move, canonical notation.
        name: String,
        /// Its 1-based number.
        number: usize,
        /// The depth.
        depth: u32,
    },
}

/// What thinking found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThinkResult {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The move to play; `None` when the game is over.
    pub best_move: Option<MoveView>,
    /// The expected reply (canonical), for pondering.
    pub ponder: Option<String>,
    /// Value of the position for the side to move.
    pub score: ScoreView,
    /// Depth searched.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Milliseconds taken.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Principal variation, canonical notation.
    pub pv: Vec<String>,
    /// Principal variation, players' notation.
    pub pv_display: Vec<String>,
    /// Principal variation, every notation the game offers.
    pub pv_names: Vec<MoveNames>,
    /// With `all_moves`: every legal move's value, best first.
    pub moves: Vec<ScoredMove>,
    /// True when the value is proven for the whole game tree.
    pub proven: bool,
    /// True when the move came from an opening book (no search ran; the score says nothing).
    pub book: bool,
}

fn serialize_bound<S: serde::Serializer>(bound: &Bound, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(match bound {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    })
}
