//! Another program as a contestant: the process, its lines read on a thread so that every
//! wait has a deadline, and the choice of protocol dialogue.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ply_games::{GameOptions, GameSpec, MoveView, Record};

use super::{Contestant, ContestantError, MoveRequest, Proposal};
use crate::r#match::players::{OwnLimits, ProgramSpec};

/// The protocols ply speaks to other programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (chess; xiangqi as Pikafish and Fairy-Stockfish speak it).
    Uci,
    /// UCCI (xiangqi, as ElephantEye speaks it).
    Ucci,
    /// Gomocup / Piskvork (caro).
    Gomocup,
}

impl FromStr for Protocol {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "uci" => Ok(Protocol::Uci),
            "ucci" => Ok(Protocol::Ucci),
            "gomocup" | "piskvork" => Ok(Protocol::Gomocup),
            other => Err(format!(
                "unknown protocol '{other}': expected uci, ucci or gomocup"
            )),
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Uci => "uci",
            Protocol::Ucci => "ucci",
            Protocol::Gomocup => "gomocup",
        })
    }
}

/// Starts `spec` and opens the dialogue of its protocol.
pub fn start(
    spec: &ProgramSpec,
    game: &GameSpec,
    options: &GameOptions,
) -> Result<Box<dyn Contestant>, ContestantError> {
    let process = Process::spawn(spec)?;
    let program: Box<dyn Contestant> = match spec.protocol {
        Protocol::Uci => Box::new(super::uci::Uci::start(process, spec, game, options)?),
        Protocol::Ucci => Box::new(super::ucci::Ucci::start(process, spec)?),
        Protocol::Gomocup => Box::new(super::gomocup::Gomocup::start(process, options)?),
    };
    Ok(if spec.own.any() {
        Box::new(OwnLimited {
            program,
            own: spec.own,
        })
    } else {
        program
    })
}

/// A program held to limits of its own: each request carries them in place of the match's,
/// and no clock (the referee still keeps the program's clock, as it does a ply player's
/// with limits of its own).
struct OwnLimited {
    program: Box<dyn Contestant>,
    own: OwnLimits,
}

impl Contestant for OwnLimited {
    fn new_game(&mut self, referee: &dyn Record) -> Result<(), ContestantError> {
        self.program.new_game(referee)
    }

    fn propose(&mut self, request: &MoveRequest<'_>) -> Result<Proposal, ContestantError> {
        let limits = self.own.over(request.limits);
        self.program.propose(&MoveRequest {
            referee: request.referee,
            limits: &limits,
            clocks: None,
        })
    }

    fn observe(&mut self, played: &MoveView) -> Result<(), ContestantError> {
        self.program.observe(played)
    }
}

/// A running program.
pub struct Process {
    /// Its name, for messages.
    pub label: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    fn spawn(spec: &ProgramSpec) -> Result<Process, ContestantError> {
        let (program, arguments) = spec
            .command
            .split_first()
            .ok_or_else(|| ContestantError::Other(format!("{}: no command", spec.label)))?;
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| ContestantError::Other(format!("cannot start {program}: {error}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(ContestantError::Other(format!("{program}: no pipes")));
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line.trim_end().to_string()).is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            label: spec.label.clone(),
            child,
            input,
            lines,
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), ContestantError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|error| ContestantError::Died(self.label.clone(), error.to_string()))
    }

    /// Throws away the lines already read and not yet taken.
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Reads lines until `accept` returns a value, or fails after `timeout`.
    pub fn wait_for<T>(
        &mut self,
        timeout: Duration,
        accept: impl FnMut(&str) -> Result<Option<T>, ContestantError>,
    ) -> Result<T, ContestantError> {
        self.wait_until(&std::cell::Cell::new(Instant::now() + timeout), accept)
    }

    /// Reads lines until `accept` returns a value, or fails at `deadline` (which `accept`
    /// may bring forward as it reads).
    pub fn wait_until<T>(
        &mut self,
        deadline: &std::cell::Cell<Instant>,
        mut accept: impl FnMut(&str) -> Result<Option<T>, ContestantError>,
    ) -> Result<T, ContestantError> {
        loop {
            let left = deadline.get().saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(value) = accept(&line)? {
                        return Ok(value);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ContestantError::Timeout(self.label.clone()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ContestantError::Died(
                        self.label.clone(),
                        "its output closed".into(),
                    ));
                }
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How long to wait for a move: the time the program has, plus a margin for the pipe.
pub fn move_deadline(own_time: Option<Duration>, movetime: Option<Duration>) -> Duration {
    let margin = Duration::from_secs(5);
    match (own_time, movetime) {
        (Some(time), _) => time + margin,
        (None, Some(time)) => time + margin,
        (None, None) => Duration::from_secs(600),
    }
}

/// Rewrites the ranks of a coordinate move (`h2e2`) by `delta`: xiangqi programs that number
/// ranks 1–10 (Fairy-Stockfish) against ply's 0–9. Text that is not such a move is returned
/// unchanged.
pub fn shift_ranks(text: &str, delta: i32) -> String {
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut index = 0;
    for _square in 0..2 {
        let Some(&file) = bytes.get(index) else {
            return text.to_string();
        };
        if !file.is_ascii_lowercase() {
            return text.to_string();
        }
        let digits_end = bytes[index + 1..]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .map_or(bytes.len(), |p| index + 1 + p);
        let Ok(rank) = text[index + 1..digits_end].parse::<i32>() else {
            return text.to_string();
        };
        out.push(file as char);
        out.push_str(&(rank + delta).to_string());
        index = digits_end;
    }
    out.push_str(&text[index..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_shift_both_ways() {
        assert_eq!(shift_ranks("h2e2", 1), "h3e3");
        assert_eq!(shift_ranks("a9a0", 1), "a10a1");
        assert_eq!(shift_ranks("a10a1", -1), "a9a0");
        assert_eq!(shift_ranks("e7e8q", 0), "e7e8q");
        assert_eq!(shift_ranks("(none)", 1), "(none)");
        assert_eq!(shift_ranks("h", 1), "h");
    }

    #[test]
    fn protocols_are_named() {
        assert_eq!("UCI".parse::<Protocol>(), Ok(Protocol::Uci));
        assert_eq!("piskvork".parse::<Protocol>(), Ok(Protocol::Gomocup));
        assert!("xboard".parse::<Protocol>().is_err());
    }
}
