//! ply-search: game-tree search that knows no game.
//!
//! A game implements [`Game`] (rules) and one or more [`Evaluator`]s (judgement). On top of
//! those this crate offers the textbook algorithms of the [`teaching`] module, the
//! [`Engine`] (iterative deepening, PVS, transposition table, ordering, pruning, time
//! control, threads) and [`perft`]. Nothing here prints: the engine reports through
//! [`SearchEvent`]s and returns a [`SearchResult`].

#![deny(missing_docs)]

mod engine;
mod evaluator;
mod event;
mod game;
mod limits;
mod perft;
mod random;
mod score;
pub mod skill;
pub mod teaching;

pub use engine::{
    Engine, EngineOptions, MAX_PLY, SearchParams, SearchRequest, Setup, TimeBudget,
    TranspositionTable, TtEntry,
};
pub use evaluator::{AdviceBudget, Evaluator, Features, Refinements, RootAdvice};
pub use event::{
    Bound, Iteration, IterationWork, RootMoveScore, SearchEvent, SearchResult, WindowTry,
    nodes_per_second,
};
pub use game::{Game, Outcome, Side};
pub use limits::{Clock, Limits, SearchControl};
pub use perft::{perft, perft_divide};
pub use random::SplitMix64;
pub use score::Score;
