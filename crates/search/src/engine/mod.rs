//! The engine: iterative deepening over principal-variation alpha-beta with a shared
//! transposition table, killer and history ordering, the pruning hooks an evaluator switches
//! on, time control and Lazy SMP threads. Deterministic with one thread and a depth or node
//! limit.

mod correction;
mod eval_cache;
mod history;
mod ordering;
mod params;
mod pruning;
mod root;
mod setup;
mod table_eval;
mod time;
mod tt;
mod worker;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub use params::SearchParams;
pub use setup::Setup;
pub use time::TimeBudget;
pub use tt::{TranspositionTable, TtEntry};

use history::OrderingMemory;
use ordering::ScoredMoves;
use params::ADVICE_SHARE_DIVISOR;
use root::Completed;
use root::{Plan, RootMove};
use worker::{NodeCounter, Shared, Worker, outcome_score};

use crate::evaluator::{AdviceBudget, Evaluator};
use crate::event::{Bound, Iteration, RootMoveScore, SearchEvent, SearchResult, nodes_per_second};
use crate::game::Game;
use crate::limits::{Limits, SearchControl};
use crate::score::Score;

/// Deepest ply the engine reaches, quiescence included.
pub const MAX_PLY: usize = 128;

/// What to search for, beyond the limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchRequest<M> {
    /// Depth, node and time limits.
    pub limits: Limits,
    /// How many best lines to search with exact scores (1 = usual; the number of legal
    /// moves gives every move's value).
    pub multipv: usize,
    /// Only these root moves (UCI `searchmoves`); `None` for all.
    pub root_moves: Option<Vec<M>>,
}

impl<M> SearchRequest<M> {
    /// A single-line search within `limits`.
    pub fn new(limits: Limits) -> Self {
        SearchRequest {
            limits,
            multipv: 1,
            root_moves: None,
        }
    }
}

/// Size of the engine's resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Transposition table size in MiB (0: no table).
    pub hash_mib: usize,
    /// Search threads (Lazy SMP).
    pub threads: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mib: 16,
            threads: 1,
        }
    }
}

/// A searcher for one game with one evaluator, keeping its table and move-ordering memory
/// from search to search.
pub struct Engine<G: Game, E: Evaluator<G>> {
    evaluator: E,
    setup: Setup,
    table: TranspositionTable,
    threads: usize,
    params: SearchParams,
    memories: Vec<OrderingMemory<G::Move>>,
}

impl<G: Game, E: Evaluator<G>> Engine<G, E> {
    /// An engine with `evaluator` and `options`.
    pub fn new(evaluator: E, options: EngineOptions) -> Self {
        Engine {
            params: evaluator.search_params(),
            setup: Setup::of(&evaluator),
            evaluator,
            table: TranspositionTable::new(options.hash_mib),
            threads: options.threads.max(1),
            memories: Vec::new(),
        }
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Replaces the evaluator (and takes its search constants and [`Setup`]) and forgets
    /// what the table and ordering learnt with the old one.
    pub fn set_evaluator(&mut self, evaluator: E) {
        self.params = evaluator.search_params();
        self.setup = Setup::of(&evaluator);
        self.evaluator = evaluator;
        self.clear();
    }

    /// The features, refinements, root look and noise the engine searches with.
    pub fn setup(&self) -> Setup {
        self.setup
    }

    /// Searches with `setup` from now on. A change forgets what the table and ordering
    /// learnt (a weaker level's noise is part of its judgement).
    pub fn set_setup(&mut self, setup: Setup) {
        if setup != self.setup {
            self.setup = setup;
            self.clear();
        }
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash_mib(&mut self, mib: usize) {
        self.table = TranspositionTable::new(mib);
    }

    /// Sets the number of search threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The search's tunable constants.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// Replaces the search's tunable constants (a tuner's trial values).
    pub fn set_params(&mut self, params: SearchParams) {
        self.params = params;
    }

    /// The transposition table.
    pub fn table(&self) -> &TranspositionTable {
        &self.table
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.memories.clear();
    }

    /// Searches `game` and returns the best move found. Events go to `on_event` from the
    /// calling thread; `control` may stop the search or end pondering from another thread.
    pub fn search(
        &mut self,
        game: &G,
        request: &SearchRequest<G::Move>,
        control: &SearchControl,
        on_event: &mut dyn FnMut(&SearchEvent<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.table.new_search();
        let mut root = self.root_moves(game, request);
        if root.is_empty() {
            return finished_root(game, start);
        }
        let multipv = request.multipv.clamp(1, root.len());
        let budget = TimeBudget::new(&request.limits, start);
        let mut advice_nodes = 0;
        if self.setup.root_advice
            && multipv == 1
            && request.root_moves.is_none()
            && !request.limits.infinite
        {
            // A share of the time and of the nodes; the search proper gets the rest.
            let share = AdviceBudget {
                time: budget.soft_budget().map(|soft| soft / ADVICE_SHARE_DIVISOR),
                nodes: request
                    .limits
                    .nodes
                    .map(|nodes| nodes / u64::from(ADVICE_SHARE_DIVISOR)),
            };
            let advice = self.evaluator.root_advice(game, share);
            advice_nodes = advice.nodes;
            if let Some(line) = advice.win
                && let Some(&first) = line.first()
                && root.iter().any(|candidate| candidate.mv == first)
            {
                return solved_root::<G>(first, line, advice_nodes, start, on_event);
            }
            if let Some(only) = advice.only {
                let kept: Vec<_> = root
                    .iter()
                    .filter(|candidate| only.contains(&candidate.mv))
                    .cloned()
                    .collect();
                if !kept.is_empty() {
                    root = kept;
                }
            }
        }
        let mut max_depth = request.limits.depth.map_or(MAX_PLY as u32 - 2, |depth| {
            depth.clamp(1, MAX_PLY as u32 - 2)
        });
        if root.len() == 1 && budget.is_timed() && !control.is_pondering() && multipv == 1 {
            max_depth = 1;
        }
        let plan = Plan { max_depth, multipv };
        // A node limit bounds the whole move: what the root look spent comes off it.
        let mut limits = request.limits.clone();
        if let Some(nodes) = &mut limits.nodes {
            *nodes = nodes.saturating_sub(advice_nodes).max(1);
        }
        let threads = self.threads;
        let shared = Shared {
            tt: &self.table,
            control,
            limits: &limits,
            budget,
            abort: AtomicBool::new(false),
            nodes: (0..threads).map(|_| NodeCounter::default()).collect(),
            threads,
        };
        let index_bound = game.move_index_bound();
        let continuation_bound = if self.setup.refinements.continuation_history {
            game.continuation_index_bound()
        } else {
            0
        };
        let correction_limit = self.setup.refinements.correction_limit;
        self.memories
            .resize_with(threads, || OrderingMemory::new(MAX_PLY, index_bound));
        let mut memories = std::mem::take(&mut self.memories);
        for memory in &mut memories {
            memory.prepare(index_bound);
            memory.prepare_continuation(continuation_bound);
            memory.correction.prepare(correction_limit);
        }
        let evaluator = &self.evaluator;
        let params = self.params;
        let setup = self.setup;

        let (completed, seldepth, memories, helper_best) = std::thread::scope(|scope| {
            let mut memories = memories.into_iter();
            let main_memory = memories
                .next()
                .unwrap_or_else(|| OrderingMemory::new(MAX_PLY, index_bound));
            let helpers: Vec<_> = memories
                .enumerate()
                .map(|(offset, memory)| {
                    let mut helper_root = root.clone();
                    let mut worker = Worker::new(
                        offset + 1,
                        game.clone(),
                        evaluator.clone(),
                        (params, setup),
                        memory,
                    );
                    let shared = &shared;
                    let plan = &plan;
                    scope.spawn(move || {
                        let completed = worker.iterate(shared, &mut helper_root, plan, None);
                        (worker.memory, completed)
                    })
                })
                .collect();
            let mut main = Worker::new(
                0,
                game.clone(),
                evaluator.clone(),
                (params, setup),
                main_memory,
            );
            let completed = main.iterate(&shared, &mut root, &plan, Some(on_event));
            shared
                .abort
                .store(true, std::sync::atomic::Ordering::Relaxed);
            let mut memories = vec![main.memory];
            let mut helper_best: Option<Completed<G::Move>> = None;
            for helper in helpers {
                if let Ok((memory, finished)) = helper.join() {
                    memories.push(memory);
                    if let Some(finished) = finished
                        && helper_best
                            .as_ref()
                            .is_none_or(|best| finished.depth > best.depth)
                    {
                        helper_best = Some(finished);
                    }
                }
            }
            (completed, main.seldepth, memories, helper_best)
        });
        self.memories = memories;

        let nodes = shared.total_nodes() + advice_nodes;
        let time = start.elapsed();
        let completed = match (completed, helper_best) {
            (Some(main), Some(helper)) if multipv == 1 && deeper(&main, &helper) => {
                on_event(&SearchEvent::Iteration(Iteration {
                    depth: helper.depth,
                    seldepth: helper.seldepth,
                    multipv: 1,
                    score: helper.score,
                    bound: Bound::Exact,
                    nodes,
                    time,
                    nps: nodes_per_second(nodes, time),
                    pv: helper.pv.clone(),
                    tt_hits: 0,
                    hashfull: self.table.hashfull(),
                }));
                Some(helper)
            }
            (main, _) => main,
        };
        // A move the stopped iteration had not reached again keeps what the last finished
        // iteration found.
        let root_moves = root
            .iter()
            .map(|line| {
                let (score, bound, depth) = match line.settled {
                    Some(settled) if line.score == -Score::INFINITE => settled,
                    _ => (line.score, line.bound, line.depth),
                };
                RootMoveScore {
                    mv: line.mv,
                    score,
                    bound,
                    depth,
                }
            })
            .collect();
        match completed {
            Some(done) => SearchResult {
                best_move: done.pv.first().copied(),
                ponder_move: done.pv.get(1).copied(),
                score: done.score,
                depth: done.depth,
                seldepth: done.seldepth,
                nodes,
                time,
                pv: done.pv,
                root_moves,
                proven: done.proven,
            },
            None => {
                // Stopped before depth 1 finished: the first move in order is all we have.
                let first = &root[0];
                SearchResult {
                    best_move: Some(first.mv),
                    ponder_move: None,
                    score: if first.depth > 0 {
                        first.score
                    } else {
                        Score::DRAW
                    },
                    depth: 0,
                    seldepth: seldepth as u32,
                    nodes,
                    time,
                    pv: vec![first.mv],
                    root_moves,
                    proven: false,
                }
            }
        }
    }

    /// The root's candidate moves, restricted to the request's, ordered for the first
    /// iteration (table move first).
    fn root_moves(&self, game: &G, request: &SearchRequest<G::Move>) -> Vec<RootMove<G::Move>> {
        if game.outcome().is_some() {
            return Vec::new();
        }
        let mut list = ScoredMoves::with_capacity(64);
        self.evaluator.candidate_moves(game, &mut list.moves);
        if let Some(only) = &request.root_moves {
            list.moves.retain(|mv| only.contains(mv));
        }
        let tt_move = self.table.probe(game.hash()).and_then(|entry| entry.mv);
        let memory = OrderingMemory::new(1, 0);
        list.score(game, &self.evaluator, &memory, 0, tt_move, [None, None]);
        let mut ordered = Vec::with_capacity(list.len());
        let mut index = 0;
        while let Some(picked) = list.pick(index) {
            ordered.push(RootMove::new(picked.mv));
            index += 1;
        }
        ordered
    }
}

/// Whether a helper thread's last finished iteration should answer instead of the main
/// thread's: it finished a deeper iteration, so it saw every root move further (with one
/// thread the main thread is the only one and this never applies).
fn deeper<M>(main: &Completed<M>, helper: &Completed<M>) -> bool {
    helper.depth > main.depth && !helper.pv.is_empty()
}

/// The result when the evaluator's root solver proved a win along `line`.
fn solved_root<G: Game>(
    first: G::Move,
    line: Vec<G::Move>,
    nodes: u64,
    start: Instant,
    on_event: &mut dyn FnMut(&SearchEvent<G::Move>),
) -> SearchResult<G::Move> {
    let plies = line.len() as u32;
    let score = Score::win_in(plies);
    let time = start.elapsed();
    on_event(&SearchEvent::Iteration(Iteration {
        depth: plies,
        seldepth: plies,
        multipv: 1,
        score,
        bound: Bound::Exact,
        nodes,
        time,
        nps: nodes_per_second(nodes, time),
        pv: line.clone(),
        tt_hits: 0,
        hashfull: 0,
    }));
    SearchResult {
        best_move: Some(first),
        ponder_move: line.get(1).copied(),
        score,
        depth: plies,
        seldepth: plies,
        nodes,
        time,
        root_moves: vec![RootMoveScore {
            mv: first,
            score,
            bound: Bound::Exact,
            depth: plies,
        }],
        pv: line,
        proven: true,
    }
}

/// The result for a root with no move to search: the game is over there.
fn finished_root<G: Game>(game: &G, start: Instant) -> SearchResult<G::Move> {
    let outcome = game.outcome().unwrap_or_else(|| game.outcome_when_stuck());
    SearchResult {
        best_move: None,
        ponder_move: None,
        score: outcome_score(game.side_to_move(), outcome, 0),
        depth: 0,
        seldepth: 0,
        nodes: 1,
        time: start.elapsed(),
        pv: Vec::new(),
        root_moves: Vec::new(),
        proven: true,
    }
}
