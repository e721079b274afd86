//! One search thread's tree walk: principal-variation negamax with the table, ordering,
//! the pruning hooks its evaluator switches on, and quiescence. Allocates nothing per node.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

mod quiescence;
mod selectivity;

use self::selectivity::Singular;
use super::MAX_PLY;
use super::eval_cache::EvalCache;
use super::history::OrderingMemory;
use super::ordering::ScoredMoves;
use super::params::{POLL_MASK, SearchParams};
use super::setup::Setup;
use super::table_eval::sharpen;
use super::time::TimeBudget;
use super::tt::{TranspositionTable, TtEntry};
use crate::evaluator::{Evaluator, Features, Refinements};
use crate::event::{Bound, IterationWork};
use crate::game::{Game, Outcome, Side};
use crate::limits::{Limits, SearchControl};
use crate::score::Score;
use crate::skill::Noise;

/// What all threads of one search share.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    pub limits: &'a Limits,
    pub budget: TimeBudget,
    /// Set by the main thread when it is done, or by any thread that hits a hard limit.
    pub abort: AtomicBool,
    /// Nodes per thread, published as they are counted, each counter on a cache line of
    /// its own (threads writing neighbouring counters at every node would pass one line
    /// back and forth between their cores).
    pub nodes: Vec<NodeCounter>,
    pub threads: usize,
}

impl Shared<'_> {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.0.load(Ordering::Relaxed)).sum()
    }
}

/// One thread's published node count, alone on its cache line (128 bytes: adjacent-line
/// prefetchers fetch pairs of 64-byte lines).
#[derive(Default)]
#[repr(align(128))]
pub(crate) struct NodeCounter(pub AtomicU64);

/// The value of a finished game for the side to move, `ply` plies below the root.
#[inline]
pub(crate) fn outcome_score(side_to_move: Side, outcome: Outcome, ply: usize) -> Score {
    match outcome {
        Outcome::Draw => Score::DRAW,
        Outcome::Win(winner) if winner == side_to_move => Score::win_in(ply as u32),
        Outcome::Win(_) => Score::loss_in(ply as u32),
    }
}

/// How a node's `best` score, searched in (`original_alpha`, `beta`), bounds its value for
/// the table; `raised` says whether some move raised alpha.
#[inline]
fn table_bound(best: Score, original_alpha: Score, beta: Score, raised: bool) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > original_alpha && raised {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The table's score for a node at `ply` searched in (`alpha`, `beta`), when its bound
/// settles the node.
#[inline]
fn table_cutoff(entry: &TtEntry, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
    let score = entry.score.from_table(ply);
    let settles = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    settles.then_some(score)
}

/// A search thread's state.
pub(crate) struct Worker<G: Game, E: Evaluator<G>> {
    pub id: usize,
    pub game: G,
    pub evaluator: E,
    pub features: Features,
    /// The evaluator's cap on quiescence plies below the horizon.
    quiescence_plies: Option<u32>,
    pub refinements: Refinements,
    /// Added to every static value (a weaker level's).
    noise: Noise,
    /// The engine's tunable constants.
    pub params: SearchParams,
    pub memory: OrderingMemory<G::Move>,
    pub lists: Vec<ScoredMoves<G::Move>>,
    /// Triangular principal-variation table.
    pub pv: Vec<Vec<G::Move>>,
    static_evals: Vec<Option<i32>>,
    /// Static values already computed, when the evaluator names a key for them.
    evals: EvalCache,
    null_played: Vec<bool>,
    /// The table's move (packed) a singular-extension test leaves out at each ply.
    excluded: Vec<Option<u16>>,
    /// The depth of the iteration under way, which bounds how far extensions may reach.
    pub root_depth: i32,
    /// Continuation index of the move made at each ply (`None` for a null move).
    played: Vec<Option<usize>>,
    reductions: Vec<[i32; 64]>,
    /// Quiet moves late-move pruning lets through, by depth (see [`SearchParams::late_moves`]).
    late_moves: [i32; 64],
    pub nodes: u64,
    pub seldepth: usize,
    pub tt_hits: u64,
    /// What this iteration's refinements did (counted only, never consulted).
    pub work: IterationWork,
    pub aborted: bool,
    /// While false, only an explicit stop aborts: in the first iteration, until one root
    /// move has its value.
    pub may_abort: bool,
}

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    pub fn new(
        id: usize,
        game: G,
        evaluator: E,
        (params, setup): (SearchParams, Setup),
        memory: OrderingMemory<G::Move>,
    ) -> Self {
        let Setup {
            features,
            refinements,
            noise,
            ..
        } = setup;
        let quiescence_plies = evaluator.quiescence_plies();
        let cached = evaluator.cache_key(&game).is_some();
        let reductions = (0..64)
            .map(|depth| {
                let mut row = [0; 64];
                for (moves, slot) in row.iter_mut().enumerate() {
                    *slot = params.reduction(depth, moves);
                }
                row
            })
            .collect();
        let late_moves = std::array::from_fn(|depth| params.late_moves(depth));
        Worker {
            id,
            game,
            evaluator,
            features,
            quiescence_plies,
            refinements,
            noise,
            params,
            memory,
            lists: (0..MAX_PLY)
                .map(|_| ScoredMoves::with_capacity(64))
                .collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            static_evals: vec![None; MAX_PLY + 1],
            evals: EvalCache::new(cached),
            null_played: vec![false; MAX_PLY + 1],
            excluded: vec![None; MAX_PLY + 1],
            root_depth: 0,
            played: vec![None; MAX_PLY + 1],
            reductions,
            late_moves,
            nodes: 0,
            seldepth: 0,
            tt_hits: 0,
            work: IterationWork::default(),
            aborted: false,
            may_abort: false,
        }
    }

    /// Counts a node at `ply` and says whether the search must stop.
    #[inline]
    pub fn enter_node(&mut self, shared: &Shared<'_>, ply: usize) -> bool {
        // A node entered after the stop is not searched, so it is not counted either: a
        // node limit is never overshot.
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if let Some(counter) = shared.nodes.get(self.id) {
            counter.0.store(self.nodes, Ordering::Relaxed);
        }
        if let Some(limit) = shared.limits.nodes {
            let total = if shared.threads == 1 {
                self.nodes
            } else if self.nodes & POLL_MASK == 0 {
                shared.total_nodes()
            } else {
                0
            };
            if total >= limit && self.may_abort {
                shared.abort.store(true, Ordering::Relaxed);
                self.aborted = true;
                return true;
            }
        }
        if self.nodes & POLL_MASK == 0 {
            if shared.control.is_stopped() {
                self.aborted = true;
            } else if self.may_abort
                && (shared.abort.load(Ordering::Relaxed)
                    || (!shared.control.is_pondering() && shared.budget.hard_exceeded()))
            {
                shared.abort.store(true, Ordering::Relaxed);
                self.aborted = true;
            }
        }
        self.aborted
    }

    #[inline]
    fn static_value(&mut self) -> i32 {
        let (evaluator, game) = (&self.evaluator, &self.game);
        let mut value = self
            .evals
            .value(evaluator.cache_key(game), || evaluator.evaluate(game));
        if self.noise != Noise::NONE {
            value = self.noise.apply(value, game.hash());
        }
        Score::eval(value).raw()
    }

    /// The structure key for correction history, when the evaluator corrects its values.
    #[inline]
    fn correction_key(&self) -> Option<u64> {
        if self.refinements.correction_limit > 0 {
            self.evaluator.correction_key(&self.game)
        } else {
            None
        }
    }

    /// `raw`, a static value, with the correction history of `key` added.
    #[inline]
    fn corrected(&self, raw: i32, key: Option<u64>) -> i32 {
        match key {
            Some(key) => {
                let side = self.game.side_to_move();
                Score::eval(raw + self.memory.correction.of(side, key)).raw()
            }
            None => raw,
        }
    }

    /// Continuation indices of the two moves before the node at `ply` (latest first).
    #[inline]
    fn previous_moves(&self, ply: usize) -> [Option<usize>; 2] {
        if !self.refinements.continuation_history {
            return [None, None];
        }
        let at = |back: usize| {
            ply.checked_sub(back)
                .and_then(|p| self.played.get(p).copied().flatten())
        };
        [at(1), at(2)]
    }

    /// Records the move about to be made at `ply` for continuation history.
    #[inline]
    pub fn note_move(&mut self, ply: usize, mv: Option<G::Move>) {
        if self.refinements.continuation_history
            && let Some(slot) = self.played.get_mut(ply)
        {
            *slot = mv.map(|mv| self.game.continuation_index(mv));
        }
    }

    /// Line at `ply` becomes `mv` followed by the line at `ply + 1`.
    pub fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (upper, lower) = self.pv.split_at_mut(ply + 1);
        let line = &mut upper[ply];
        line.clear();
        line.push(mv);
        if let Some(child) = lower.first() {
            line.extend_from_slice(child);
        }
    }

    /// Principal-variation negamax. `PV` is true on the principal line (full window).
    pub fn negamax<const PV: bool>(
        &mut self,
        shared: &Shared<'_>,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        self.pv[ply].clear();
        if self.enter_node(shared, ply) {
            return Score::DRAW;
        }
        let side = self.game.side_to_move();
        if let Some(outcome) = self.game.search_outcome(ply) {
            return outcome_score(side, outcome, ply);
        }
        // Mate-distance pruning: nothing here beats a win next move or loses faster than now.
        alpha = alpha.max(Score::loss_in(ply as u32));
        beta = beta.min(Score::win_in(ply as u32 + 1));
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 1 {
            return Score::from_raw(self.static_value());
        }
        let in_check = self.game.in_check();
        if depth <= 0 {
            if self.features.quiescence {
                return self.quiescence::<PV>(shared, ply, 0, alpha, beta);
            }
            return Score::from_raw(self.static_value());
        }

        let hash = self.game.hash();
        let entry = shared.tt.probe(hash);
        if entry.is_some() {
            self.tt_hits += 1;
        }
        let tt_move = entry.and_then(|e| e.mv);
        // On the principal line now or, by the table's word, before.
        let table_pv = PV || entry.is_some_and(|e| e.pv);
        // Where late-move reductions spare a ply.
        let spared = i32::from(if self.refinements.table_pv_reductions {
            table_pv
        } else {
            PV
        });
        // A singular-extension test of this node: the table's word is what it tests.
        let excluded = self.excluded[ply];
        if !PV
            && excluded.is_none()
            && let Some(entry) = entry
            && entry.depth >= depth
            && let Some(score) = table_cutoff(&entry, ply, alpha, beta)
        {
            self.work.table_cutoffs += 1;
            return score;
        }

        if self.refinements.internal_iterative_reduction
            && depth >= self.params.iir_depth
            && tt_move.is_none()
        {
            depth -= 1;
        }

        let raw_eval = if in_check {
            None
        } else {
            Some(self.static_value())
        };
        let correction_key = raw_eval.and(self.correction_key());
        let static_eval = raw_eval.map(|raw| self.corrected(raw, correction_key));
        let corrected_eval = static_eval;
        self.static_evals[ply] = static_eval;
        let improving = match (
            static_eval,
            ply.checked_sub(2).and_then(|p| self.static_evals[p]),
        ) {
            (Some(now), Some(before)) => now > before,
            _ => false,
        };

        let static_eval = match (static_eval, entry) {
            (Some(eval), Some(entry)) if self.refinements.table_eval => {
                Some(sharpen(eval, &entry, ply))
            }
            _ => static_eval,
        };
        if !PV
            && excluded.is_none()
            && let Some(eval) = static_eval
            && !self.evaluator.under_threat(&self.game)
        {
            if self.features.reverse_futility_pruning
                && depth <= self.params.reverse_futility_depth
                && !beta.is_decisive()
                && eval - self.features.reverse_futility_margin * (depth - i32::from(improving))
                    >= beta.raw()
            {
                self.work.static_cutoffs += 1;
                return Score::from_raw(eval);
            }
            if let Some(score) = self.razor(shared, depth, ply, alpha, eval) {
                return score;
            }
            if let Some(score) = self.null_move_cutoff(shared, depth, ply, beta, eval) {
                return score;
            }
        }

        let mut singular = None;
        if excluded.is_none()
            && let Some(entry) = entry
        {
            match self.singular_test::<PV>(shared, depth, ply, beta, &entry) {
                Singular::Cut(score) => return score,
                Singular::Extend(packed) => singular = Some(packed),
                Singular::Not => {}
            }
        }

        let mut list = std::mem::replace(&mut self.lists[ply], ScoredMoves::with_capacity(0));
        list.clear();
        self.evaluator.candidate_moves(&self.game, &mut list.moves);
        if list.is_empty() {
            self.lists[ply] = list;
            return outcome_score(side, self.game.outcome_when_stuck(), ply);
        }
        let previous = self.previous_moves(ply);
        list.score(
            &self.game,
            &self.evaluator,
            &self.memory,
            ply,
            tt_move,
            previous,
        );

        let original_alpha = alpha;
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        let mut best_is_quiet = true;
        let mut searched = 0usize;
        let mut quiets_seen = 0i32;
        let mut index = 0;
        while let Some(picked) = list.pick(index) {
            index += 1;
            let mv = picked.mv;
            if excluded.is_some_and(|packed| packed == G::pack_move(mv)) {
                continue;
            }
            if best.raw() > -Score::MAX_EVAL && !in_check {
                if picked.quiet {
                    let late = self.late_moves[depth.clamp(0, 63) as usize]
                        / if improving { 1 } else { 2 };
                    if self.features.late_move_pruning
                        && depth <= self.params.late_move_depth
                        && quiets_seen >= late
                    {
                        self.work.moves_pruned += 1;
                        continue;
                    }
                    if self.prunes_quiet(depth, alpha, static_eval, &picked) {
                        if self.refinements.spare_checks && self.gives_check(mv) {
                            self.work.checks_spared += 1;
                        } else {
                            self.work.moves_pruned += 1;
                            continue;
                        }
                    }
                } else if picked.bad_tactic
                    && self.features.bad_tactic_pruning
                    && depth <= self.params.bad_tactic_depth
                {
                    self.work.moves_pruned += 1;
                    continue;
                }
            }

            self.note_move(ply, Some(mv));
            if let Some(hash) = self.game.hash_after(mv) {
                shared.tt.prefetch(hash);
            }
            self.game.make_move(mv);
            searched += 1;
            if picked.quiet {
                quiets_seen += 1;
            }
            let gives_check = self.game.in_check();
            let extension = i32::from(
                (self.features.check_extension && gives_check)
                    || singular.is_some_and(|packed| packed == G::pack_move(mv)),
            );
            let new_depth = depth - 1 + extension;
            let score = if searched == 1 {
                -self.negamax::<PV>(shared, new_depth, ply + 1, -beta, -alpha)
            } else {
                let mut reduction = 0;
                if self.features.late_move_reductions
                    && depth >= self.params.reduction_depth
                    && searched > 1 + usize::from(PV)
                    && picked.quiet
                    && !in_check
                    && !gives_check
                {
                    reduction = self.reductions[depth.min(63) as usize][searched.min(63)];
                    reduction -= spared;
                    reduction += i32::from(!improving);
                    if self.refinements.history_reductions {
                        reduction -= picked.history / self.params.reduction_history_divisor;
                    }
                    reduction = reduction.clamp(0, (new_depth - 1).max(0));
                }
                self.work.scouts += 1;
                if reduction > 0 {
                    self.work.reductions += 1;
                }
                let null_beta = -alpha;
                let null_alpha = -alpha.saturating_add(1);
                let mut score = -self.negamax::<false>(
                    shared,
                    new_depth - reduction,
                    ply + 1,
                    null_alpha,
                    null_beta,
                );
                if score > alpha && reduction > 0 {
                    self.work.reduction_researches += 1;
                    score =
                        -self.negamax::<false>(shared, new_depth, ply + 1, null_alpha, null_beta);
                }
                if PV && score > alpha && score < beta {
                    self.work.scout_researches += 1;
                    score = -self.negamax::<true>(shared, new_depth, ply + 1, -beta, -alpha);
                }
                score
            };
            self.game.unmake_move(mv);
            if self.aborted {
                self.lists[ply] = list;
                return Score::DRAW;
            }

            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    best_is_quiet = picked.quiet;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        self.work.beta_cutoffs += 1;
                        if searched == 1 {
                            self.work.first_move_cutoffs += 1;
                        }
                        if picked.quiet {
                            self.reward_quiet(&list, index - 1, depth, ply, previous);
                        }
                        break;
                    }
                    alpha = score;
                    let (low, high) = self.params.alpha_reduction_depths;
                    if self.refinements.alpha_reduction
                        && (low..=high).contains(&depth)
                        && !score.is_decisive()
                    {
                        depth -= 1;
                    }
                }
            }
        }
        self.lists[ply] = list;
        if excluded.is_some() {
            // A test, not a search of the node: nothing to store, and with no other move
            // at all the table's move is singular.
            return if searched == 0 { alpha } else { best };
        }

        let bound = table_bound(best, original_alpha, beta, best_move.is_some());
        if let (Some(key), Some(raw), Some(eval)) = (correction_key, raw_eval, corrected_eval)
            && best_is_quiet
            && !best.is_decisive()
            && !(bound == Bound::Lower && best.raw() <= eval)
            && !(bound == Bound::Upper && best.raw() >= eval)
        {
            self.memory
                .correction
                .learn(side, key, depth, best.raw(), raw);
        }
        let stored_move = best_move.map(G::pack_move).or(tt_move);
        shared.tt.store(
            hash,
            stored_move,
            depth,
            bound,
            best.to_table(ply),
            table_pv,
        );
        best
    }

    /// A quiet move at `cut_index` refuted the position: it becomes a killer and gains
    /// history; the quiet moves tried before it lose some.
    fn reward_quiet(
        &mut self,
        list: &ScoredMoves<G::Move>,
        cut_index: usize,
        depth: i32,
        ply: usize,
        previous: [Option<usize>; 2],
    ) {
        let side = self.game.side_to_move();
        let bonus = self.params.history_bonus(depth);
        let cut_move = list.moves[cut_index];
        self.memory.add_killer(ply, cut_move);
        self.memory
            .update_history(side, self.game.move_index(cut_move), bonus);
        let continuation = previous.iter().any(Option::is_some);
        if continuation {
            let index = self.game.continuation_index(cut_move);
            for earlier in previous {
                self.memory.update_continuation(earlier, index, bonus);
            }
        }
        for position in 0..cut_index {
            if list.is_quiet(position) {
                let mv = list.moves[position];
                let index = self.game.move_index(mv);
                self.memory.update_history(side, index, -bonus);
                if continuation {
                    let index = self.game.continuation_index(mv);
                    for earlier in previous {
                        self.memory.update_continuation(earlier, index, -bonus);
                    }
                }
            }
        }
    }
}
