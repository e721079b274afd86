//! Lag compensation: the time a GUI charges to our clock beyond what we measured ourselves
//! (pipes, a loaded machine's scheduling, the GUI's own delays), learnt from the clocks it
//! reports, so a fast game on a busy machine does not end on a fallen flag.

use std::time::{Duration, Instant};

/// The largest lag believed: more than this is a new game or a GUI quirk, not latency.
const MAX_LAG: Duration = Duration::from_secs(2);

/// One timed move of ours: what the clock said, the increment, and when we started.
#[derive(Clone, Copy, Debug)]
struct Pending {
    seat: usize,
    remaining: Duration,
    increment: Duration,
    started: Instant,
    spent: Option<Duration>,
}

/// Learns the lag from consecutive clock reports for the side we play.
#[derive(Debug, Default)]
pub struct LagMeter {
    pending: Option<Pending>,
    estimate: Duration,
}

impl LagMeter {
    /// The lag to allow for now: rises at once to what was seen, decays slowly.
    pub fn estimate(&self) -> Duration {
        self.estimate
    }

    /// Forgets everything (a new game).
    pub fn reset(&mut self) {
        *self = LagMeter::default();
    }

    /// A timed search for `seat` (the side to move's index) starts: `remaining` is what the
    /// GUI says that side has, `started` when the `go` arrived. Compares with what the last
    /// move of the same side should have left.
    pub fn start(
        &mut self,
        seat: usize,
        remaining: Duration,
        increment: Duration,
        started: Instant,
    ) {
        if let Some(Pending {
            seat: before_seat,
            remaining: before,
            increment: before_increment,
            spent: Some(spent),
            ..
        }) = self.pending
            && before_seat == seat
        {
            let expected = (before + before_increment).saturating_sub(spent);
            match expected.checked_sub(remaining) {
                Some(lag) if lag <= MAX_LAG => self.learn(lag),
                Some(_) => self.reset(),
                // More time than expected: the GUI added time or a game started anew;
                // nothing to learn, and what was learnt still stands.
                None => {}
            }
        }
        self.pending = Some(Pending {
            seat,
            remaining,
            increment,
            started,
            spent: None,
        });
    }

    /// The search that started last answered at `answered`.
    pub fn answered(&mut self, answered: Instant) {
        if let Some(pending) = self.pending.as_mut() {
            pending.spent = Some(answered.saturating_duration_since(pending.started));
        }
    }

    /// A search that is not a timed move of ours (analysis, pondering, movetime).
    pub fn untimed(&mut self) {
        self.pending = None;
    }

    fn learn(&mut self, lag: Duration) {
        self.estimate = if lag >= self.estimate {
            lag
        } else {
            (self.estimate * 7 + lag) / 8
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Plays `moves` moves where we spend `spent` and the GUI charges `lag` more.
    fn play(meter: &mut LagMeter, clock: &mut Duration, moves: usize, spent: u64, lag: u64) {
        let increment = ms(10);
        let origin = Instant::now();
        for _ in 0..moves {
            meter.start(0, *clock, increment, origin);
            meter.answered(origin + ms(spent));
            *clock = (*clock + increment).saturating_sub(ms(spent + lag));
        }
    }

    #[test]
    fn the_lag_is_what_the_clock_lost_beyond_our_own_time() {
        let mut meter = LagMeter::default();
        let mut clock = ms(1000);
        play(&mut meter, &mut clock, 5, 20, 15);
        // The last move's lag is not seen until the next report.
        meter.start(0, clock, ms(10), Instant::now());
        assert_eq!(meter.estimate(), ms(15));
    }

    #[test]
    fn a_spike_is_believed_at_once_and_forgotten_slowly() {
        let mut meter = LagMeter::default();
        let mut clock = ms(5000);
        play(&mut meter, &mut clock, 2, 10, 80);
        play(&mut meter, &mut clock, 1, 10, 0);
        meter.start(0, clock, ms(10), Instant::now());
        assert_eq!(meter.estimate(), ms(70), "80 then 0: 80 · 7/8");
    }

    #[test]
    fn more_time_than_expected_teaches_nothing_and_a_new_game_resets() {
        let mut meter = LagMeter::default();
        let start = Instant::now();
        meter.start(0, ms(1000), ms(0), start);
        meter.answered(start + ms(100));
        meter.start(0, ms(60_000), ms(0), start);
        assert_eq!(meter.estimate(), Duration::ZERO);
        meter.answered(start + ms(10));
        meter.start(0, ms(30_000), ms(0), start);
        assert_eq!(meter.estimate(), Duration::ZERO, "30 s lost is not lag");
        meter.untimed();
        meter.start(0, ms(100), ms(0), start);
        assert_eq!(meter.estimate(), Duration::ZERO);
        meter.answered(start + ms(10));
        meter.start(1, ms(10), ms(0), start);
        assert_eq!(
            meter.estimate(),
            Duration::ZERO,
            "the other side's clock is not ours"
        );
    }
}
