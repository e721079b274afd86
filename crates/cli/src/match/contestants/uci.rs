//! Talking UCI to another program: the handshake, options, `position fen … moves …` and `go`
//! with clocks or fixed limits, and the `bestmove` answer. Xiangqi ranks are shifted for
//! programs that number them 1–10.

use std::time::Duration;

use ply_games::{GameOptions, GameSpec, MoveView, Record};
use ply_search::Side;

use super::external::{Process, move_deadline, shift_ranks};
use super::{Contestant, ContestantError, MoveRequest, Proposal};
use crate::r#match::players::ProgramSpec;

/// A UCI program.
pub struct Uci {
    process: Process,
    rank_shift: i32,
}

impl Uci {
    /// Starts the dialogue: `uci`, options, `isready`.
    pub fn start(
        mut process: Process,
        spec: &ProgramSpec,
        game: &GameSpec,
        options: &GameOptions,
    ) -> Result<Uci, ContestantError> {
        process.send("uci")?;
        let mut name = String::new();
        let mut advertised = Vec::new();
        process.wait_for(Duration::from_secs(15), |line| {
            if let Some(id) = line.strip_prefix("id name ") {
                name = id.to_string();
            } else if let Some(option) = line.strip_prefix("option name ") {
                let option_name = option.split(" type ").next().unwrap_or(option);
                advertised.push(option_name.to_string());
            }
            Ok((line == "uciok").then_some(()))
        })?;
        let xiangqi = game.name == "xiangqi";
        if xiangqi && advertised.iter().any(|o| o == "UCI_Variant") {
            process.send("setoption name UCI_Variant value xiangqi")?;
        }
        // The game's options that UCI names (UCI_Chess960), from the game's spec.
        for option in game.options {
            if let (Some(name), Some(value)) = (option.uci, options.values.get(option.name)) {
                process.send(&format!("setoption name {name} value {}", value.plain()))?;
            }
        }
        for (option, value) in &spec.options {
            process.send(&format!("setoption name {option} value {value}"))?;
        }
        let from_one = spec
            .ranks_from_one
            .unwrap_or(xiangqi && name.to_ascii_lowercase().contains("fairy"));
        let mut uci = Uci {
            process,
            rank_shift: if from_one { 1 } else { 0 },
        };
        uci.ready()?;
        Ok(uci)
    }

    fn ready(&mut self) -> Result<(), ContestantError> {
        self.process.send("isready")?;
        self.process.wait_for(Duration::from_secs(30), |line| {
            Ok((line == "readyok").then_some(()))
        })
    }
}

/// The `go` line for a request, and how long the answer may take.
pub fn go_line(request: &MoveRequest<'_>, time_words: [&str; 4]) -> (String, Duration) {
    let [own_time, opponent_time, own_increment, opponent_increment] = time_words;
    if let Some(clocks) = request.clocks {
        let line = format!(
            "go {own_time} {} {opponent_time} {} {own_increment} {} {opponent_increment} {}",
            clocks.own.as_millis(),
            clocks.opponent.as_millis(),
            clocks.increment.as_millis(),
            clocks.increment.as_millis()
        );
        return (line, move_deadline(Some(clocks.own), None));
    }
    let limits = request.limits;
    let mut line = String::from("go");
    if let Some(depth) = limits.depth {
        line.push_str(&format!(" depth {depth}"));
    }
    if let Some(nodes) = limits.nodes {
        line.push_str(&format!(" nodes {nodes}"));
    }
    if let Some(movetime) = limits.movetime {
        line.push_str(&format!(" movetime {}", movetime.as_millis()));
    }
    if line == "go" {
        line.push_str(" movetime 1000");
    }
    (line, move_deadline(None, limits.movetime))
}

/// The position command for the referee's game.
pub fn position_line(referee: &dyn Record, rank_shift: i32) -> String {
    let moves: Vec<String> = referee
        .history()
        .iter()
        .map(|mv| shift_ranks(&mv.name, rank_shift))
        .collect();
    let mut line = format!("position fen {}", referee.start_position());
    if !moves.is_empty() {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line
}

/// Reads `bestmove X …` into X, or fails on `bestmove (none)`.
pub fn best_move(line: &str, label: &str) -> Result<Option<String>, ContestantError> {
    let Some(rest) = line.strip_prefix("bestmove") else {
        return Ok(None);
    };
    match rest.split_whitespace().next() {
        Some(mv) if mv != "(none)" && mv != "0000" => Ok(Some(mv.to_string())),
        _ => Err(ContestantError::Protocol(
            label.to_string(),
            format!("answered '{line}'"),
        )),
    }
}

impl Contestant for Uci {
    fn new_game(&mut self, _referee: &dyn Record) -> Result<(), ContestantError> {
        self.process.send("ucinewgame")?;
        self.ready()
    }

    fn propose(&mut self, request: &MoveRequest<'_>) -> Result<Proposal, ContestantError> {
        let words = if request.referee.side_to_move() == Side::First {
            ["wtime", "btime", "winc", "binc"]
        } else {
            ["btime", "wtime", "binc", "winc"]
        };
        self.process
            .send(&position_line(request.referee, self.rank_shift))?;
        let (go, deadline) = go_line(request, words);
        self.process.send(&go)?;
        let label = self.process.label.clone();
        let answer = self
            .process
            .wait_for(deadline, |line| best_move(line, &label))?;
        Ok(Proposal::Text(shift_ranks(&answer, -self.rank_shift)))
    }

    fn observe(&mut self, _played: &MoveView) -> Result<(), ContestantError> {
        Ok(())
    }
}
