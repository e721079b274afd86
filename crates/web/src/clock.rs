//! A timed game's clocks, kept as timestamps so they survive a reload, a restart and a
//! kill -9: each side's time left when the current turn began, and when it began (epoch
//! milliseconds). The side to move's time runs from that instant; a move charges it the
//! time taken and adds the increment. The arithmetic is pure (every call is told `now`);
//! the flag's timer and the result a fallen flag gives live in [`crate::flag`].
//!
//! Decisions: the clock starts when the game is created (the person who starts a game is at
//! the board: there is no waiting for the first move); undo and redo are refused in a timed
//! game (a takeback would either give back the time spent or charge it to the wrong side).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ply_games::Record;
use ply_games::session::serialize_side;
use ply_search::{Clock, Side};
use serde::{Deserialize, Serialize};

/// Shortest starting time a game may have (a test's few seconds).
pub const MIN_INITIAL_MS: u64 = 1_000;
/// Longest: three hours.
pub const MAX_INITIAL_MS: u64 = 3 * 60 * 60 * 1_000;
/// Largest increment: three minutes.
pub const MAX_INCREMENT_MS: u64 = 3 * 60 * 1_000;
/// Time the computer keeps back for what follows its search (stopping it, taking the
/// game's lock, committing the move) so that its move is on the board before its flag falls.
pub const ENGINE_MARGIN: Duration = Duration::from_millis(200);

/// The lag the engine's own time manager is told to expect per move (it keeps a cushion of
/// several); the hard stop at [`GameClock::think_deadline`] keeps [`ENGINE_MARGIN`] in hand.
pub const ENGINE_OVERHEAD: Duration = Duration::from_millis(50);

/// Why a game ended on time when the flagged side lost.
pub const OUT_OF_TIME: &str = "out of time";
/// Why it ended on time in a draw: the side whose flag stood could not have won.
pub const OUT_OF_TIME_CANNOT_WIN: &str = "out of time, opponent cannot win";

/// Who wins when `loser`'s flag falls in `record`'s position, and why: the other side,
/// unless it could not win by any sequence of legal moves ([`Record::can_win`]), and then
/// nobody (a draw).
pub fn flag_verdict(record: &dyn Record, loser: Side) -> (Option<Side>, &'static str) {
    let winner = loser.opponent();
    if record.can_win(winner) {
        (Some(winner), OUT_OF_TIME)
    } else {
        (None, OUT_OF_TIME_CANNOT_WIN)
    }
}

/// Milliseconds since the epoch, now.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_millis() as i64)
}

/// A time control: each side's starting time and the time added after each of its moves
/// (3+2 is 180 000 ms + 2 000 ms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub initial_ms: u64,
    /// Added to a side's time after each of its moves.
    pub increment_ms: u64,
}

/// Why a time control was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// The starting time is out of range.
    #[error(
        "initial_ms {0} is out of range: a clock starts with {MIN_INITIAL_MS} ms to {MAX_INITIAL_MS} ms"
    )]
    Initial(u64),
    /// The increment is out of range.
    #[error("increment_ms {0} is out of range: 0 to {MAX_INCREMENT_MS} ms")]
    Increment(u64),
}

impl TimeControl {
    /// A checked time control.
    pub fn new(initial_ms: u64, increment_ms: u64) -> Result<TimeControl, TimeControlError> {
        if !(MIN_INITIAL_MS..=MAX_INITIAL_MS).contains(&initial_ms) {
            return Err(TimeControlError::Initial(initial_ms));
        }
        if increment_ms > MAX_INCREMENT_MS {
            return Err(TimeControlError::Increment(increment_ms));
        }
        Ok(TimeControl {
            initial_ms,
            increment_ms,
        })
    }
}

/// The clocks of a timed game as stored (a JSON column of their own).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    /// The time control.
    pub control: TimeControl,
    /// Each side's time left when the current turn began, first player first.
    pub remaining_ms: [u64; 2],
    /// When the current turn began (epoch ms); `None` once the clocks are stopped (the game
    /// is over).
    pub turn_started_ms: Option<i64>,
}

/// What the page sees of the clocks: the time left now, whose clock runs, and the server's
/// time, so a page ticks locally from the moment it got them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// Each side's starting time.
    pub initial_ms: u64,
    /// The increment.
    pub increment_ms: u64,
    /// Time left now, first player first.
    pub remaining_ms: [u64; 2],
    /// The side whose clock runs, or none when stopped.
    #[serde(serialize_with = "serialize_running")]
    pub running: Option<Side>,
    /// The server's time when this was taken (epoch ms).
    pub server_time_ms: i64,
}

fn serialize_running<S: serde::Serializer>(
    running: &Option<Side>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match running {
        Some(side) => serialize_side(side, serializer),
        None => serializer.serialize_none(),
    }
}

fn index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

fn elapsed_since(start: i64, now: i64) -> u64 {
    u64::try_from(now.saturating_sub(start)).unwrap_or(0)
}

impl GameClock {
    /// Both sides' clocks at the starting time, the side to move's running from `now`.
    pub fn start(control: TimeControl, now: i64) -> GameClock {
        GameClock {
            control,
            remaining_ms: [control.initial_ms; 2],
            turn_started_ms: Some(now),
        }
    }

    /// True while the side to move's clock runs.
    pub fn is_running(&self) -> bool {
        self.turn_started_ms.is_some()
    }

    /// `side`'s time left at `now`, with `to_move` the side whose clock runs.
    pub fn remaining(&self, side: Side, to_move: Side, now: i64) -> u64 {
        let left = self.remaining_ms[index(side)];
        match self.turn_started_ms {
            Some(start) if side == to_move => left.saturating_sub(elapsed_since(start, now)),
            _ => left,
        }
    }

    /// When `to_move`'s flag falls (epoch ms), if its clock runs.
    pub fn flag_at(&self, to_move: Side) -> Option<i64> {
        let start = self.turn_started_ms?;
        let left = i64::try_from(self.remaining_ms[index(to_move)]).unwrap_or(i64::MAX);
        Some(start.saturating_add(left))
    }

    /// True when `to_move`'s flag has fallen by `now`.
    pub fn has_fallen(&self, to_move: Side, now: i64) -> bool {
        self.flag_at(to_move).is_some_and(|at| now >= at)
    }

    /// `mover` has moved at `now` (its flag had not fallen): it is charged the time taken
    /// and given the increment, and the other side's turn begins.
    pub fn moved(&mut self, mover: Side, now: i64) {
        let left = self.remaining(mover, mover, now);
        self.remaining_ms[index(mover)] = left.saturating_add(self.control.increment_ms);
        if self.turn_started_ms.is_some() {
            self.turn_started_ms = Some(now);
        }
    }

    /// Stops the clocks at `now` (the game is over): `to_move` is charged its time so far.
    pub fn stop(&mut self, to_move: Side, now: i64) {
        self.remaining_ms[index(to_move)] = self.remaining(to_move, to_move, now);
        self.turn_started_ms = None;
    }

    /// The page's view at `now`.
    pub fn view(&self, to_move: Side, now: i64) -> ClockView {
        ClockView {
            initial_ms: self.control.initial_ms,
            increment_ms: self.control.increment_ms,
            remaining_ms: [
                self.remaining(Side::First, to_move, now),
                self.remaining(Side::Second, to_move, now),
            ],
            running: self.is_running().then_some(to_move),
            server_time_ms: now,
        }
    }

    /// The computer's clock for its search, as the engine's time manager reads it, when it
    /// is `side` to move at `now`.
    pub fn search_clock(&self, side: Side, now: i64) -> Clock {
        Clock {
            remaining: Duration::from_millis(self.remaining(side, side, now)),
            increment: Duration::from_millis(self.control.increment_ms),
            moves_to_go: None,
        }
    }

    /// The longest the computer may think at `now` before it is stopped and plays the best
    /// move it has: a thirtieth of what is left after [`ENGINE_MARGIN`], plus most of the
    /// increment, never more than a third of it. A share of what is left shrinks with the
    /// clock, so the margin stays in hand for what follows the search (at 1+0 for more than
    /// 150 moves); with less than twice the margin left it takes an eighth of what is left.
    pub fn think_deadline(&self, side: Side, now: i64) -> Duration {
        let left = Duration::from_millis(self.remaining(side, side, now));
        if left <= ENGINE_MARGIN * 2 {
            return left / 8;
        }
        let usable = left - ENGINE_MARGIN;
        let increment = Duration::from_millis(self.control.increment_ms);
        (usable / 30 + increment * 3 / 4).min(usable / 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: i64 = 1_700_000_000_000;

    fn blitz() -> GameClock {
        GameClock::start(TimeControl::new(180_000, 2_000).expect("valid"), T0)
    }

    #[test]
    fn only_the_side_to_move_runs() {
        let clock = blitz();
        assert_eq!(
            clock.remaining(Side::First, Side::First, T0 + 5_000),
            175_000
        );
        assert_eq!(
            clock.remaining(Side::Second, Side::First, T0 + 5_000),
            180_000
        );
        assert_eq!(clock.flag_at(Side::First), Some(T0 + 180_000));
        // A clock read before the turn began (clocks of two machines) is not credited.
        assert_eq!(
            clock.remaining(Side::First, Side::First, T0 - 1_000),
            180_000
        );
    }

    #[test]
    fn a_move_charges_the_time_taken_and_adds_the_increment() {
        let mut clock = blitz();
        clock.moved(Side::First, T0 + 7_500);
        assert_eq!(clock.remaining_ms, [174_500, 180_000]);
        assert_eq!(clock.turn_started_ms, Some(T0 + 7_500));
        clock.moved(Side::Second, T0 + 10_000);
        assert_eq!(clock.remaining_ms, [174_500, 179_500]);
        assert_eq!(
            clock.remaining(Side::First, Side::First, T0 + 11_000),
            173_500
        );
        assert_eq!(clock.flag_at(Side::First), Some(T0 + 10_000 + 174_500));
    }

    #[test]
    fn the_flag_falls_at_zero_and_not_before() {
        let clock = GameClock::start(TimeControl::new(3_000, 0).expect("valid"), T0);
        assert!(!clock.has_fallen(Side::First, T0 + 2_999));
        assert!(clock.has_fallen(Side::First, T0 + 3_000));
        assert!(!clock.has_fallen(Side::Second, T0 + 2_999));
        assert_eq!(clock.remaining(Side::First, Side::First, T0 + 9_000), 0);
    }

    #[test]
    fn stopped_clocks_keep_their_times() {
        let mut clock = blitz();
        clock.moved(Side::First, T0 + 1_000);
        clock.stop(Side::Second, T0 + 4_000);
        assert!(!clock.is_running());
        assert_eq!(clock.remaining_ms, [181_000, 177_000]);
        assert_eq!(clock.flag_at(Side::Second), None);
        assert!(!clock.has_fallen(Side::Second, T0 + 1_000_000));
        let view = clock.view(Side::Second, T0 + 1_000_000);
        assert_eq!(view.remaining_ms, [181_000, 177_000]);
        assert_eq!(view.running, None);
    }

    #[test]
    fn the_view_and_its_json() {
        let clock = blitz();
        let view = clock.view(Side::First, T0 + 500);
        let json = serde_json::to_value(&view).expect("serialises");
        assert_eq!(json["remaining_ms"], serde_json::json!([179_500, 180_000]));
        assert_eq!(json["running"], "first");
        assert_eq!(json["server_time_ms"], T0 + 500);
        let stored = serde_json::to_string(&clock).expect("serialises");
        assert_eq!(
            serde_json::from_str::<GameClock>(&stored).expect("reads"),
            clock
        );
    }

    #[test]
    fn time_controls_are_checked() {
        assert!(TimeControl::new(60_000, 0).is_ok());
        assert_eq!(
            TimeControl::new(999, 0),
            Err(TimeControlError::Initial(999))
        );
        assert!(TimeControl::new(MAX_INITIAL_MS + 1, 0).is_err());
        assert_eq!(
            TimeControl::new(60_000, MAX_INCREMENT_MS + 1),
            Err(TimeControlError::Increment(MAX_INCREMENT_MS + 1))
        );
    }

    #[test]
    fn the_computer_never_plans_past_its_clock() {
        // 1+0, every move taking its whole allowance: after 150 moves the margin is still
        // in hand, and the clock never reaches zero.
        let mut clock = GameClock::start(TimeControl::new(60_000, 0).expect("valid"), T0);
        let mut now = T0;
        let margin = ENGINE_MARGIN.as_millis() as i64;
        for moves in 1..=300 {
            now += clock.think_deadline(Side::First, now).as_millis() as i64;
            if moves <= 150 {
                assert!(!clock.has_fallen(Side::First, now + margin), "move {moves}");
            }
            assert!(!clock.has_fallen(Side::First, now), "move {moves}");
            clock.moved(Side::First, now);
            clock.moved(Side::Second, now);
        }
        // With an increment most of it is used, never more than a third of the clock.
        let clock = GameClock::start(TimeControl::new(3_000, 2_000).expect("valid"), T0);
        let think = clock.think_deadline(Side::First, T0);
        assert_eq!(think, Duration::from_millis(2_800) / 3);
        let clock = GameClock::start(TimeControl::new(180_000, 2_000).expect("valid"), T0);
        assert_eq!(
            clock.think_deadline(Side::First, T0),
            Duration::from_millis(179_800) / 30 + Duration::from_millis(1_500)
        );
    }
}
