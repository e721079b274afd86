//! One engine search for a lesson, with chosen features switched on or off, and every event
//! it emitted kept: iterations, aspiration tries and the work of each iteration.

use ply_search::{
    AdviceBudget, Bound, Engine, EngineOptions, Evaluator, Features, IterationWork, Limits,
    Refinements, RootAdvice, SearchControl, SearchEvent, SearchParams, SearchRequest, WindowTry,
};

use crate::session::rules::Rules;
use crate::session::view::ScoreView;

/// An evaluator whose engine features are chosen by the lesson, everything else its own.
#[derive(Clone)]
pub(super) struct Tuned<E> {
    inner: E,
    features: Features,
    /// The refinements the search runs with (none, as plain alpha-beta, or the evaluator's).
    refinements: Refinements,
    /// Keep the evaluator's root look (caro's threat search) before the search.
    advice: bool,
}

impl<E> Tuned<E> {
    /// Exact alpha-beta with ordering: every pruning hook, refinement and root look off.
    pub fn exact(inner: E) -> Tuned<E> {
        Tuned {
            inner,
            features: Features::EXACT,
            refinements: Refinements::default(),
            advice: false,
        }
    }

    /// The evaluator as it is, without its root look (the search alone).
    pub fn without_advice<R: Rules>(inner: E) -> Tuned<E>
    where
        E: Evaluator<R>,
    {
        Tuned {
            features: inner.features(),
            refinements: inner.refinements(),
            inner,
            advice: false,
        }
    }

    /// The evaluator as it is, with `change` applied to its features.
    pub fn with<R: Rules>(inner: E, change: impl FnOnce(&mut Features)) -> Tuned<E>
    where
        E: Evaluator<R>,
    {
        let mut features = inner.features();
        change(&mut features);
        Tuned {
            refinements: inner.refinements(),
            inner,
            features,
            advice: true,
        }
    }

    /// The same, with `change` applied to its refinements.
    pub fn refined(mut self, change: impl FnOnce(&mut Refinements)) -> Tuned<E> {
        change(&mut self.refinements);
        self
    }
}

impl<R: Rules, E: Evaluator<R>> Evaluator<R> for Tuned<E> {
    fn evaluate(&self, game: &R) -> i32 {
        self.inner.evaluate(game)
    }

    fn candidate_moves(&self, game: &R, moves: &mut Vec<R::Move>) {
        self.inner.candidate_moves(game, moves);
    }

    fn cache_key(&self, game: &R) -> Option<u64> {
        self.inner.cache_key(game)
    }

    fn correction_key(&self, game: &R) -> Option<u64> {
        self.inner.correction_key(game)
    }

    fn noisy_moves(&self, game: &R, moves: &mut Vec<R::Move>) {
        self.inner.noisy_moves(game, moves);
    }

    fn noisy_moves_below(&self, game: &R, below_horizon: u32, moves: &mut Vec<R::Move>) {
        self.inner.noisy_moves_below(game, below_horizon, moves);
    }

    fn quiescence_plies(&self) -> Option<u32> {
        self.inner.quiescence_plies()
    }

    fn tactical_score(&self, game: &R, mv: R::Move) -> Option<i32> {
        self.inner.tactical_score(game, mv)
    }

    fn quiet_score(&self, game: &R, mv: R::Move) -> i32 {
        self.inner.quiet_score(game, mv)
    }

    fn exchange(&self, game: &R, mv: R::Move) -> Option<i32> {
        self.inner.exchange(game, mv)
    }

    fn under_threat(&self, game: &R) -> bool {
        self.inner.under_threat(game)
    }

    fn root_advice(&self, game: &R, budget: AdviceBudget) -> RootAdvice<R::Move> {
        if self.advice {
            self.inner.root_advice(game, budget)
        } else {
            RootAdvice::default()
        }
    }

    fn features(&self) -> Features {
        self.features
    }

    fn refinements(&self) -> Refinements {
        self.refinements
    }

    fn search_params(&self) -> SearchParams {
        self.inner.search_params()
    }
}

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
    run_engine_on(game, evaluator, hash_mib, limits, None)
}

/// As [`run_engine`], searching only the root moves `only` when given.
pub(super) fn run_engine_on<R: Rules, E: Evaluator<R>>(
    game: &R,
    evaluator: E,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caro::{Caro, Rule, Strong};
    use crate::chess::{Chess, Strong as ChessStrong};
    use ply_search::Game;
    use ply_search::skill::Noisy;

    /// A lesson's engine and a level's engine order and cache as the strong player does: a
    /// wrapper that dropped one of these would quietly search another tree.
    #[test]
    fn wrappers_keep_the_evaluators_ordering_and_keys() {
        let mut game = Caro::new(15, Rule::Freestyle);
        for name in ["h8", "g8", "h6", "i9", "k8"] {
            let cell = game.parse_cell(name).expect("a cell on the board");
            game.make_move(cell);
        }
        let tuned = Tuned::exact(Strong);
        let noisy = Noisy::new(Strong, 30, 7);
        let mut cells = Vec::new();
        Strong.candidate_moves(&game, &mut cells);
        assert!(
            cells
                .iter()
                .any(|&cell| Strong.quiet_score(&game, cell) != 0)
        );
        for &cell in &cells {
            let own = Strong.quiet_score(&game, cell);
            assert_eq!(tuned.quiet_score(&game, cell), own, "lesson, cell {cell}");
            assert_eq!(noisy.quiet_score(&game, cell), own, "level, cell {cell}");
        }

        // Chess caches its values by key and corrects them by pawn structure.
        let chess = Chess::new();
        let tuned = Tuned::exact(ChessStrong);
        let noisy = Noisy::new(ChessStrong, 30, 7);
        let key = ChessStrong.cache_key(&chess);
        let correction = ChessStrong.correction_key(&chess);
        assert!(key.is_some() && correction.is_some());
        assert_eq!(tuned.cache_key(&chess), key);
        assert_eq!(tuned.correction_key(&chess), correction);
        assert_eq!(noisy.cache_key(&chess), key);
        assert_eq!(noisy.correction_key(&chess), correction);
    }
}
