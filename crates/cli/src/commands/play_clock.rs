//! `ply play --clock 5+3`: the terminal game on a clock, with the web app's clock
//! arithmetic (`ply_web::clock`). A person's time runs while the prompt waits; a move typed
//! after the flag fell is not played and the game ends on time (a loss, or a draw when the
//! other side cannot win). The computer thinks on its own clock and is stopped at its
//! deadline. Undo is refused in a timed game, as in the web app.

use std::sync::Arc;
use std::time::Duration;

use anyhow::bail;
use ply_games::{Record, Status};
use ply_search::{Limits, SearchControl, Side};
use ply_web::clock::{ENGINE_OVERHEAD, GameClock, TimeControl, flag_verdict, now_ms};

/// Reads a time control written as lichess writes it: minutes + increment in seconds
/// (`5+3`, `1+0`, `0.5+1`).
pub fn parse_control(text: &str) -> anyhow::Result<TimeControl> {
    let Some((minutes, seconds)) = text.trim().split_once('+') else {
        bail!("--clock '{text}' is not a time control: write minutes+increment, e.g. 5+3 or 0.5+0");
    };
    let number = |part: &str, what: &str| -> anyhow::Result<f64> {
        match part.trim().parse::<f64>() {
            Ok(value) if value.is_finite() && value >= 0.0 => Ok(value),
            _ => bail!("--clock '{text}': {what} '{part}' is not a number of zero or more"),
        }
    };
    let initial_ms = (number(minutes, "the minutes")? * 60_000.0).round() as u64;
    let increment_ms = (number(seconds, "the increment")? * 1_000.0).round() as u64;
    Ok(TimeControl::new(initial_ms, increment_ms)?)
}

/// A timed terminal game's clocks and, once a flag fell, the result it gave.
pub struct TerminalClock {
    control: TimeControl,
    clock: GameClock,
    fallen: Option<Status>,
}

impl TerminalClock {
    /// Clocks for `control`, the first side's running from now.
    pub fn new(control: TimeControl) -> TerminalClock {
        TerminalClock {
            control,
            clock: GameClock::start(control, now_ms()),
            fallen: None,
        }
    }

    /// The clocks of a new game.
    pub fn restart(&mut self) {
        *self = TerminalClock::new(self.control);
    }

    /// The result of a fallen flag, if one fell.
    pub fn result(&self) -> Option<&Status> {
        self.fallen.as_ref()
    }

    /// Before `record`'s side to move plays: true (and the game over on time) when its
    /// flag has fallen.
    pub fn flag_fell(&mut self, record: &dyn Record) -> bool {
        if self.fallen.is_some() {
            return true;
        }
        let to_move = record.side_to_move();
        let now = now_ms();
        if record.status().is_finished() || !self.clock.has_fallen(to_move, now) {
            return false;
        }
        self.clock.stop(to_move, now);
        let (winner, reason) = flag_verdict(record, to_move);
        self.fallen = Some(Status::Finished {
            winner,
            reason: reason.to_string(),
        });
        true
    }

    /// `mover` has just played in `record`: charged, given the increment, and stopped if
    /// the move ended the game.
    pub fn moved(&mut self, mover: Side, record: &dyn Record) {
        let now = now_ms();
        self.clock.moved(mover, now);
        if record.status().is_finished() {
            self.clock.stop(record.side_to_move(), now);
        }
    }

    /// The computer's limits on its clock, and a control that stops it at its deadline.
    pub fn think_limits(&self, side: Side, limits: &Limits) -> (Limits, Arc<SearchControl>) {
        let now = now_ms();
        let limits = Limits {
            movetime: None,
            clock: Some(self.clock.search_clock(side, now)),
            move_overhead: ENGINE_OVERHEAD,
            ..limits.clone()
        };
        let control = SearchControl::new();
        let deadline = self.clock.think_deadline(side, now);
        let stopper = control.clone();
        std::thread::spawn(move || {
            std::thread::sleep(deadline);
            stopper.stop();
        });
        (limits, control)
    }

    /// Both clocks as the prompt shows them: `White 4:58.2 · Black 5:00.0`.
    pub fn show(&self, names: [&str; 2], to_move: Side) -> String {
        let now = now_ms();
        let face = |side: Side| {
            let ms = self.clock.remaining(side, to_move, now);
            format!(
                "{} {}",
                names[side.index()],
                format_time(Duration::from_millis(ms))
            )
        };
        format!("{} · {}", face(Side::First), face(Side::Second))
    }
}

/// A time left as m:ss.t (h:mm:ss past an hour).
pub fn format_time(left: Duration) -> String {
    let ms = left.as_millis() as u64;
    let seconds = ms / 1_000;
    if seconds >= 3_600 {
        return format!(
            "{}:{:02}:{:02}",
            seconds / 3_600,
            seconds / 60 % 60,
            seconds % 60
        );
    }
    format!("{}:{:02}.{}", seconds / 60, seconds % 60, ms % 1_000 / 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_read_as_minutes_plus_seconds() {
        let control = parse_control("5+3").expect("reads");
        assert_eq!((control.initial_ms, control.increment_ms), (300_000, 3_000));
        let control = parse_control(" 0.05+0.5 ").expect("reads");
        assert_eq!((control.initial_ms, control.increment_ms), (3_000, 500));
        for bad in ["5", "five+3", "5+-1", "0+0", "999+0", "5+NaN", ""] {
            assert!(parse_control(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn times_read_as_players_read_them() {
        assert_eq!(format_time(Duration::from_millis(298_250)), "4:58.2");
        assert_eq!(format_time(Duration::from_millis(9_999)), "0:09.9");
        assert_eq!(format_time(Duration::from_millis(3_723_000)), "1:02:03");
    }
}
