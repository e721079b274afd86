//! Iterative deepening at the root: one iteration per depth, each line of a MultiPV search
//! inside an aspiration window, root moves re-sorted after every iteration, and the stop
//! rules (depth, time, proof, mate found) checked between iterations.

use std::sync::atomic::Ordering;

use super::MAX_PLY;
use super::time::Steadiness;
use super::worker::{Shared, Worker};
use crate::evaluator::{Evaluator, Features};
use crate::event::{
    Bound, Iteration, IterationWork, RootMoveScore, SearchEvent, WindowTry, nodes_per_second,
};
use crate::game::Game;
use crate::score::Score;

/// A root move with what the current and previous iterations found.
#[derive(Clone, Debug)]
pub(crate) struct RootMove<M> {
    pub mv: M,
    /// Score in the current iteration, −∞ until searched.
    pub score: Score,
    pub bound: Bound,
    /// Depth of the search that gave `score`.
    pub depth: u32,
    pub pv: Vec<M>,
    /// Score, bound and depth from the last iteration that finished: what a search stopped
    /// in the middle of an iteration reports for a move it had not reached again.
    pub settled: Option<(Score, Bound, u32)>,
    /// Nodes this thread spent below the move, over all iterations so far.
    pub nodes: u64,
}

impl<M: Copy> RootMove<M> {
    pub fn new(mv: M) -> Self {
        RootMove {
            mv,
            score: -Score::INFINITE,
            bound: Bound::Upper,
            depth: 0,
            pv: vec![mv],
            settled: None,
            nodes: 0,
        }
    }
}

/// The last fully searched iteration, or the stopped one whose best line was searched to its
/// depth and beat the old best.
#[derive(Clone, Debug)]
pub(crate) struct Completed<M> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub pv: Vec<M>,
    pub proven: bool,
}

/// What a thread's iterative deepening is asked to do.
pub(crate) struct Plan {
    pub max_depth: u32,
    pub multipv: usize,
}

/// Receives events; only the main thread has one.
pub(crate) type Reporter<'r, M> = Option<&'r mut dyn FnMut(&SearchEvent<M>)>;

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// Runs iterative deepening over `root` until a limit, a proof or a stop.
    pub fn iterate(
        &mut self,
        shared: &Shared<'_>,
        root: &mut [RootMove<G::Move>],
        plan: &Plan,
        mut reporter: Reporter<'_, G::Move>,
    ) -> Option<Completed<G::Move>> {
        let is_main = reporter.is_some();
        let mut completed: Option<Completed<G::Move>> = None;
        let exact = self.features == Features::EXACT;
        let remaining = self.game.remaining_plies_bound();
        let mut depth = 0;
        let mut steadiness = Steadiness::default();
        let mut time_scale = 1000;
        while depth < plan.max_depth {
            depth += 1;
            // Helpers desynchronise: odd-numbered ones search each iteration one ply deeper
            // than the main thread, even-numbered ones at its depth.
            let search_depth = if is_main || depth == 1 {
                depth
            } else {
                (depth + (self.id as u32 & 1)).min(plan.max_depth)
            };
            self.may_abort = completed.is_some();
            self.seldepth = 0;
            self.root_depth = search_depth as i32;
            let nodes_before = self.nodes;
            self.work = IterationWork {
                depth: search_depth,
                ..IterationWork::default()
            };
            let mut first_reported = false;
            for pv_index in 0..plan.multipv {
                self.search_line(shared, root, search_depth, pv_index, &mut reporter);
                // Keep the lines found so far in order, best first.
                root[..=pv_index].sort_by_key(|line| std::cmp::Reverse(line.score));
                if self.aborted {
                    break;
                }
                self.report_line(shared, &root[pv_index], pv_index, &mut reporter);
                first_reported = true;
            }
            if !self.aborted
                && let Some(report) = reporter.as_mut()
            {
                let work = IterationWork {
                    nodes: self.nodes - nodes_before,
                    ..self.work
                };
                report(&SearchEvent::Work(work));
            }
            if self.aborted {
                // A move that beat the old best at the new depth is better than the old best,
                // and its line was searched to the new depth: the result says that depth, and
                // the log has its row. (A line reset for a re-search that was then stopped
                // keeps its depth but has no score: it must not count.)
                if let Some(first) = root.first()
                    && first.depth == search_depth
                    && first.bound != Bound::Upper
                    && first.score > -Score::INFINITE
                {
                    if !first_reported {
                        self.report_line(shared, first, 0, &mut reporter);
                    }
                    let proven = completed.as_ref().is_some_and(|done| done.proven);
                    completed = Some(Completed {
                        depth: search_depth,
                        seldepth: self.seldepth as u32,
                        score: first.score,
                        pv: first.pv.clone(),
                        proven,
                    });
                }
                break;
            }
            for line in root.iter_mut().filter(|line| line.score > -Score::INFINITE) {
                line.settled = Some((line.score, line.bound, line.depth));
            }
            let best = &root[0];
            if is_main && self.refinements.steady_time {
                let changed = completed
                    .as_ref()
                    .is_none_or(|done| done.pv.first() != Some(&best.mv));
                let spent: u64 = root.iter().map(|line| line.nodes).sum();
                let share = (best.nodes * 1000).checked_div(spent).unwrap_or(1000);
                time_scale = steadiness.after_iteration(changed, best.score, share as u32);
            }
            // An exact search proves its value once it sees every line to its end, or once
            // it finds a win or loss inside its horizon (all shorter lines were seen).
            let whole_tree = exact && remaining.is_some_and(|plies| search_depth >= plies);
            let proven = whole_tree
                || exact
                    && best
                        .score
                        .mate_plies()
                        .is_some_and(|plies| plies.unsigned_abs() <= search_depth);
            completed = Some(Completed {
                depth: search_depth,
                seldepth: self.seldepth as u32,
                score: best.score,
                pv: best.pv.clone(),
                proven,
            });
            if !is_main {
                if shared.abort.load(Ordering::Relaxed) || shared.control.is_stopped() {
                    break;
                }
                continue;
            }
            if whole_tree
                || self.should_stop_after(shared, best.score, search_depth, exact, time_scale)
            {
                break;
            }
        }
        completed
    }

    /// Tells the reporter (the main thread's) line `pv_index` of the iteration at the root's
    /// depth.
    fn report_line(
        &self,
        shared: &Shared<'_>,
        line: &RootMove<G::Move>,
        pv_index: usize,
        reporter: &mut Reporter<'_, G::Move>,
    ) {
        let Some(report) = reporter.as_mut() else {
            return;
        };
        let nodes = shared.total_nodes();
        let time = shared.budget.elapsed();
        report(&SearchEvent::Iteration(Iteration {
            depth: self.root_depth as u32,
            seldepth: self.seldepth as u32,
            multipv: pv_index + 1,
            score: line.score,
            bound: line.bound,
            nodes,
            time,
            nps: nodes_per_second(nodes, time),
            pv: line.pv.clone(),
            tt_hits: self.tt_hits,
            hashfull: shared.tt.hashfull(),
        }));
    }

    /// Between iterations: is another one worth starting?
    fn should_stop_after(
        &self,
        shared: &Shared<'_>,
        score: Score,
        depth: u32,
        exact: bool,
        time_scale: u32,
    ) -> bool {
        if shared.control.is_stopped() {
            return true;
        }
        if let Some(plies) = score.mate_plies() {
            if let (Some(mate), Some(moves)) = (shared.limits.mate, score.mate_moves())
                && moves > 0
                && moves as u32 <= mate
            {
                return true;
            }
            let plies = plies.unsigned_abs();
            let enough = if exact { plies } else { plies * 2 + 6 };
            if !shared.limits.infinite && shared.limits.depth.is_none() && depth >= enough {
                return true;
            }
        }
        if depth as usize >= MAX_PLY - 2 {
            return true;
        }
        !shared.control.is_pondering() && shared.budget.soft_exceeded(time_scale)
    }

    /// Searches line `pv_index` at `depth` inside an aspiration window that widens until
    /// the score falls inside it.
    fn search_line(
        &mut self,
        shared: &Shared<'_>,
        root: &mut [RootMove<G::Move>],
        depth: u32,
        pv_index: usize,
        reporter: &mut Reporter<'_, G::Move>,
    ) {
        let previous = root[pv_index].score;
        let use_window = self.features.aspiration_windows
            && depth >= self.params.aspiration_depth
            && previous > -Score::INFINITE
            && !previous.is_decisive();
        let mut delta = self.features.aspiration_window.max(1);
        let (mut alpha, mut beta) = if use_window {
            (
                previous.saturating_add(-delta).max(-Score::INFINITE),
                previous.saturating_add(delta).min(Score::INFINITE),
            )
        } else {
            (-Score::INFINITE, Score::INFINITE)
        };
        loop {
            let score = self.search_root(shared, root, depth, pv_index, alpha, beta, reporter);
            root[pv_index..].sort_by_key(|line| std::cmp::Reverse(line.score));
            if self.aborted {
                return;
            }
            if let Some(report) = reporter.as_mut() {
                let bound = if score <= alpha && alpha > -Score::INFINITE {
                    Bound::Upper
                } else if score >= beta && beta < Score::INFINITE {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                report(&SearchEvent::Window(WindowTry {
                    depth,
                    multipv: pv_index + 1,
                    alpha,
                    beta,
                    score,
                    bound,
                    nodes: self.nodes,
                }));
            }
            if score <= alpha && alpha > -Score::INFINITE {
                beta = Score::from_raw((alpha.raw() / 2).saturating_add(beta.raw() / 2));
                alpha = score.saturating_add(-delta).max(-Score::INFINITE);
            } else if score >= beta && beta < Score::INFINITE {
                beta = score.saturating_add(delta).min(Score::INFINITE);
            } else {
                return;
            }
            if score.is_decisive() {
                alpha = -Score::INFINITE;
                beta = Score::INFINITE;
            }
            delta = delta.saturating_add(delta / 2 + 1);
        }
    }

    /// One pass over the root moves from `pv_index` on, within (alpha, beta).
    #[allow(clippy::too_many_arguments)]
    fn search_root(
        &mut self,
        shared: &Shared<'_>,
        root: &mut [RootMove<G::Move>],
        depth: u32,
        pv_index: usize,
        mut alpha: Score,
        beta: Score,
        reporter: &mut Reporter<'_, G::Move>,
    ) -> Score {
        self.pv[0].clear();
        self.enter_node(shared, 0);
        for line in root[pv_index..].iter_mut() {
            line.score = -Score::INFINITE;
        }
        let mut best = -Score::INFINITE;
        let depth = depth as i32;
        #[allow(clippy::needless_range_loop)]
        for index in pv_index..root.len() {
            let mv = root[index].mv;
            if let Some(report) = reporter.as_mut() {
                report(&SearchEvent::CurrentMove {
                    mv,
                    number: index + 1,
                    depth: depth as u32,
                });
            }
            let window_alpha = alpha;
            let nodes_before = self.nodes;
            self.note_move(0, Some(mv));
            self.game.make_move(mv);
            let gives_check = self.game.in_check();
            let new_depth = depth - 1 + i32::from(self.features.check_extension && gives_check);
            let score = if index == pv_index {
                -self.negamax::<true>(shared, new_depth, 1, -beta, -alpha)
            } else {
                self.work.scouts += 1;
                let mut score =
                    -self.negamax::<false>(shared, new_depth, 1, -alpha.saturating_add(1), -alpha);
                if score > alpha && score < beta {
                    self.work.scout_researches += 1;
                    score = -self.negamax::<true>(shared, new_depth, 1, -beta, -alpha);
                }
                score
            };
            self.game.unmake_move(mv);
            root[index].nodes += self.nodes - nodes_before;
            if self.aborted {
                break;
            }
            let bound = if score >= beta {
                Bound::Lower
            } else if score <= window_alpha {
                Bound::Upper
            } else {
                Bound::Exact
            };
            if index == pv_index || score > alpha {
                let line = &mut root[index];
                line.score = score;
                line.bound = bound;
                line.depth = depth as u32;
                line.pv.clear();
                line.pv.push(mv);
                if let Some(child) = self.pv.get(1) {
                    line.pv.extend_from_slice(child);
                }
                // Once one root move has its value, the first iteration may stop too: a
                // turn never waits on a first iteration that runs long.
                self.may_abort = true;
            }
            if let Some(report) = reporter.as_mut() {
                report(&SearchEvent::RootMove(RootMoveScore {
                    mv,
                    score,
                    bound,
                    depth: depth as u32,
                }));
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}
