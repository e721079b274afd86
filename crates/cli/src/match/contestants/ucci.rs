//! Talking UCCI (the xiangqi protocol of ElephantEye) to another program: `ucci`, options,
//! `position fen … moves …`, `go time … increment … opptime …` and `bestmove`.

use std::time::Duration;

use ply_games::{MoveView, Record};

use super::external::Process;
use super::uci::{best_move, go_line, position_line};
use super::{Contestant, ContestantError, MoveRequest, Proposal};
use crate::r#match::players::ProgramSpec;

/// A UCCI program.
pub struct Ucci {
    process: Process,
}

impl Ucci {
    /// Starts the dialogue: `ucci`, options, `isready`.
    pub fn start(mut process: Process, spec: &ProgramSpec) -> Result<Ucci, ContestantError> {
        process.send("ucci")?;
        process.wait_for(Duration::from_secs(15), |line| {
            Ok((line == "ucciok").then_some(()))
        })?;
        // UCCI counts time in seconds unless told otherwise; ply sends milliseconds.
        process.send("setoption usemillisec true")?;
        for (option, value) in &spec.options {
            process.send(&format!("setoption {option} {value}"))?;
        }
        let mut ucci = Ucci { process };
        ucci.ready()?;
        Ok(ucci)
    }

    fn ready(&mut self) -> Result<(), ContestantError> {
        self.process.send("isready")?;
        self.process.wait_for(Duration::from_secs(30), |line| {
            Ok((line == "readyok").then_some(()))
        })
    }
}

impl Contestant for Ucci {
    fn new_game(&mut self, _referee: &dyn Record) -> Result<(), ContestantError> {
        self.process.send("setoption newgame")?;
        self.ready()
    }

    fn propose(&mut self, request: &MoveRequest<'_>) -> Result<Proposal, ContestantError> {
        self.process.send(&position_line(request.referee, 0))?;
        let (mut go, deadline) = go_line(request, ["time", "opptime", "increment", "oppincrement"]);
        if request.clocks.is_none() {
            // UCCI has no movetime: one move to go in the given time says the same.
            go = go
                .replace("movetime", "time")
                .replace(" time ", " movestogo 1 time ");
        }
        self.process.send(&go)?;
        let label = self.process.label.clone();
        let answer = self.process.wait_for(deadline, |line| {
            if line.starts_with("nobestmove") {
                return Err(ContestantError::Protocol(
                    label.clone(),
                    "answered nobestmove".into(),
                ));
            }
            best_move(line, &label)
        })?;
        Ok(Proposal::Text(answer))
    }

    fn observe(&mut self, _played: &MoveView) -> Result<(), ContestantError> {
        Ok(())
    }
}
