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
}

use super::params::{CLOCK_CEILING_DIVISOR, CUSHION_MOVES, HARD_SHARE, HORIZON_MOVES, SOFT_SHARE};

impl TimeBudget {
    /// The budget for `limits`, starting now.
    pub fn new(limits: &Limits, start: Instant) -> TimeBudget {
        let overhead = limits.move_overhead;
        if limits.infinite {
            return TimeBudget {
                start,
                soft: None,
                hard: None,
            };
        }
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
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
            soft = Some(soft.map_or(clock_soft, |s| s.min(clock_soft)));
            hard = Some(hard.map_or(clock_hard, |h| h.min(clock_hard)));
        }
        TimeBudget { start, soft, hard }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// When the search started.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// True when no new iteration should start. `fraction` (in permille) scales the soft
    /// budget: the next iteration usually takes longer than all before it.
    pub fn soft_exceeded(&self, permille: u32) -> bool {
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
    fn infinite_has_no_budget() {
        let limits = Limits {
            infinite: true,
            movetime: Some(Duration::from_millis(5)),
            ..Limits::default()
        };
        assert!(!TimeBudget::new(&limits, Instant::now()).is_timed());
    }
}
