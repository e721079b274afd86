//! Time management: how long to think, from the limits. A soft budget decides whether to
//! start another iteration; a hard budget stops the search mid-iteration.

use std::time::{Duration, Instant};

use crate::limits::Limits;

/// The time budget of one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// Whether a clock (not a fixed move time) set the soft budget: only then may the
    /// search's steadiness scale it.
    clocked: bool,
}

use super::params::{
    CLOCK_CEILING_DIVISOR, CUSHION_MOVES, EFFORT_NEUTRAL, EFFORT_RANGE, EFFORT_SLOPE, FALL_CAP,
    FALL_PER_UNIT, HARD_SHARE, HORIZON_MOVES, SOFT_SHARE, STEADY_RANGE, STEADY_SCALE,
};
use crate::score::Score;

impl TimeBudget {
    /// The budget for `limits`, starting now.
    pub fn new(limits: &Limits, start: Instant) -> TimeBudget {
        let overhead = limits.move_overhead;
        if limits.infinite {
            return TimeBudget {
                start,
                soft: None,
                hard: None,
                clocked: false,
            };
        }
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        let mut clocked = false;
        if let Some(movetime) = limits.movetime {
            let budget = movetime
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            soft = Some(budget);
            hard = Some(budget);
        }
        if let Some(clock) = limits.clock {
            let moves = clock
                .moves_to_go
                .unwrap_or(HORIZON_MOVES)
                .clamp(1, HORIZON_MOVES);
            // The pool for the moves planned: the clock and the increments to come, less the
            // overhead (which carries the learnt lag) of this move and of `CUSHION_MOVES`
            // more. In bullet the clock then settles with that cushion in hand (about a
            // quarter of a second at 1 s + 10 ms) instead of at the increment, where one
            // scheduling hiccup on a loaded machine flags it.
            let cushion = overhead * (moves.min(CUSHION_MOVES) + 1);
            let pool = (clock.remaining + clock.increment * (moves - 1)).saturating_sub(cushion);
            let share = pool / moves;
            // Never plan to use more than a third of what is left after the overhead.
            let ceiling = clock.remaining.saturating_sub(overhead) / CLOCK_CEILING_DIVISOR;
            let clock_soft = (share * SOFT_SHARE.0 / SOFT_SHARE.1)
                .min(ceiling)
                .max(Duration::from_millis(1));
            let clock_hard = (share * HARD_SHARE)
                .min(ceiling)
                .max(Duration::from_millis(1));
            clocked = soft.is_none_or(|s| clock_soft < s);
            soft = Some(soft.map_or(clock_soft, |s| s.min(clock_soft)));
            hard = Some(hard.map_or(clock_hard, |h| h.min(clock_hard)));
        }
        TimeBudget {
            start,
            soft,
            hard,
            clocked,
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// When the search started.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// True when no new iteration should start. `permille` scales a clock's soft budget
    /// (see [`Steadiness`]); a fixed move time is spent whole whatever it says.
    pub fn soft_exceeded(&self, permille: u32) -> bool {
        let permille = if self.clocked { permille } else { 1000 };
        self.soft
            .is_some_and(|soft| self.elapsed() >= soft * permille / 1000)
    }

    /// True when the search must stop now.
    pub fn hard_exceeded(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }

    /// The soft budget (when to stop starting iterations), if time bounds the search.
    pub fn soft_budget(&self) -> Option<Duration> {
        self.soft
    }

    /// Whether time bounds this search at all.
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }
}

/// What the iterations so far say about how settled the choice at the root is, as a scale
/// for the soft budget: a best move that keeps changing, a falling score or a best move
/// that took a small share of the root's nodes stretch it; a choice settled on all three
/// counts shrinks it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Steadiness {
    /// Iterations in a row that ended with the same best move, this one not counted.
    unchanged: usize,
    /// The last iteration's score, in the evaluator's units (none after a decisive one).
    previous: Option<i32>,
}

impl Steadiness {
    /// Records an iteration that ended with `score`, and returns the soft budget's scale in
    /// permille. `changed` says whether its best move differs from the last iteration's,
    /// `best_share` is the best move's share of the root's nodes in permille.
    pub fn after_iteration(&mut self, changed: bool, score: Score, best_share: u32) -> u32 {
        self.unchanged = if changed { 0 } else { self.unchanged + 1 };
        let steady = STEADY_SCALE[self.unchanged.min(STEADY_SCALE.len() - 1)];
        let effort = (1000
            + (i64::from(EFFORT_NEUTRAL) - i64::from(best_share)) * i64::from(EFFORT_SLOPE.0)
                / i64::from(EFFORT_SLOPE.1))
        .clamp(i64::from(EFFORT_RANGE.0), i64::from(EFFORT_RANGE.1)) as u32;
        let current = (!score.is_decisive()).then_some(score.raw());
        let fall = match (self.previous, current) {
            (Some(before), Some(now)) => (before - now).clamp(0, FALL_CAP) as u32,
            _ => 0,
        };
        self.previous = current;
        let fall = 1000 + fall * FALL_PER_UNIT;
        let scale = u64::from(steady) * u64::from(effort) / 1000 * u64::from(fall) / 1000;
        (scale as u32).clamp(STEADY_RANGE.0, STEADY_RANGE.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Clock;

    #[test]
    fn movetime_is_both_budgets_less_overhead() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(500)),
            move_overhead: Duration::from_millis(20),
            ..Limits::default()
        };
        let budget = TimeBudget::new(&limits, Instant::now());
        assert_eq!(budget.soft, Some(Duration::from_millis(480)));
        assert_eq!(budget.hard, Some(Duration::from_millis(480)));
    }

    #[test]
    fn a_clock_never_plans_past_what_is_left() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(100),
                increment: Duration::from_millis(1_000),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let budget = TimeBudget::new(&limits, Instant::now());
        assert!(budget.hard.expect("hard") <= Duration::from_millis(80));
        assert!(budget.soft.expect("soft") <= budget.hard.expect("hard"));
    }

    #[test]
    fn a_low_clock_keeps_a_margin_above_the_increment() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(300),
                increment: Duration::from_millis(100),
                moves_to_go: None,
            }),
            move_overhead: Duration::from_millis(30),
            ..Limits::default()
        };
        let budget = TimeBudget::new(&limits, Instant::now());
        assert!(budget.hard.expect("hard") <= Duration::from_millis(90));
    }

    #[test]
    fn bullet_keeps_a_cushion_of_overheads_in_hand() {
        // 1 s + 10 ms with 30 ms overhead: at 150 ms left a move plans less than half the
        // increment, so the clock climbs back to the cushion.
        let at = |remaining: u64| {
            let limits = Limits {
                clock: Some(Clock {
                    remaining: Duration::from_millis(remaining),
                    increment: Duration::from_millis(10),
                    moves_to_go: None,
                }),
                move_overhead: Duration::from_millis(30),
                ..Limits::default()
            };
            TimeBudget::new(&limits, Instant::now())
        };
        assert!(at(1_000).soft.expect("soft") >= Duration::from_millis(20));
        let low = at(150);
        assert!(
            low.soft.expect("soft") < Duration::from_millis(5),
            "{low:?}"
        );
        assert!(
            low.hard.expect("hard") <= Duration::from_millis(20),
            "{low:?}"
        );
        // At 10 s + 0.1 s the cushion costs next to nothing: about a thirtieth of the clock.
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_secs(10),
                increment: Duration::from_millis(100),
                moves_to_go: None,
            }),
            move_overhead: Duration::from_millis(30),
            ..Limits::default()
        };
        let soft = TimeBudget::new(&limits, Instant::now()).soft.expect("soft");
        assert!(soft >= Duration::from_millis(230), "{soft:?}");
    }

    #[test]
    fn a_settled_choice_shrinks_the_budget_and_an_unsettled_one_stretches_it() {
        let mut settled = Steadiness::default();
        let mut scale = 0;
        for _ in 0..6 {
            scale = settled.after_iteration(false, Score::eval(40), 950);
        }
        let mut unsettled = Steadiness::default();
        unsettled.after_iteration(false, Score::eval(40), 500);
        let stretched = unsettled.after_iteration(true, Score::eval(-60), 400);
        assert!(scale < 1000, "{scale}");
        assert!(stretched > 2 * scale, "{stretched} against {scale}");
        assert!(stretched <= STEADY_RANGE.1);
        // A mate score neither falls nor rises.
        let mut mating = Steadiness::default();
        mating.after_iteration(false, Score::eval(300), 800);
        let after_mate = mating.after_iteration(false, Score::win_in(7), 800);
        assert_eq!(after_mate, STEADY_SCALE[2]);
    }

    #[test]
    fn a_fixed_move_time_is_spent_whole_whatever_the_scale() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(50)),
            ..Limits::default()
        };
        let budget = TimeBudget::new(&limits, Instant::now());
        assert!(!budget.soft_exceeded(1));
        let clocked = Limits {
            clock: Some(Clock {
                remaining: Duration::from_secs(60),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let budget = TimeBudget::new(&clocked, Instant::now());
        assert!(budget.soft_exceeded(0));
        assert!(!budget.soft_exceeded(1000));
    }

    #[test]
    fn infinite_has_no_budget() {
        let limits = Limits {
            infinite: true,
            movetime: Some(Duration::from_millis(5)),
            ..Limits::default()
        };
        assert!(!TimeBudget::new(&limits, Instant::now()).is_timed());
    }
}
