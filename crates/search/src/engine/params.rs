//! Every constant of the engine in one place, so a tuner (SPSA) can move them: the
//! selectivity and ordering numbers each search reads from [`SearchParams`] (a game's
//! evaluator may tune them, `Evaluator::search_params`; a tuner sets them with
//! `Engine::set_params`), and the table-replacement and time-planning constants the
//! table and the clock read directly. The margins that depend on a game's units (futility,
//! reverse futility, aspiration) belong to its evaluator's [`crate::Features`].

/// The search's tunable constants. [`SearchParams::DEFAULT`] is what every engine uses
/// unless told otherwise; the bench signatures pin its behaviour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Reverse futility pruning applies at depths up to this.
    pub reverse_futility_depth: i32,
    /// Razoring ([`crate::Refinements::razor_margin`]) applies at depths up to this.
    pub razor_depth: i32,
    /// Null-move pruning applies from this depth on.
    pub null_move_depth: i32,
    /// Null-move reduction: `null_move_base + depth / null_move_divisor` plies.
    pub null_move_base: i32,
    /// See [`SearchParams::null_move_base`].
    pub null_move_divisor: i32,
    /// The most plies null-move pruning reduces further for a static value above beta
    /// (where the evaluator sets [`crate::Refinements::null_move_eval_divisor`]).
    pub null_move_eval_plies: i32,
    /// Late-move pruning applies at depths up to this.
    pub late_move_depth: i32,
    /// Late-move pruning keeps `(late_move_base + depth^late_move_power) / 2` quiet moves
    /// (all of that without the halving when the static value is improving).
    pub late_move_base: i32,
    /// See [`SearchParams::late_move_base`].
    pub late_move_power: f64,
    /// History pruning (where the evaluator switches it on) applies at depths up to this.
    pub history_pruning_depth: i32,
    /// Futility pruning applies at depths up to this.
    pub futility_depth: i32,
    /// Bad tactical moves are skipped at depths up to this.
    pub bad_tactic_depth: i32,
    /// Quiet moves losing material by static exchange are skipped at depths up to this
    /// (where the evaluator sets [`crate::Refinements::quiet_exchange_margin`]).
    pub quiet_exchange_depth: i32,
    /// Late-move reductions apply from this depth on.
    pub reduction_depth: i32,
    /// Late-move reduction table: `reduction_base + ln(depth)·ln(moves) / reduction_divisor`.
    pub reduction_base: f64,
    /// See [`SearchParams::reduction_base`].
    pub reduction_divisor: f64,
    /// History units per ply of reduction removed (or added when the history is bad).
    pub reduction_history_divisor: i32,
    /// Internal iterative reduction applies from this depth on.
    pub iir_depth: i32,
    /// The depths, both ends included, at which a node whose alpha a move raised searches
    /// its later moves a ply shallower (where [`crate::Refinements::alpha_reduction`] is on).
    pub alpha_reduction_depths: (i32, i32),
    /// Aspiration windows are used from this depth on.
    pub aspiration_depth: u32,
    /// Singular extensions (where the evaluator sets
    /// [`crate::Refinements::singular_margin`]) are tried from this depth on...
    pub singular_depth: i32,
    /// ...where the table's entry is at most this many plies shallower than the node.
    pub singular_table_depth: i32,
    /// History bonus for a cutoff: `min(history_depth_square·depth² +
    /// history_depth_linear·depth, history_bonus_max)`.
    pub history_depth_square: i32,
    /// See [`SearchParams::history_depth_square`].
    pub history_depth_linear: i32,
    /// See [`SearchParams::history_depth_square`].
    pub history_bonus_max: i32,
}

impl SearchParams {
    /// The engine's values.
    pub const DEFAULT: SearchParams = SearchParams {
        reverse_futility_depth: 7,
        razor_depth: 2,
        null_move_depth: 3,
        null_move_base: 3,
        null_move_divisor: 4,
        null_move_eval_plies: 3,
        late_move_depth: 8,
        late_move_base: 3,
        late_move_power: 2.0,
        history_pruning_depth: 3,
        futility_depth: 6,
        bad_tactic_depth: 4,
        quiet_exchange_depth: 8,
        reduction_depth: 3,
        reduction_base: 0.75,
        reduction_divisor: 2.25,
        reduction_history_divisor: 8_192,
        iir_depth: 4,
        alpha_reduction_depths: (3, 11),
        aspiration_depth: 4,
        singular_depth: 6,
        singular_table_depth: 3,
        history_depth_square: 16,
        history_depth_linear: 32,
        history_bonus_max: 2_000,
    };

    /// The late-move reduction of the `moves`-th move at `depth`, before adjustments.
    pub fn reduction(&self, depth: usize, moves: usize) -> i32 {
        if depth == 0 || moves == 0 {
            return 0;
        }
        let r = self.reduction_base
            + (depth as f64).ln() * (moves as f64).ln() / self.reduction_divisor;
        r as i32
    }

    /// Quiet moves late-move pruning lets through at `depth`, before the halving for a
    /// static value that is not improving.
    pub fn late_moves(&self, depth: usize) -> i32 {
        self.late_move_base + (depth as f64).powf(self.late_move_power) as i32
    }

    /// The history bonus for a cutoff at `depth`.
    pub fn history_bonus(&self, depth: i32) -> i32 {
        (depth * depth * self.history_depth_square + self.history_depth_linear * depth)
            .min(self.history_bonus_max)
    }
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams::DEFAULT
    }
}

/// Largest magnitude a history score reaches.
pub const HISTORY_MAX: i32 = 16_384;
/// Correction-history slots per side (a power of two; the structure key's low bits).
pub const CORRECTION_SLOTS: usize = 16_384;
/// Correction-history entries count in these fractions of the evaluator's unit.
pub const CORRECTION_GRAIN: i32 = 256;
/// The most a single correction-history update weighs, out of 256 (a search of depth `d`
/// weighs `d + 1`).
pub const CORRECTION_WEIGHT_MAX: i32 = 16;
/// Largest continuation index bound the engine keeps a table for (the table is bound²).
pub const CONTINUATION_BOUND_MAX: usize = 1024;

/// The transposition table keeps a deeper entry of the same position against a non-exact
/// store unless it is at most this many plies deeper.
pub const TT_KEEP_DEEPER: i32 = 2;
/// Replacement worth of an entry: its depth less this per search (generation) of age.
pub const TT_AGE_WEIGHT: i32 = 8;

/// Moves assumed left in a sudden-death game when planning time.
pub const HORIZON_MOVES: u32 = 30;
/// Moves whose overhead is kept in hand beyond the move being planned.
pub const CUSHION_MOVES: u32 = 8;
/// The soft budget (start no new iteration past it) as a fraction of a move's share.
pub const SOFT_SHARE: (u32, u32) = (3, 5);
/// The hard budget (stop mid-iteration) as a multiple of a move's share.
pub const HARD_SHARE: u32 = 3;
/// Never plan more than this fraction (1/n) of what is left on the clock.
pub const CLOCK_CEILING_DIVISOR: u32 = 3;
/// With `Refinements::steady_time`: the soft budget's scale (permille) by how many
/// iterations in a row ended with the same best move (0, 1, 2, 3, 4 or more).
pub const STEADY_SCALE: [u32; 5] = [2200, 1500, 1200, 1050, 950];
/// The best move's share of the root's nodes (permille) at which that share leaves the
/// budget as it is; each permille less stretches it by `EFFORT_SLOPE` permille, each
/// permille more shrinks it as much (within `EFFORT_RANGE`).
pub const EFFORT_NEUTRAL: u32 = 800;
/// See `EFFORT_NEUTRAL`, in permille of the scale per permille of the share, as (num, den).
pub const EFFORT_SLOPE: (u32, u32) = (5, 4);
/// The effort factor's bounds in permille.
pub const EFFORT_RANGE: (u32, u32) = (700, 1800);
/// A score fallen since the last iteration stretches the budget by this many permille per
/// unit of the evaluator's scale, counted up to `FALL_CAP` units.
pub const FALL_PER_UNIT: u32 = 4;
/// See `FALL_PER_UNIT`.
pub const FALL_CAP: i32 = 150;
/// The steadiness scale's bounds in permille, all factors taken together.
pub const STEADY_RANGE: (u32, u32) = (500, 2500);
/// The evaluator's look at the root gets 1/n of the time and of the nodes.
pub const ADVICE_SHARE_DIVISOR: u32 = 3;
/// How many nodes pass between looks at the clock and the stop flag (a power of two less
/// one, used as a mask).
pub const POLL_MASK: u64 = 255;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reduction_table_grows_with_depth_and_moves() {
        let params = SearchParams::DEFAULT;
        assert_eq!(params.reduction(0, 10), 0);
        assert_eq!(params.reduction(10, 0), 0);
        assert_eq!(params.reduction(1, 1), 0);
        assert!(params.reduction(20, 40) > params.reduction(4, 4));
        assert_eq!(params.history_bonus(100), params.history_bonus_max);
    }
}
