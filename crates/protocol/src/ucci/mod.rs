//! UCCI, the Universal Chinese Chess Protocol, as ElephantEye speaks it: `ucci` / `id` /
//! `option` / `ucciok`, `isready` / `readyok`, `setoption`, `position {fen … | startpos}
//! [moves …]`, `banmoves`, `go [ponder|draw] {depth|nodes|time [movestogo|increment]
//! [opptime …]}`, `stop`, `ponderhit`, `probe`, `quit` / `bye`. Generic over any
//! [`Session`] (in practice xiangqi); the search runs on a worker thread so that `stop` and
//! `ponderhit` are heard while it thinks. Bad lines are answered with `info string error …`
//! and ignored.

mod command;

pub use command::{Command, Go, Start, UcciError};

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ply_games::{Level, ScoreView, Session, ThinkEvent, ThinkRequest};
use ply_search::{Clock, EngineOptions, Limits, SearchControl};

use crate::lag::LagMeter;

/// The value UCCI GUIs read as "mate": a win in n plies is sent as `MATE_VALUE - n`.
pub const MATE_VALUE: i32 = 10_000;

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(output: &Output, line: &str) {
    if let Ok(mut out) = output.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// The UCCI score of a session score.
pub fn ucci_score(score: ScoreView) -> i32 {
    match score {
        ScoreView::Value(value) => value.clamp(-(MATE_VALUE - 200), MATE_VALUE - 200),
        ScoreView::WinIn(plies) => MATE_VALUE - plies.min(100) as i32,
        ScoreView::LossIn(plies) => -(MATE_VALUE - plies.min(100) as i32),
    }
}

/// The engine's state between commands.
struct Engine {
    session: Option<Box<dyn Session>>,
    /// The search thread: the session back, and when the answer went out.
    worker: Option<JoinHandle<(Box<dyn Session>, Instant)>>,
    /// What the GUI charges beyond our own time (see `lag.rs`).
    lag: LagMeter,
    control: Arc<SearchControl>,
    output: Output,
    millisec: bool,
    options: EngineOptions,
    banned: Vec<String>,
    /// The running search waits for `stop` (infinite or ponder).
    open_ended: bool,
}

impl Engine {
    /// Waits for a running search, stopping it first when `stop` is set.
    fn finish_search(&mut self, stop: bool) {
        if let Some(worker) = self.worker.take() {
            if stop {
                self.control.stop();
            }
            match worker.join() {
                Ok((session, answered)) => {
                    self.session = Some(session);
                    self.lag.answered(answered);
                }
                Err(_) => say(&self.output, "info string error: the search thread failed"),
            }
        }
    }

    fn error(&self, message: impl std::fmt::Display) {
        say(&self.output, &format!("info string error: {message}"));
    }

    fn identify(&self) {
        let lines = [
            "id name ply",
            "id copyright MIT OR Apache-2.0",
            "id author the ply developers",
            "id user unknown",
            "option usemillisec type check default false",
            "option ponder type check default false",
            "option hashsize type spin min 0 max 4096 default 16",
            "option threads type spin min 1 max 64 default 1",
            "option newgame type button",
            "ucciok",
        ];
        for line in lines {
            say(&self.output, line);
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        // Stop a search first, as `position` and `go` do: waiting for it instead would
        // block the loop for good under `go infinite` or `go ponder` (no `stop` is read).
        self.finish_search(true);
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let flag = value.map(|v| v.eq_ignore_ascii_case("true") || v.eq_ignore_ascii_case("on"));
        match name {
            "usemillisec" => self.millisec = flag.unwrap_or(true),
            "hashsize" | "hash" => match value.and_then(|v| v.parse::<usize>().ok()) {
                Some(mib) if mib <= 4096 => {
                    self.options.hash_mib = mib;
                    session.set_engine_options(self.options);
                }
                _ => self.error("hashsize takes a size in MiB from 0 to 4096"),
            },
            "threads" => match value.and_then(|v| v.parse::<usize>().ok()) {
                Some(threads) if (1..=64).contains(&threads) => {
                    self.options.threads = threads;
                    session.set_engine_options(self.options);
                }
                _ => self.error("threads takes a number from 1 to 64"),
            },
            "newgame" => {
                session.clear_engines();
                session.reset();
                self.banned.clear();
            }
            // Options ElephantEye offers that change nothing here.
            "ponder" | "batch" | "debug" | "idle" | "promotion" | "bookfiles" | "evalapi"
            | "loadbook" | "knowledge" | "pruning" | "randomness" | "style" | "drawmoves"
            | "repetition" => {}
            other => self.error(format!("unknown option '{other}'")),
        }
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) {
        self.finish_search(true);
        let Some(session) = self.session.as_mut() else {
            return;
        };
        self.banned.clear();
        match start {
            Start::StartPos => session.reset(),
            Start::Fen(fen) => {
                if let Err(error) = session.set_position(fen) {
                    self.error(error);
                    return;
                }
            }
        }
        for text in moves {
            if let Err(error) = session.play(text) {
                say(
                    &self.output,
                    &format!("info string error: {error}; the position stops before it"),
                );
                return;
            }
        }
    }

    /// A time the GUI sent, in its unit (seconds unless `usemillisec`).
    fn unit(&self, value: u64) -> Duration {
        if self.millisec {
            Duration::from_millis(value)
        } else {
            Duration::from_secs(value)
        }
    }

    fn limits(&self, go: &Go) -> Limits {
        let lag = self.lag.estimate();
        Limits {
            depth: go.depth,
            nodes: go.nodes,
            clock: go.time.map(|time| Clock {
                remaining: self.unit(time),
                increment: self.unit(go.increment.unwrap_or(0)).saturating_sub(lag),
                moves_to_go: go.moves_to_go,
            }),
            infinite: go.infinite,
            move_overhead: Duration::from_millis(30) + lag,
            ..Limits::default()
        }
    }

    fn go(&mut self, go: &Go) {
        self.finish_search(true);
        let Some(mut session) = self.session.take() else {
            return;
        };
        match go.time {
            Some(time) if !go.ponder && !go.infinite => {
                self.lag.start(
                    session.side_to_move().index(),
                    self.unit(time),
                    self.unit(go.increment.unwrap_or(0)),
                    Instant::now(),
                );
            }
            _ => self.lag.untimed(),
        }
        let mut request = ThinkRequest::new(Level::Strong, self.limits(go));
        if !self.banned.is_empty() {
            let banned: Vec<String> = self
                .banned
                .iter()
                .filter_map(|text| session.parse_move(text).ok().map(|mv| mv.name))
                .collect();
            request.search_moves = session
                .legal_moves()
                .into_iter()
                .map(|mv| mv.name)
                .filter(|name| !banned.contains(name))
                .collect();
            if request.search_moves.is_empty() {
                say(&self.output, "nobestmove");
                self.session = Some(session);
                return;
            }
        }
        // A GUI may ask for a move in a position our rules already call finished (a third
        // repetition, the 60-move rule) while its own rules play on: search the same board
        // without its past then, so that a move comes back.
        let mut fresh = None;
        if session.status().is_finished() {
            let mut copy = session.clone_session();
            if copy.set_position(&session.position()).is_ok() && !copy.status().is_finished() {
                copy.set_engine_options(self.options);
                fresh = Some(copy);
            }
        }
        self.control.reset();
        if go.ponder {
            self.control.start_pondering();
        }
        let control = Arc::clone(&self.control);
        let output = Arc::clone(&self.output);
        let infinite = go.infinite;
        self.open_ended = go.infinite || go.ponder;
        let spawned = std::thread::Builder::new()
            .name("ucci-search".into())
            .spawn(move || {
                let thinker = fresh.as_mut().unwrap_or(&mut session);
                let result = thinker.think(&request, &control, &mut |event| {
                    if let ThinkEvent::Iteration(line) = event {
                        say(
                            &output,
                            &format!(
                                "info depth {} seldepth {} score {} time {} nodes {} nps {} pv {}",
                                line.depth,
                                line.seldepth,
                                ucci_score(line.score),
                                line.time_ms,
                                line.nodes,
                                line.nps,
                                line.pv.join(" ")
                            ),
                        );
                    }
                });
                // UCCI sends the move of a ponder or infinite search only once told to.
                while !control.is_stopped() && (control.is_pondering() || infinite) {
                    std::thread::sleep(Duration::from_millis(2));
                }
                match result {
                    Ok(result) => match result.best_move {
                        Some(best) => {
                            let ponder = result
                                .ponder
                                .map(|reply| format!(" ponder {reply}"))
                                .unwrap_or_default();
                            say(&output, &format!("bestmove {}{ponder}", best.name));
                        }
                        None => say(&output, "nobestmove"),
                    },
                    Err(error) => {
                        say(&output, &format!("info string error: {error}"));
                        say(&output, "nobestmove");
                    }
                }
                (session, Instant::now())
            });
        match spawned {
            Ok(handle) => self.worker = Some(handle),
            Err(error) => self.error(format!("cannot start the search thread: {error}")),
        }
    }
}

/// Serves UCCI on `input` / `output` until `quit` or the end of the input.
pub fn run(
    session: Box<dyn Session>,
    input: impl BufRead,
    output: impl Write + Send + 'static,
) -> io::Result<()> {
    let mut engine = Engine {
        session: Some(session),
        worker: None,
        lag: LagMeter::default(),
        control: SearchControl::new(),
        output: Arc::new(Mutex::new(Box::new(output))),
        millisec: false,
        options: EngineOptions::default(),
        banned: Vec::new(),
        open_ended: false,
    };
    for line in input.lines() {
        let line = line?;
        let command = match Command::parse(&line) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(error) => {
                engine.error(error);
                continue;
            }
        };
        match command {
            Command::Ucci => engine.identify(),
            Command::IsReady => say(&engine.output, "readyok"),
            Command::SetOption { name, value } => engine.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => engine.set_position(&start, &moves),
            Command::BanMoves(moves) => engine.banned = moves,
            Command::Go(go) => engine.go(&go),
            Command::Stop => engine.finish_search(true),
            Command::PonderHit => engine.control.ponderhit(),
            Command::Probe => say(&engine.output, "pophash"),
            Command::Quit => {
                engine.finish_search(true);
                say(&engine.output, "bye");
                return Ok(());
            }
        }
    }
    // The input ended without `quit`: a search with limits may still finish.
    let open_ended = engine.open_ended;
    engine.finish_search(open_ended);
    say(&engine.output, "bye");
    Ok(())
}
