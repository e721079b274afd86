//! The `Evaluator` trait: a game's judgement of positions and moves (static value, which
//! moves are worth searching, which are noisy), and the engine features it switches on.
//! One game may have several evaluators, e.g. the seed's "classic" one and a strong one.

use std::time::Duration;

use crate::engine::SearchParams;
use crate::game::Game;

/// What a game's own solver found at the root before the search (see
/// [`Evaluator::root_advice`]): caro's threat-space search proves wins the main search
/// would need many plies for, and finds the only moves that stop the opponent's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootAdvice<M> {
    /// A forced win for the side to move: the whole line, first move first, ending with
    /// the winning move. The engine plays its first move with a proven score.
    pub win: Option<Vec<M>>,
    /// Only these root moves are worth searching (the others lose by force); ignored when
    /// none of them is a root candidate.
    pub only: Option<Vec<M>>,
    /// Positions the solver visited (added to the search's count).
    pub nodes: u64,
}

impl<M> Default for RootAdvice<M> {
    fn default() -> Self {
        RootAdvice {
            win: None,
            only: None,
            nodes: 0,
        }
    }
}

/// What the root look ([`Evaluator::root_advice`]) may spend: a share of the search's time
/// and of its node limit, when it has them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AdviceBudget {
    /// At most this long.
    pub time: Option<Duration>,
    /// At most this many positions.
    pub nodes: Option<u64>,
}

/// Pruning and extension hooks of the engine that an evaluator switches on, with the margins
/// they need in the evaluator's own units. Everything is off by default, which keeps the
/// engine's value equal to plain minimax's at equal depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Search noisy moves ([`Evaluator::noisy_moves`]) past the horizon, with stand-pat.
    pub quiescence: bool,
    /// In quiescence, answer a check with every legal move instead of standing pat.
    pub quiescence_check_evasions: bool,
    /// Null-move pruning where [`Game::null_move_allowed`] says it is sound.
    pub null_move: bool,
    /// Late-move reductions of quiet moves.
    pub late_move_reductions: bool,
    /// Skip late quiet moves near the horizon.
    pub late_move_pruning: bool,
    /// Skip quiet moves near the horizon when the static value is far below alpha.
    pub futility_pruning: bool,
    /// Return the static value near the horizon when it is far above beta.
    pub reverse_futility_pruning: bool,
    /// Skip tactical moves with a bad exchange score near the horizon.
    pub bad_tactic_pruning: bool,
    /// Search one ply deeper after a move that gives check.
    pub check_extension: bool,
    /// Search the root with a narrow window around the last value.
    pub aspiration_windows: bool,
    /// Futility margin per ply of remaining depth.
    pub futility_margin: i32,
    /// Reverse-futility margin per ply of remaining depth.
    pub reverse_futility_margin: i32,
    /// Half-width of the first aspiration window.
    pub aspiration_window: i32,
}

impl Features {
    /// Every hook off: the engine is exact alpha-beta with a table and ordering.
    pub const EXACT: Features = Features {
        quiescence: false,
        quiescence_check_evasions: false,
        null_move: false,
        late_move_reductions: false,
        late_move_pruning: false,
        futility_pruning: false,
        reverse_futility_pruning: false,
        bad_tactic_pruning: false,
        check_extension: false,
        aspiration_windows: false,
        futility_margin: 0,
        reverse_futility_margin: 0,
        aspiration_window: 0,
    };
}

impl Default for Features {
    fn default() -> Self {
        Features::EXACT
    }
}

/// Further engine refinements an evaluator opts into, beyond [`Features`]. All off by
/// default, so evaluators written before they existed keep their exact behaviour (and node
/// counts). None of them changes the value of an exact search; they shape ordering and
/// selectivity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Refinements {
    /// Order quiet moves also by continuation history: how well a move answered the
    /// previous move and followed up our own move before it (indexed by
    /// [`Game::continuation_index`]).
    pub continuation_history: bool,
    /// In quiescence (when not evading check), skip tactical moves the evaluator scores
    /// negative (losing exchanges by SEE).
    pub quiescence_skip_bad_tactics: bool,
    /// Internal iterative reduction: search one ply shallower where the table has no move
    /// for a node at depth 4 or more.
    pub internal_iterative_reduction: bool,
    /// Reduce late quiet moves less when their history is good and more when it is bad.
    pub history_reductions: bool,
    /// Once a move has raised alpha at a principal-line node, search the moves after it a
    /// ply shallower (at depths in [`crate::SearchParams`]'s `alpha_reduction_depths`, and
    /// not after a decisive score): the node has its line, the rest only need to be refuted.
    pub alpha_reduction: bool,
    /// Late-move reductions spare a ply at a node the table marks as a former principal
    /// line ([`crate::engine`]'s table keeps the flag with each entry), not only at a
    /// principal-line node (Stockfish's and Rapfi's "ttPv").
    pub table_pv_reductions: bool,
    /// Skip quiet moves at low depth whose history is very bad (the margin is per ply of
    /// depth, in history units; 0 turns it off).
    pub history_pruning_margin: i32,
    /// Skip quiet moves at low depth whose static exchange ([`Evaluator::exchange`]) loses
    /// more than this margin per ply of depth, in the evaluator's units (0 turns it off).
    pub quiet_exchange_margin: i32,
    /// Spare a quiet move that gives check from history, futility and exchange pruning
    /// (late-move pruning still counts it). Whether it checks is tried only for a move
    /// about to be pruned.
    pub spare_checks: bool,
    /// Sharpen the static value with the table's score where the stored bound says the
    /// value lies beyond it (a lower bound above it, an upper bound below it, an exact
    /// score), for the pruning decisions of the node (reverse futility, null move,
    /// futility). "Improving" still compares the plain static values.
    pub table_eval: bool,
    /// Stretch or shrink a clocked search's soft time budget between iterations by what
    /// the search itself saw: how many iterations in a row kept the best move, how far the
    /// score fell, and what share of the root's nodes went to the best move
    /// ([`crate::engine`]'s `Steadiness`). A fixed move time is always spent whole.
    pub steady_time: bool,
    /// Singular extensions: where the table's move holds a lower bound from nearly the
    /// node's depth, a reduced search of the other moves against that bound less this
    /// margin per ply of depth (in the evaluator's units) decides whether the table's move
    /// alone holds the node; it is then searched a ply deeper. When the others reach past
    /// beta as well, the node is cut at once (multi-cut). 0 turns it off.
    pub singular_margin: i32,
    /// Correct static values by correction history: per side and
    /// [`Evaluator::correction_key`], a running average of searched values less static
    /// values, at most this much either way (in the evaluator's units; 0 turns it off).
    pub correction_limit: i32,
    /// Null-move pruning reduces a further ply for each this many units (in the
    /// evaluator's units) the static value stands above beta, up to
    /// [`crate::SearchParams`]'s `null_move_eval_plies` (0 turns it off).
    pub null_move_eval_divisor: i32,
    /// Quiescence futility: out of check, where the static value plus this margin stays
    /// at or below alpha, skip a tactical move whose static exchange
    /// ([`Evaluator::exchange`]) cannot lift it past alpha (in the evaluator's units; 0
    /// turns it off).
    pub quiescence_futility_margin: i32,
    /// Razoring: a node off the principal line, at most [`crate::SearchParams`]'s
    /// `razor_depth` plies from the horizon, whose static value stands this much per ply of
    /// depth below alpha asks quiescence instead; a value that stays at or below alpha is
    /// returned (in the evaluator's units; 0 turns it off).
    pub razor_margin: i32,
}

/// A game's judgement of positions and moves.
pub trait Evaluator<G: Game>: Clone + Send + Sync + 'static {
    /// The static value of `game` from the side to move's view, in the evaluator's units
    /// (centipawns for chess). Never called on a finished game.
    fn evaluate(&self, game: &G) -> i32;

    /// The moves worth searching, best first if the evaluator has an opinion. The default
    /// is every legal move in the game's natural order. It must not be empty while legal
    /// moves exist, and must never omit a forced reply.
    fn candidate_moves(&self, game: &G, moves: &mut Vec<G::Move>) {
        game.generate_moves(moves);
    }

    /// A key that determines [`Evaluator::evaluate`]'s value of `game` (its hash, and
    /// whatever else the value reads that the hash does not hold), so that each search
    /// thread may keep values in a small cache instead of evaluating a position again; or
    /// `None` (the default) for no cache.
    fn cache_key(&self, game: &G) -> Option<u64> {
        let _ = game;
        None
    }

    /// The key of the structure whose static values err alike, for correction history
    /// ([`Refinements::correction_limit`]): chess keys the pawns. `None` (the default)
    /// corrects nothing.
    fn correction_key(&self, game: &G) -> Option<u64> {
        let _ = game;
        None
    }

    /// The noisy moves searched past the horizon when [`Features::quiescence`] is on
    /// (captures and promotions; caro fours). Each must be legal.
    fn noisy_moves(&self, game: &G, moves: &mut Vec<G::Move>) {
        let _ = (game, moves);
    }

    /// The noisy moves quiescence searches `below_horizon` plies past the horizon: by
    /// default [`Evaluator::noisy_moves`] at every ply. A game whose noisy moves chain for
    /// long (caro's fours) may narrow them as the line grows.
    fn noisy_moves_below(&self, game: &G, below_horizon: u32, moves: &mut Vec<G::Move>) {
        let _ = below_horizon;
        self.noisy_moves(game, moves);
    }

    /// The most plies quiescence searches below the horizon (`None`: until no noisy move
    /// is left). Games whose noisy moves can chain for long (caro's fours, for both sides)
    /// cap it; at the cap the static value stands.
    fn quiescence_plies(&self) -> Option<u32> {
        None
    }

    /// An ordering score for a tactical move (a capture, a promotion, a threat), or `None`
    /// for a quiet one. Positive scores are tried before killers, negative ones after the
    /// quiet moves; quiet moves are ordered by the engine's killers and history, plus
    /// [`Evaluator::quiet_score`].
    fn tactical_score(&self, game: &G, mv: G::Move) -> Option<i32> {
        let _ = (game, mv);
        None
    }

    /// The evaluator's own ordering score for a quiet move, in history units, added to the
    /// move's history when quiet moves are ordered (and so to what late-move reductions and
    /// pruning see as its standing). Games whose static judgement of a quiet move is worth
    /// more than history alone (caro's cell values) return it here; the default is 0.
    fn quiet_score(&self, game: &G, mv: G::Move) -> i32 {
        let _ = (game, mv);
        0
    }

    /// What `mv` wins or loses by static exchange on its target square (chess's SEE), in
    /// the evaluator's units, or `None` when the evaluator does not judge exchanges. Read by
    /// [`Refinements::quiet_exchange_margin`] and [`Refinements::quiescence_futility_margin`].
    fn exchange(&self, game: &G, mv: G::Move) -> Option<i32> {
        let _ = (game, mv);
        None
    }

    /// Whether the side to move stands under a threat that static pruning must not look
    /// past (caro: the opponent can make an open four next move). Reverse futility,
    /// razoring and null move are skipped at such a node. The default is never.
    fn under_threat(&self, game: &G) -> bool {
        let _ = game;
        false
    }

    /// A game-specific look at the root before iterative deepening, within `budget` (with
    /// neither a time nor a node bound the look must bound itself some other deterministic
    /// way). Called only for single-line searches of every root move. The default finds
    /// nothing.
    fn root_advice(&self, game: &G, budget: AdviceBudget) -> RootAdvice<G::Move> {
        let _ = (game, budget);
        RootAdvice::default()
    }

    /// The engine hooks this evaluator switches on.
    fn features(&self) -> Features {
        Features::EXACT
    }

    /// The further refinements this evaluator switches on (none by default).
    fn refinements(&self) -> Refinements {
        Refinements::default()
    }

    /// The search constants tuned for this game (depth bounds, reduction table, history
    /// bonus). A new engine starts from these; `Engine::set_params` still overrides them
    /// for a tuner.
    fn search_params(&self) -> SearchParams {
        SearchParams::DEFAULT
    }
}
