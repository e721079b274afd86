//! The searches a node makes of itself before its moves: razoring (far below alpha near the
//! horizon: does quiescence lift it?), the null move (pass, and if
//! the opponent still cannot reach beta, cut) and the singular test (is the table's move
//! the only good one here? then extend it; are others as good? then cut).

use super::{Shared, Worker};
use crate::engine::tt::TtEntry;
use crate::evaluator::Evaluator;
use crate::event::Bound;
use crate::game::Game;
use crate::score::Score;

/// What a singular test says of the table's move.
pub(super) enum Singular {
    /// No test, or the move has rivals: search it as any other.
    Not,
    /// The move (packed) is singular: extend it.
    Extend(u16),
    /// Other moves reach beta as well, or the search stopped: return this score.
    Cut(Score),
}

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// Razoring: near the horizon, a static value far below alpha asks quiescence whether
    /// anything lifts it; if nothing does, that value stands for the node.
    pub(super) fn razor(
        &mut self,
        shared: &Shared<'_>,
        depth: i32,
        ply: usize,
        alpha: Score,
        eval: i32,
    ) -> Option<Score> {
        let margin = self.refinements.razor_margin;
        if margin <= 0
            || depth > self.params.razor_depth
            || alpha.is_decisive()
            || !self.features.quiescence
            || eval + margin * depth >= alpha.raw()
        {
            return None;
        }
        let score =
            self.quiescence::<false>(shared, ply, 0, alpha, Score::from_raw(alpha.raw() + 1));
        (score <= alpha && !self.aborted).then_some(score)
    }

    /// Null-move pruning at a node whose static value `eval` is at or above `beta`: the
    /// score to cut with when passing still holds beta (or the search stopped), else `None`.
    pub(super) fn null_move_cutoff(
        &mut self,
        shared: &Shared<'_>,
        depth: i32,
        ply: usize,
        beta: Score,
        eval: i32,
    ) -> Option<Score> {
        if !self.features.null_move
            || depth < self.params.null_move_depth
            || eval < beta.raw()
            || self.null_played[ply]
            || beta.is_decisive()
            || !self.game.null_move_allowed()
        {
            return None;
        }
        let reduction = self.null_move_reduction(depth, eval, beta);
        self.work.null_tries += 1;
        self.note_move(ply, None);
        self.game.make_null_move();
        self.null_played[ply + 1] = true;
        let score = -self.negamax::<false>(
            shared,
            depth - 1 - reduction,
            ply + 1,
            -beta,
            -beta.saturating_add(-1),
        );
        self.null_played[ply + 1] = false;
        self.game.unmake_null_move();
        if self.aborted {
            return Some(Score::DRAW);
        }
        if score >= beta {
            self.work.null_cutoffs += 1;
            return Some(if score.is_decisive() { beta } else { score });
        }
        None
    }

    /// Plies a null move at `depth` is reduced by, with the static value `eval` at or
    /// above `beta`.
    fn null_move_reduction(&self, depth: i32, eval: i32, beta: Score) -> i32 {
        let reduction = self.params.null_move_base + depth / self.params.null_move_divisor;
        match self.refinements.null_move_eval_divisor {
            0 => reduction,
            divisor => {
                reduction + ((eval - beta.raw()) / divisor).min(self.params.null_move_eval_plies)
            }
        }
    }

    /// The singular test of the table's move in `entry` at a node of `depth`: every other
    /// move searched to half the depth against a bound a margin below the table's score.
    pub(super) fn singular_test<const PV: bool>(
        &mut self,
        shared: &Shared<'_>,
        depth: i32,
        ply: usize,
        beta: Score,
        entry: &TtEntry,
    ) -> Singular {
        let Some(packed) = entry.mv else {
            return Singular::Not;
        };
        if self.refinements.singular_margin <= 0
            || depth < self.params.singular_depth
            || (ply as i32) >= 2 * self.root_depth
            || entry.bound == Bound::Upper
            || entry.depth < depth - self.params.singular_table_depth
            || entry.score.is_decisive()
        {
            return Singular::Not;
        }
        let margin = self.refinements.singular_margin * depth;
        let singular_beta = Score::eval(entry.score.from_table(ply).raw() - margin);
        self.work.singular_tries += 1;
        self.excluded[ply] = Some(packed);
        let score = self.negamax::<false>(
            shared,
            (depth - 1) / 2,
            ply,
            singular_beta.saturating_add(-1),
            singular_beta,
        );
        self.excluded[ply] = None;
        if self.aborted {
            return Singular::Cut(Score::DRAW);
        }
        if score < singular_beta {
            self.work.singular_extensions += 1;
            Singular::Extend(packed)
        } else if !PV && singular_beta >= beta {
            self.work.multi_cuts += 1;
            Singular::Cut(singular_beta)
        } else {
            Singular::Not
        }
    }
}
