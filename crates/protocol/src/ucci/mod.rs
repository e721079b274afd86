//! UCCI, the Universal Chinese Chess Protocol, as ElephantEye speaks it: `ucci` / `id` /
//! `option` / `ucciok`, `isready` / `readyok`, `setoption`, `position {fen … | startpos}
//! [moves …]`, `banmoves`, `go [ponder|draw] {depth|nodes|time [movestogo|increment]
//! [opptime …]}`, `stop`, `ponderhit`, `probe`, `quit` / `bye`. Over any game
//! [`Record`] (in practice xiangqi); the search runs on the shared search thread so that
//! `stop` and `ponderhit` are heard while it thinks. `usebook` and `bookfiles` open a book
//! (ply's own format, as `ply book build` writes it) that answers `go` before any search.
//! Bad lines are answered with `info string error …` and ignored.

mod command;

pub use command::{Command, Go, Start, UcciError};

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use ply_games::{Level, MoveId, MoveView, Record, ScoreView, ThinkEvent, ThinkRequest};
use ply_search::skill::Skill;
use ply_search::{Clock, EngineOptions, Limits};

use crate::book::{EngineBook, game_seed, run_seed};
use crate::lag::LagMeter;
use crate::output::Output;
use crate::search_thread::{Dialect, Hold, Reply, SearchThread};
use crate::strength::{OptionWords, StrengthOptions};

/// The value UCCI GUIs read as "mate": a win in n plies is sent as `MATE_VALUE - n`.
pub const MATE_VALUE: i32 = 10_000;

/// How UCCI writes a search's events and answer.
pub const DIALECT: Dialect = Dialect {
    event: info_line,
    answer: bestmove,
};

/// The UCCI score of a search score.
pub fn ucci_score(score: ScoreView) -> i32 {
    match score {
        ScoreView::Value(value) => value.clamp(-(MATE_VALUE - 200), MATE_VALUE - 200),
        ScoreView::WinIn(plies) => MATE_VALUE - plies.min(100) as i32,
        ScoreView::LossIn(plies) => -(MATE_VALUE - plies.min(100) as i32),
    }
}

/// The `info` line of a finished iteration; other events are not shown.
fn info_line(event: &ThinkEvent, _elapsed: Duration) -> Option<String> {
    let ThinkEvent::Iteration(line) = event else {
        return None;
    };
    Some(format!(
        "info depth {} seldepth {} score {} time {} nodes {} nps {} pv {}",
        line.depth,
        line.seldepth,
        ucci_score(line.score),
        line.time_ms,
        line.nodes,
        line.nps,
        line.pv.join(" ")
    ))
}

/// `bestmove <move> [ponder <reply>]`, or `nobestmove`.
fn bestmove(best: Option<&MoveView>, ponder: Option<&str>) -> String {
    match (best, ponder) {
        (Some(best), Some(reply)) => format!("bestmove {} ponder {reply}", best.name),
        (Some(best), None) => format!("bestmove {}", best.name),
        (None, _) => "nobestmove".to_string(),
    }
}

/// The UCCI engine: the game record, the search thread and the settings between commands.
pub struct UcciEngine {
    record: Box<dyn Record>,
    search: SearchThread,
    /// What the GUI charges beyond our own time (see `lag.rs`).
    lag: LagMeter,
    output: Output,
    millisec: bool,
    options: EngineOptions,
    /// Root moves not to play (`banmoves`), read in the current position.
    banned: Vec<MoveId>,
    /// The running search waits for `stop` (infinite or ponder).
    open_ended: bool,
    /// `limitstrength`, `elo` and `skilllevel`.
    strength: StrengthOptions,
    /// New games so far: the seed of a weakened level's noise and choices.
    games: u64,
    /// `usebook`: answer from the book when it has a move.
    use_book: bool,
    /// `bookfiles`: the book's path (empty for none).
    book_file: String,
    /// The book `usebook` and `bookfiles` name, opened.
    book: EngineBook,
    /// Mixed into the book's choices: this run's own, so games differ from run to run.
    book_seed: u64,
}

/// Serves UCCI on `input` / `output` until `quit` or the end of the input.
pub fn run(
    record: Box<dyn Record>,
    input: impl BufRead,
    output: impl Write + Send + 'static,
) -> io::Result<()> {
    UcciEngine::new(record, Output::new(output)).serve(input.lines())
}

impl UcciEngine {
    /// An engine playing `record`'s game (in practice xiangqi), writing to `output`.
    pub fn new(record: Box<dyn Record>, output: Output) -> UcciEngine {
        UcciEngine {
            search: SearchThread::new(record.thinker()),
            record,
            lag: LagMeter::default(),
            output,
            millisec: false,
            options: EngineOptions::default(),
            banned: Vec::new(),
            open_ended: false,
            strength: StrengthOptions::default(),
            games: 0,
            use_book: false,
            book_file: String::new(),
            book: EngineBook::default(),
            book_seed: run_seed(),
        }
    }

    /// Handles `lines` until `quit` or their end, then says `bye`.
    pub fn serve(mut self, lines: impl Iterator<Item = io::Result<String>>) -> io::Result<()> {
        for line in lines {
            if !self.handle_line(&line?) {
                return Ok(());
            }
        }
        // The input ended without `quit`: a search with limits may still finish.
        let open_ended = self.open_ended;
        self.finish_search(open_ended);
        self.output.line("bye");
        Ok(())
    }

    /// Handles one line; false after `quit` (answered with `bye`).
    pub fn handle_line(&mut self, line: &str) -> bool {
        let command = match Command::parse(line) {
            Ok(Some(command)) => command,
            Ok(None) => return true,
            Err(error) => {
                self.error(error);
                return true;
            }
        };
        match command {
            Command::Ucci => self.identify(),
            Command::IsReady => self.output.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => self.set_position(&start, &moves),
            Command::BanMoves(moves) => self.ban(&moves),
            Command::Go(go) => self.go(&go),
            Command::Stop => self.finish_search(true),
            Command::PonderHit => self.search.ponderhit(),
            Command::Probe => self.output.line("pophash"),
            Command::Quit => {
                self.finish_search(true);
                self.output.line("bye");
                return false;
            }
        }
        true
    }

    /// Waits for a running search, stopping it first when `stop` is set.
    pub fn finish_search(&mut self, stop: bool) {
        let finished = if stop {
            self.search.stop()
        } else {
            self.search.wait()
        };
        if let Some(finished) = finished {
            self.lag.answered(finished.answered);
        }
    }

    fn error(&self, message: impl std::fmt::Display) {
        self.output.error(message);
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
            "option usebook type check default false",
            "option bookfiles type string default <empty>",
        ];
        for line in lines {
            self.output.line(line);
        }
        for line in self.strength.describe(OptionWords::Ucci) {
            self.output.line(&line);
        }
        self.output.line("ucciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        // Stop a search first, as `position` and `go` do: waiting for it instead would
        // block the loop for good under `go infinite` or `go ponder` (no `stop` is read).
        self.finish_search(true);
        if let Some(done) = self.strength.set(name, value) {
            if let Err(message) = done {
                self.error(message);
            }
            return;
        }
        let flag = value.map(|v| v.eq_ignore_ascii_case("true") || v.eq_ignore_ascii_case("on"));
        match name {
            "usemillisec" => self.millisec = flag.unwrap_or(true),
            "hashsize" | "hash" => match value.and_then(|v| v.parse::<usize>().ok()) {
                Some(mib) if mib <= 4096 => {
                    self.options.hash_mib = mib;
                    self.search.set_engine_options(self.options);
                }
                _ => self.error("hashsize takes a size in MiB from 0 to 4096"),
            },
            "threads" => match value.and_then(|v| v.parse::<usize>().ok()) {
                Some(threads) if (1..=64).contains(&threads) => {
                    self.options.threads = threads;
                    self.search.set_engine_options(self.options);
                }
                _ => self.error("threads takes a number from 1 to 64"),
            },
            "usebook" => {
                self.use_book = flag.unwrap_or(true);
                self.open_book();
            }
            "bookfiles" => {
                let path = value.unwrap_or("").trim();
                self.book_file = if path == "<empty>" { "" } else { path }.to_string();
                self.open_book();
            }
            "newgame" => {
                self.search.clear();
                self.record.reset();
                self.banned.clear();
                self.games += 1;
            }
            // Options ElephantEye offers that change nothing here.
            "ponder" | "batch" | "debug" | "idle" | "promotion" | "evalapi" | "loadbook"
            | "knowledge" | "pruning" | "randomness" | "style" | "drawmoves" | "repetition" => {}
            other => self.error(format!("unknown option '{other}'")),
        }
    }

    /// Opens the book `bookfiles` names when `usebook` is on (closes it otherwise), saying
    /// which book is in use or why the file is none.
    fn open_book(&mut self) {
        let path = self.use_book.then_some(self.book_file.as_str());
        match self.book.open(path) {
            Ok(Some(described)) => self.output.line(&format!("info string book {described}")),
            Ok(None) if self.use_book => self
                .output
                .line("info string usebook is on, but no bookfiles is set"),
            Ok(None) => {}
            Err(message) => self.error(message),
        }
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) {
        self.finish_search(true);
        self.banned.clear();
        match start {
            Start::StartPos => self.record.reset(),
            Start::Fen(fen) => {
                if let Err(error) = self.record.set_position(fen) {
                    self.error(error);
                    return;
                }
            }
        }
        for text in moves {
            if let Err(error) = self.record.play_text(text) {
                self.error(format!("{error}; the position stops before it"));
                return;
            }
        }
    }

    /// `banmoves`: each move read once, in the current position.
    fn ban(&mut self, moves: &[String]) {
        self.banned.clear();
        for text in moves {
            match self.record.parse_move(text) {
                Ok(mv) => self.banned.push(mv),
                Err(error) => self.error(format!("banmoves {text}: {error}")),
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
        match go.time {
            Some(time) if !go.ponder && !go.infinite => {
                self.lag.start(
                    self.record.side_to_move().index(),
                    self.unit(time),
                    self.unit(go.increment.unwrap_or(0)),
                    Instant::now(),
                );
            }
            _ => self.lag.untimed(),
        }
        // A GUI may ask for a move in a position our rules already call finished (a third
        // repetition, the 60-move rule) while its own rules play on: search the same board
        // without its past then, so that a move comes back.
        let mut fresh = None;
        if self.record.status().is_finished() {
            let mut copy = self.record.clone_record();
            if copy.set_position(&self.record.position()).is_ok() && !copy.status().is_finished() {
                fresh = Some(copy);
            }
        }
        let record = fresh.as_deref().unwrap_or(self.record.as_ref());
        // A book move is answered before any search starts: it costs the clock nothing but
        // the probe's few reads. Pondering, `depth infinite` and banned moves ask for a search.
        if self.use_book
            && self.book.is_open()
            && !go.ponder
            && !go.infinite
            && self.banned.is_empty()
        {
            match self
                .book
                .probe(record, game_seed(self.book_seed, self.games))
            {
                Ok(probe) => {
                    if let Some(lines) = probe.answer() {
                        lines.iter().for_each(|line| self.output.line(line));
                        self.lag.untimed();
                        return;
                    }
                }
                Err(message) => self.output.error(message),
            }
        }
        let mut request = ThinkRequest::new(Level::Strong, self.limits(go));
        request.skill = self
            .strength
            .strength(record.ladder())
            .map(|strength| Skill {
                strength,
                seed: self.games,
            });
        if !self.banned.is_empty() {
            request.search_moves = record
                .legal_moves()
                .iter()
                .map(|mv| mv.id)
                .filter(|id| !self.banned.contains(id))
                .collect();
            if request.search_moves.is_empty() {
                self.output.line("nobestmove");
                return;
            }
        }
        self.open_ended = go.infinite || go.ponder;
        let hold = Hold {
            ponder: go.ponder,
            until_stopped: go.infinite,
        };
        let reply = Reply::Send(self.output.clone(), DIALECT);
        // A thread that cannot start has answered with the first legal move already.
        let _ = self.search.start(record, request, hold, reply);
    }
}
