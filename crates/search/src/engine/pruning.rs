//! Forward pruning: whether a quiet move may be skipped unsearched.

use super::ordering::Picked;
use super::worker::Worker;
use crate::evaluator::Evaluator;
use crate::game::Game;
use crate::score::Score;

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// Whether history, futility or exchange pruning would skip the quiet move `picked` at
    /// `depth` under `alpha` (late-move pruning is counted apart, by the caller).
    pub(super) fn prunes_quiet(
        &self,
        depth: i32,
        alpha: Score,
        static_eval: Option<i32>,
        picked: &Picked<G::Move>,
    ) -> bool {
        let margin = self.refinements.history_pruning_margin;
        if margin > 0
            && depth <= self.params.history_pruning_depth
            && picked.history < -margin * depth
        {
            return true;
        }
        if self.features.futility_pruning
            && depth <= self.params.futility_depth
            && static_eval.is_some_and(|eval| {
                eval + self.features.futility_margin * (depth + 1) <= alpha.raw()
            })
        {
            return true;
        }
        let margin = self.refinements.quiet_exchange_margin;
        margin > 0
            && depth <= self.params.quiet_exchange_depth
            && self
                .evaluator
                .exchange(&self.game, picked.mv)
                .is_some_and(|gain| gain < -margin * depth)
    }

    /// Whether `mv` puts the opponent in check (tried by making and unmaking it).
    pub(super) fn gives_check(&mut self, mv: G::Move) -> bool {
        self.game.make_move(mv);
        let check = self.game.in_check();
        self.game.unmake_move(mv);
        check
    }
}
