//! One engine search for a lesson, with chosen features switched on or off (the engine's
//! [`Setup`]), and every event it emitted kept: iterations, aspiration tries and the work of
//! each iteration.

use ply_search::{
    Bound, Engine, EngineOptions, Evaluator, IterationWork, Limits, SearchControl, SearchEvent,
    SearchRequest, Setup, WindowTry,
};

use crate::session::rules::Rules;
use crate::session::view::ScoreView;

/// A finished iteration as a lesson shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct IterationRow {
    pub depth: u32,
    pub score: ScoreView,
    pub bound: Bound,
    /// Nodes so far, every earlier iteration included.
    pub nodes: u64,
    /// The line, in the game's own notation.
    pub line: Vec<String>,
    pub tt_hits: u64,
}

/// An aspiration try as a lesson shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct WindowRow {
    pub depth: u32,
    pub alpha: ScoreView,
    pub beta: ScoreView,
    pub score: ScoreView,
    pub bound: Bound,
    pub nodes: u64,
}

/// Everything one engine search reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct EngineRun<M> {
    /// The move played.
    pub best_move: Option<M>,
    pub iterations: Vec<IterationRow>,
    pub windows: Vec<WindowRow>,
    pub work: Vec<IterationWork>,
    /// The move played, in the game's own notation.
    pub best: Option<String>,
    pub score: ScoreView,
    pub depth: u32,
    pub nodes: u64,
}

impl<M> EngineRun<M> {
    /// The work of the iteration at `depth`.
    pub fn work_at(&self, depth: u32) -> Option<&IterationWork> {
        self.work.iter().find(|work| work.depth == depth)
    }

    /// A count summed over every iteration.
    pub fn total(&self, field: impl Fn(&IterationWork) -> u64) -> u64 {
        self.work.iter().map(field).sum()
    }
}

/// A window edge as a score a player reads (open edges stay at ±infinity's raw value).
fn edge(score: ply_search::Score) -> ScoreView {
    ScoreView::from_score(score)
}

/// Searches `game` with one thread, `hash_mib` of table, within `limits`, keeping events.
pub(super) fn run_engine<R: Rules, E: Evaluator<R>>(
    game: &R,
    evaluator: E,
    hash_mib: usize,
    limits: Limits,
) -> EngineRun<R::Move> {
    let setup = Setup::of(&evaluator);
    search(game, evaluator, setup, hash_mib, limits, None)
}

/// As [`run_engine`], with the features, refinements and root look of `setup`.
pub(super) fn run_tuned<R: Rules, E: Evaluator<R>>(
    game: &R,
    evaluator: E,
    setup: Setup,
    hash_mib: usize,
    limits: Limits,
) -> EngineRun<R::Move> {
    search(game, evaluator, setup, hash_mib, limits, None)
}

/// As [`run_engine`], searching only the root moves `only` when given.
pub(super) fn run_engine_on<R: Rules, E: Evaluator<R>>(
    game: &R,
    evaluator: E,
    hash_mib: usize,
    limits: Limits,
    only: Option<Vec<R::Move>>,
) -> EngineRun<R::Move> {
    let setup = Setup::of(&evaluator);
    search(game, evaluator, setup, hash_mib, limits, only)
}

fn search<R: Rules, E: Evaluator<R>>(
    game: &R,
    evaluator: E,
    setup: Setup,
    hash_mib: usize,
    limits: Limits,
    only: Option<Vec<R::Move>>,
) -> EngineRun<R::Move> {
    let mut engine = Engine::new(
        evaluator,
        EngineOptions {
            hash_mib,
            threads: 1,
        },
    );
    engine.set_setup(setup);
    let control = SearchControl::default();
    let request = SearchRequest {
        root_moves: only,
        ..SearchRequest::new(limits)
    };
    let mut iterations = Vec::new();
    let mut windows = Vec::new();
    let mut work = Vec::new();
    let result = engine.search(game, &request, &control, &mut |event| match event {
        SearchEvent::Iteration(info) => iterations.push(IterationRow {
            depth: info.depth,
            score: ScoreView::from_score(info.score),
            bound: info.bound,
            nodes: info.nodes,
            line: super::line_display(game, &info.pv),
            tt_hits: info.tt_hits,
        }),
        SearchEvent::Window(WindowTry {
            depth,
            alpha,
            beta,
            score,
            bound,
            nodes,
            ..
        }) => windows.push(WindowRow {
            depth: *depth,
            alpha: edge(*alpha),
            beta: edge(*beta),
            score: edge(*score),
            bound: *bound,
            nodes: *nodes,
        }),
        SearchEvent::Work(done) => work.push(*done),
        SearchEvent::RootMove(_) | SearchEvent::CurrentMove { .. } => {}
    });
    EngineRun {
        best_move: result.best_move,
        iterations,
        windows,
        work,
        best: result.best_move.map(|mv| game.move_display(mv)),
        score: ScoreView::from_score(result.score),
        depth: result.depth,
        nodes: result.nodes,
    }
}
