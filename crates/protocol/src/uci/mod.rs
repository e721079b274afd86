//! UCI: the protocol chess GUIs (cutechess, Arena, lichess-bot, python-chess) speak, over
//! any game record (`UCI_Variant` switches to xiangqi). The loop reads commands on the
//! calling thread and searches on the shared search thread, so `isready`, `stop` and
//! `ponderhit` are answered at once while the engine thinks.

pub mod command;
pub mod info;
pub mod options;
mod position;

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use ply_games::{GameOptions, Record, ThinkRequest, new_game};
use ply_search::skill::Skill;
use ply_search::{Clock, EngineOptions, Limits, Side};

use crate::book::{EngineBook, game_seed, run_seed};
use crate::lag::LagMeter;
use crate::output::Output;
use crate::search_thread::{Hold, Reply, SearchThread};
use command::{Command, Go};
use options::{Change, Settings};
use position::{Positions, rebase};

/// The engine's name as `id name` gives it.
pub const ENGINE_NAME: &str = concat!("ply ", env!("CARGO_PKG_VERSION"));

/// The UCI engine: settings, the game record, and the search thread.
pub struct UciEngine {
    out: Output,
    settings: Settings,
    record: Box<dyn Record>,
    positions: Positions,
    search: SearchThread,
    lag: LagMeter,
    /// `ucinewgame`s so far: the seed of a weakened level's noise and choices.
    games: u64,
    /// The book `OwnBook` and `Book File` name.
    book: EngineBook,
    /// Mixed into the book's choices: this run's own, so games differ from run to run.
    book_seed: u64,
}

/// Runs the UCI loop for chess on `input` until `quit` or end of input, writing to `output`.
pub fn run<R: BufRead>(input: R, output: impl Write + Send + 'static) -> io::Result<()> {
    run_variant(input, output, "chess")
}

/// Runs the UCI loop starting with `variant` (`chess` or `xiangqi`; `UCI_Variant` still
/// switches later), until `quit` or end of input.
pub fn run_variant<R: BufRead>(
    input: R,
    output: impl Write + Send + 'static,
    variant: &str,
) -> io::Result<()> {
    UciEngine::with_variant(Output::new(output), variant)?.serve(input.lines())
}

impl UciEngine {
    /// An engine playing chess, writing to `output`.
    pub fn new(output: impl Write + Send + 'static) -> io::Result<Self> {
        Self::with_variant(Output::new(output), "chess")
    }

    /// An engine playing `variant` (one of [`options::available_variants`]), writing to
    /// `output`; an unknown variant is an error that lists the accepted ones.
    pub fn with_variant(out: Output, variant: &str) -> io::Result<Self> {
        let variant = options::known_variant(variant)?;
        let settings = Settings {
            variant: variant.to_string(),
            ..Settings::default()
        };
        let record = new_game(&settings.variant, &GameOptions::default())
            .map_err(|e| io::Error::other(e.to_string()))?;
        Ok(UciEngine {
            out,
            settings,
            search: SearchThread::new(record.thinker()),
            record,
            positions: Positions::default(),
            lag: LagMeter::default(),
            games: 0,
            book: EngineBook::default(),
            book_seed: run_seed(),
        })
    }

    /// Handles `lines` until `quit` or their end; a search still running then is stopped.
    pub fn serve(mut self, lines: impl Iterator<Item = io::Result<String>>) -> io::Result<()> {
        for line in lines {
            if !self.handle_line(&line?) {
                break;
            }
        }
        self.finish_search();
        Ok(())
    }

    fn say(&self, line: &str) {
        self.out.line(line);
    }

    fn error(&self, message: &str) {
        self.out.error(message);
    }

    /// Handles one line; false when the engine should quit.
    pub fn handle_line(&mut self, line: &str) -> bool {
        match command::parse(line) {
            Ok(Some(command)) => self.handle(command),
            Ok(None) => true,
            Err(error) => {
                self.error(&error.to_string());
                true
            }
        }
    }

    fn handle(&mut self, command: Command) -> bool {
        match command {
            Command::Uci => {
                self.say(&format!("id name {ENGINE_NAME}"));
                self.say("id author the ply developers");
                for line in options::describe(&self.settings) {
                    self.say(&line);
                }
                self.say("uciok");
            }
            Command::Debug(on) => self.settings.debug = on,
            Command::IsReady => self.say("readyok"),
            Command::Register => {}
            Command::Stop => self.finish_search(),
            Command::PonderHit => self.search.ponderhit(),
            Command::Quit => {
                self.finish_search();
                return false;
            }
            Command::SetOption { name, value } => {
                self.finish_search();
                self.set_option(&name, value.as_deref());
            }
            Command::NewGame => {
                self.finish_search();
                // The lag belongs to the GUI and the machine, not to the game: keep it.
                self.lag.untimed();
                self.search.clear();
                self.record.reset();
                self.games += 1;
                self.positions = Positions::default();
            }
            Command::Position { start, moves } => {
                self.finish_search();
                if let Err(message) = self.positions.apply(self.record.as_mut(), &start, &moves) {
                    self.error(&message);
                }
            }
            Command::Go(go) => {
                self.finish_search();
                self.go(go);
            }
            Command::Display => {
                self.finish_search();
                self.say(&format!("info string position {}", self.record.position()));
                self.say(&format!("info string status {:?}", self.record.status()));
            }
        }
        true
    }

    /// Stops the search if one runs and takes the thinker back (its `bestmove` is out then).
    pub fn finish_search(&mut self) {
        if let Some(finished) = self.search.stop() {
            self.lag.answered(finished.answered);
        }
    }

    /// Starts a new game of the variant with its options; the engines start afresh.
    fn new_game(&mut self) {
        match new_game(&self.settings.variant, &self.settings.game_options()) {
            Ok(record) => {
                self.search.replace(record.thinker());
                self.record = record;
                self.positions = Positions::default();
            }
            Err(error) => self.error(&error.to_string()),
        }
    }

    fn engine_options(&self) -> EngineOptions {
        EngineOptions {
            hash_mib: self.settings.hash_mib,
            threads: self.settings.threads,
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match options::set(&mut self.settings, name, value) {
            Ok(Change::Engine) => self.search.set_engine_options(self.engine_options()),
            Ok(Change::Game) => self.new_game(),
            Ok(Change::ClearHash) => self.search.clear(),
            Ok(Change::Book) => self.open_book(),
            Ok(Change::Nothing) => {}
            Err(message) => self.error(&message),
        }
    }

    /// Opens the book `Book File` names when `OwnBook` is on (closes it otherwise), saying
    /// which book is in use or why the file is none.
    fn open_book(&mut self) {
        let path = self
            .settings
            .own_book
            .then_some(self.settings.book_file.as_str());
        match self.book.open(path) {
            Ok(Some(described)) => self.say(&format!("info string book {described}")),
            Ok(None) if self.settings.own_book => {
                self.say("info string OwnBook is on, but no Book File is set")
            }
            Ok(None) => {}
            Err(message) => self.error(&message),
        }
    }

    /// Answers `go` from the book when it has a move here: true when it did. A `go` that
    /// asks for a search (ponder, infinite, mate, `searchmoves`) never takes a book move.
    fn answer_from_book(&mut self, go: &Go) -> bool {
        if !self.settings.own_book
            || !self.book.is_open()
            || go.ponder
            || go.infinite
            || go.mate.is_some()
            || !go.search_moves.is_empty()
        {
            return false;
        }
        let seed = game_seed(self.book_seed, self.games);
        match self.book.probe(self.record.as_ref(), seed) {
            Ok(probe) => match probe.answer() {
                Some(lines) => {
                    lines.iter().for_each(|line| self.say(line));
                    true
                }
                None => false,
            },
            Err(message) => {
                self.error(&message);
                false
            }
        }
    }

    fn limits(&self, go: &Go, side: Side) -> Limits {
        let (time, increment) = own_clock(go, side);
        let unbounded = go.depth.is_none()
            && go.nodes.is_none()
            && go.movetime.is_none()
            && time.is_none()
            && go.mate.is_none();
        // What the GUI has been charging beyond our own time comes off the clock now and off
        // every increment to come (see `lag.rs`).
        let lag = self.lag.estimate();
        Limits {
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime,
            clock: time.map(|remaining| Clock {
                remaining,
                increment: increment.unwrap_or_default().saturating_sub(lag),
                moves_to_go: go.movestogo,
            }),
            mate: go.mate,
            infinite: go.infinite || unbounded,
            move_overhead: Duration::from_millis(self.settings.move_overhead_ms) + lag,
        }
    }

    fn go(&mut self, go: Go) {
        if let Some(depth) = go.perft {
            let start = Instant::now();
            let split = self.record.perft_divide(depth);
            let total: u64 = split.iter().map(|(_, n)| n).sum();
            for (name, count) in split {
                self.say(&format!("{name}: {count}"));
            }
            self.say("");
            self.say(&format!("Nodes searched: {total}"));
            self.say(&format!(
                "info string perft time {} ms",
                start.elapsed().as_millis()
            ));
            return;
        }
        if self.record.status().is_finished() {
            rebase(self.record.as_mut());
        }
        let mut search_moves = Vec::new();
        for text in &go.search_moves {
            match self.record.parse_move(text) {
                Ok(mv) => search_moves.push(mv),
                Err(error) => self.error(&format!("searchmoves {text}: {error}")),
            }
        }
        let side = self.record.side_to_move();
        // A book move is answered before any search starts: it costs the clock nothing
        // but the probe's few reads. `go` without limits waits for `stop`, so it searches.
        if !self.limits(&go, side).infinite && self.answer_from_book(&go) {
            self.lag.untimed();
            return;
        }
        let (time, increment) = own_clock(&go, side);
        match time {
            Some(remaining) if !go.ponder && !go.infinite => self.lag.start(
                side.index(),
                remaining,
                increment.unwrap_or_default(),
                Instant::now(),
            ),
            _ => self.lag.untimed(),
        }
        let limits = self.limits(&go, side);
        let hold = Hold {
            ponder: go.ponder,
            until_stopped: go.infinite || limits.infinite,
        };
        let mut request = ThinkRequest::new(self.settings.level, limits);
        request.multipv = self.settings.multipv;
        request.skill = self
            .settings
            .strength
            .strength(self.record.ladder())
            .map(|strength| Skill {
                strength,
                seed: self.games,
            });
        request.search_moves = search_moves;
        let reply = Reply::Send(self.out.clone(), info::DIALECT);
        // A thread that cannot start has answered with the first legal move already.
        let _ = self
            .search
            .start(self.record.as_ref(), request, hold, reply);
    }
}

/// The time and increment `go` gives the side to move.
fn own_clock(go: &Go, side: Side) -> (Option<Duration>, Option<Duration>) {
    match side {
        Side::First => (go.wtime, go.winc),
        Side::Second => (go.btime, go.binc),
    }
}
