//! Quiescence: below the horizon only noisy moves are searched (every move when in check,
//! if the evaluator asks for evasions), from the static value as a floor.

use super::{Shared, Worker, outcome_score, table_bound, table_cutoff};
use crate::engine::MAX_PLY;
use crate::engine::ordering::ScoredMoves;
use crate::evaluator::Evaluator;
use crate::game::Game;
use crate::score::Score;

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// Quiescence: stand pat on the static value, then try the noisy moves only (every
    /// move when in check, if the evaluator asks for evasions).
    pub fn quiescence<const PV: bool>(
        &mut self,
        shared: &Shared<'_>,
        ply: usize,
        below_horizon: u32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        self.pv[ply].clear();
        self.work.quiescence_nodes += 1;
        if self.enter_node(shared, ply) {
            return Score::DRAW;
        }
        let side = self.game.side_to_move();
        if let Some(outcome) = self.game.search_outcome(ply) {
            return outcome_score(side, outcome, ply);
        }
        if ply >= MAX_PLY - 1
            || self
                .quiescence_plies
                .is_some_and(|most| below_horizon >= most)
        {
            return Score::from_raw(self.static_value());
        }
        let hash = self.game.hash();
        let entry = shared.tt.probe(hash);
        if entry.is_some() {
            self.tt_hits += 1;
        }
        if !PV && let Some(score) = entry.and_then(|e| table_cutoff(&e, ply, alpha, beta)) {
            return score;
        }
        let tt_move = entry.and_then(|e| e.mv);

        let evading = self.features.quiescence_check_evasions && self.game.in_check();
        let mut list = std::mem::replace(&mut self.lists[ply], ScoredMoves::with_capacity(0));
        list.clear();
        let mut best;
        if evading {
            best = -Score::INFINITE;
            self.evaluator.candidate_moves(&self.game, &mut list.moves);
            if list.is_empty() {
                self.lists[ply] = list;
                return outcome_score(side, self.game.outcome_when_stuck(), ply);
            }
        } else {
            let raw = self.static_value();
            let stand_pat = Score::from_raw(self.corrected(raw, self.correction_key()));
            if stand_pat >= beta {
                self.lists[ply] = list;
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            self.evaluator
                .noisy_moves_below(&self.game, below_horizon, &mut list.moves);
        }
        list.score_tactical(&self.game, &self.evaluator, tt_move);

        let original_alpha = alpha;
        let margin = self.refinements.quiescence_futility_margin;
        let futility_base = (!evading && margin > 0).then(|| best.raw() + margin);
        let mut best_move = None;
        let mut index = 0;
        while let Some(picked) = list.pick(index) {
            index += 1;
            let mv = picked.mv;
            if picked.bad_tactic
                && !evading
                && self.refinements.quiescence_skip_bad_tactics
                && best.raw() > -Score::MAX_EVAL
            {
                continue;
            }
            if let Some(base) = futility_base
                && base <= alpha.raw()
                && !alpha.is_decisive()
                && let Some(gain) = self.evaluator.exchange(&self.game, mv)
                && base + gain.max(0) <= alpha.raw()
            {
                self.work.moves_pruned += 1;
                best = best.max(Score::from_raw(base + gain.max(0)));
                continue;
            }
            self.note_move(ply, Some(mv));
            if let Some(hash) = self.game.hash_after(mv) {
                shared.tt.prefetch(hash);
            }
            self.game.make_move(mv);
            let score = -self.quiescence::<PV>(shared, ply + 1, below_horizon + 1, -beta, -alpha);
            self.game.unmake_move(mv);
            if self.aborted {
                self.lists[ply] = list;
                return Score::DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        self.lists[ply] = list;
        let bound = table_bound(best, original_alpha, beta, best_move.is_some());
        shared.tt.store(
            hash,
            best_move.map(G::pack_move).or(tt_move),
            0,
            bound,
            best.to_table(ply),
            PV || entry.is_some_and(|e| e.pv),
        );
        best
    }
}
