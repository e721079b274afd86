//! Talking Gomocup (Piskvork) to a caro brain: `START size`, `INFO` for the rule and time,
//! the whole game as `BOARD … DONE` before each move, and the `x,y` answer (0-based from the
//! top-left) mapped back to the referee's cell. Like a human-paced manager, it waits a
//! moment after a brain's move before sending it anything (Rapfi drops a command that
//! comes in the instant after its move), and a brain's `ERROR Unknown command` is a lost
//! line, not a broken game: the move may still come, and if it does not, the game is void.

use std::time::{Duration, Instant};

use ply_games::caro::Rule;
use ply_games::{GameOptions, MoveView, Record};

use super::external::{Process, move_deadline};
use super::{Contestant, ContestantError, MoveRequest, Proposal};

/// Time left between a brain's move and the next line sent to it.
pub const SETTLE: Duration = Duration::from_millis(100);
/// The turn a brain held to nodes or depth alone is given (`INFO timeout_turn`).
const UNTIMED_TURN: Duration = Duration::from_secs(60);
/// After a brain lost one of our lines, how long past its turn time its move may still come
/// (a lost `INFO` leaves the `BOARD` that follows to be answered).
const AFTER_A_LOST_LINE: Duration = Duration::from_secs(1);

/// A Gomocup brain.
pub struct Gomocup {
    process: Process,
    size: usize,
    rule: u32,
    /// When the brain last answered a move, until the pause after it is over.
    answered: Option<Instant>,
}

/// Whether a brain's line says it did not know a command: a line of ours it read wrong.
fn is_dropped_command(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.starts_with("unknown")
        || (lower.starts_with("error") && lower.contains("unknown command"))
}

/// The point of a move line (`x,y`), if the line is one.
fn parse_point(line: &str) -> Option<(usize, usize)> {
    let (x, y) = line.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// The Gomocup rule bitmask for a caro rule name: 1 exact five, 4 renju, 8 caro.
fn rule_mask(rule: Option<&str>) -> u32 {
    rule.and_then(|name| name.parse::<Rule>().ok())
        .unwrap_or_default()
        .gomocup_bits()
}

impl Gomocup {
    /// Starts the dialogue once the board size is known (at the first game).
    pub fn start(process: Process, options: &GameOptions) -> Result<Gomocup, ContestantError> {
        Ok(Gomocup {
            process,
            size: 0,
            rule: rule_mask(options.text("rule")),
            answered: None,
        })
    }

    /// Waits out the pause after the brain's last move.
    fn settle(&mut self) {
        if let Some(answered) = self.answered.take() {
            std::thread::sleep(SETTLE.saturating_sub(answered.elapsed()));
        }
    }

    fn expect_ok(&mut self) -> Result<(), ContestantError> {
        let label = self.process.label.clone();
        self.process.wait_for(Duration::from_secs(30), |line| {
            let word = line.split_whitespace().next().unwrap_or("");
            match word.to_ascii_uppercase().as_str() {
                "OK" => Ok(Some(())),
                "MESSAGE" | "DEBUG" | "" => Ok(None),
                _ if is_dropped_command(line) => Ok(None),
                // A move that came after its game was scored (a brain past its turn)
                // is no answer to `START`.
                _ if parse_point(line).is_some() => Ok(None),
                _ => Err(ContestantError::Protocol(
                    label.clone(),
                    format!("answered '{line}'"),
                )),
            }
        })
    }
}

impl Contestant for Gomocup {
    fn new_game(&mut self, referee: &dyn Record) -> Result<(), ContestantError> {
        let board = referee.board();
        if board.files != board.ranks {
            return Err(ContestantError::Other(
                "Gomocup brains play square boards only".into(),
            ));
        }
        self.size = board.files;
        self.settle();
        // What a game that was cut short left unread is no answer to this one.
        self.process.drain();
        self.process.send(&format!("START {}", self.size))?;
        self.expect_ok()?;
        self.process.send(&format!("INFO rule {}", self.rule))?;
        Ok(())
    }

    fn propose(&mut self, request: &MoveRequest<'_>) -> Result<Proposal, ContestantError> {
        let started = Instant::now();
        // Held to nodes or depth alone, a brain is not timed by the turn: it gets a long one
        // (a brain that ignores the node limit still moves within it).
        let fixed = request.limits.nodes.is_some() || request.limits.depth.is_some();
        let default_turn = if fixed {
            UNTIMED_TURN
        } else {
            Duration::from_secs(1)
        };
        let mut turn_time = request.limits.movetime.unwrap_or(default_turn);
        let deadline = match request.clocks {
            Some(clocks) => {
                self.process
                    .send(&format!("INFO time_left {}", clocks.own.as_millis()))?;
                self.process.send("INFO timeout_turn 0")?;
                turn_time = clocks.own;
                move_deadline(Some(clocks.own), None)
            }
            None => {
                self.process
                    .send(&format!("INFO timeout_turn {}", turn_time.as_millis()))?;
                self.process.send("INFO timeout_match 0")?;
                move_deadline(None, Some(turn_time))
            }
        };
        // A node limit (Yixin-Board's `max_node`, which Rapfi and ply read) makes a match at
        // fixed nodes independent of the machine's load; 0 lifts it.
        let nodes = request.limits.nodes.unwrap_or(0);
        self.process.send(&format!("INFO max_node {nodes}"))?;
        let history = request.referee.history();
        let to_move = request.referee.side_to_move();
        // In BOARD, 1 is the brain's own stone and 2 the opponent's; moves alternate from
        // the start position's side to move.
        let first_mover = if history.len().is_multiple_of(2) {
            to_move
        } else {
            to_move.opponent()
        };
        self.process.send("BOARD")?;
        for (index, mv) in history.iter().enumerate() {
            let mover = if index % 2 == 0 {
                first_mover
            } else {
                first_mover.opponent()
            };
            let who = if mover == to_move { 1 } else { 2 };
            self.process.send(&format!(
                "{},{},{who}",
                mv.to % self.size,
                mv.to / self.size
            ))?;
        }
        self.process.send("DONE")?;
        let label = self.process.label.clone();
        let size = self.size;
        let mut dropped = None;
        let deadline = std::cell::Cell::new(started + deadline);
        let answer = self.process.wait_until(&deadline, |line| {
            let word = line.split_whitespace().next().unwrap_or("");
            if matches!(word.to_ascii_uppercase().as_str(), "MESSAGE" | "DEBUG" | "") {
                return Ok(None);
            }
            if is_dropped_command(line) {
                // One of our lines was lost; the move may still come (a lost INFO).
                if dropped.is_none() {
                    dropped = Some(line.to_string());
                    deadline.set(deadline.get().min(started + turn_time + AFTER_A_LOST_LINE));
                }
                return Ok(None);
            }
            match parse_point(line) {
                Some((x, y)) if x < size && y < size => Ok(Some(y * size + x)),
                _ => Err(ContestantError::Protocol(
                    label.clone(),
                    format!("answered '{line}'"),
                )),
            }
        });
        self.answered = Some(Instant::now());
        let cell = match (answer, dropped) {
            (Ok(cell), _) => cell,
            (Err(ContestantError::Timeout(_)), Some(line)) => {
                return Err(ContestantError::Dropped(self.process.label.clone(), line));
            }
            (Err(error), _) => return Err(error),
        };
        let legal = request.referee.legal_moves();
        let chosen = legal
            .iter()
            .find(|mv| mv.to == cell && mv.from.is_none())
            .ok_or_else(|| {
                ContestantError::Protocol(
                    self.process.label.clone(),
                    format!(
                        "played {},{} which is not an empty point",
                        cell % size,
                        cell / size
                    ),
                )
            })?;
        Ok(Proposal::Move(chosen.id))
    }

    /// The pause after the brain's own move is taken here, off its clock.
    fn observe(&mut self, _played: &MoveView) -> Result<(), ContestantError> {
        self.settle();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{is_dropped_command, rule_mask};

    #[test]
    fn a_brain_that_did_not_know_a_line_is_told_from_one_that_broke_the_protocol() {
        assert!(is_dropped_command("ERROR Unknown command: TIMEOUT_TURN"));
        assert!(is_dropped_command("error unknown command: 7,7,1"));
        assert!(is_dropped_command("UNKNOWN 7,7,1"));
        assert!(!is_dropped_command("ERROR the board is full"));
        assert!(!is_dropped_command("7,7"));
    }

    #[test]
    fn rules_map_to_the_gomocup_bitmask() {
        assert_eq!(rule_mask(None), 0);
        assert_eq!(rule_mask(Some("freestyle")), 0);
        assert_eq!(rule_mask(Some("standard")), 1);
        assert_eq!(rule_mask(Some("Renju")), 4);
        assert_eq!(rule_mask(Some("caro")), 8);
        assert_eq!(rule_mask(Some("caro5")), 9);
    }
}
