//! UCI: the protocol chess GUIs (cutechess, Arena, lichess-bot, python-chess) speak, over
//! any game session (`UCI_Variant` switches to xiangqi where it exists). The loop reads
//! commands on the calling thread and searches on a worker thread, so `isready`, `stop` and
//! `ponderhit` are answered at once while the engine thinks.

pub mod command;
pub mod info;
pub mod options;

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ply_games::{GameOptions, Session, ThinkEvent, ThinkRequest, new_session};
use ply_search::{Clock, EngineOptions, Limits, SearchControl, Side};

use crate::lag::LagMeter;
use command::{Command, Go, Start};
use options::{Change, Settings};

/// The engine's name as `id name` gives it.
pub const ENGINE_NAME: &str = concat!("ply ", env!("CARGO_PKG_VERSION"));

/// Lines go out through this, from the loop and from the search thread.
type Output<W> = Arc<Mutex<W>>;

fn send<W: Write>(out: &Output<W>, line: &str) {
    // A GUI that went away is not an error worth dying for mid-search; the reader sees EOF.
    if let Ok(mut writer) = out.lock() {
        let _ = writeln!(writer, "{line}");
        let _ = writer.flush();
    }
}

/// A search running on the worker thread.
struct Running {
    control: Arc<SearchControl>,
    /// The session back, and when `bestmove` went out.
    handle: JoinHandle<(Box<dyn Session>, Instant)>,
}

/// The UCI engine: settings, the session, and the search in progress if any.
pub struct UciEngine<W: Write + Send + 'static> {
    out: Output<W>,
    settings: Settings,
    session: Option<Box<dyn Session>>,
    running: Option<Running>,
    lag: LagMeter,
}

/// Runs the UCI loop for chess on `input` until `quit` or end of input, writing to `output`.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<()> {
    run_variant(input, output, "chess")
}

/// Runs the UCI loop starting with `variant` (`chess` or `xiangqi`; `UCI_Variant` still
/// switches later), until `quit` or end of input.
pub fn run_variant<R: BufRead, W: Write + Send + 'static>(
    input: R,
    output: W,
    variant: &str,
) -> io::Result<()> {
    let mut engine = UciEngine::with_variant(output, variant)?;
    for line in input.lines() {
        let line = line?;
        if !engine.handle_line(&line) {
            break;
        }
    }
    engine.finish_search();
    Ok(())
}

impl<W: Write + Send + 'static> UciEngine<W> {
    /// An engine playing chess, writing to `output`.
    pub fn new(output: W) -> io::Result<Self> {
        Self::with_variant(output, "chess")
    }

    /// An engine playing `variant` (one of [`options::available_variants`]), writing to
    /// `output`; an unknown variant is an error that lists the accepted ones.
    pub fn with_variant(output: W, variant: &str) -> io::Result<Self> {
        let variants = options::available_variants();
        let Some(variant) = variants.iter().find(|v| v.eq_ignore_ascii_case(variant)) else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("UCI plays {}, not '{variant}'", variants.join(" or ")),
            ));
        };
        let settings = Settings {
            variant: (*variant).to_string(),
            ..Settings::default()
        };
        let session = new_session(&settings.variant, &GameOptions::default())
            .map_err(|e| io::Error::other(e.to_string()))?;
        Ok(UciEngine {
            out: Arc::new(Mutex::new(output)),
            settings,
            session: Some(session),
            running: None,
            lag: LagMeter::default(),
        })
    }

    fn say(&self, line: &str) {
        send(&self.out, line);
    }

    fn error(&self, message: &str) {
        self.say(&format!("info string error: {message}"));
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
            Command::PonderHit => {
                if let Some(running) = &self.running {
                    running.control.ponderhit();
                }
            }
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
                if let Some(session) = self.session.as_mut() {
                    session.clear_engines();
                    session.reset();
                }
            }
            Command::Position { start, moves } => {
                self.finish_search();
                self.set_position(&start, &moves);
            }
            Command::Go(go) => {
                self.finish_search();
                self.go(go);
            }
            Command::Display => {
                self.finish_search();
                if let Some(session) = &self.session {
                    self.say(&format!("info string position {}", session.position()));
                    self.say(&format!("info string status {:?}", session.status()));
                }
            }
        }
        true
    }

    /// Stops the search if one runs and takes the session back (its `bestmove` is out then).
    pub fn finish_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.control.stop();
            match running.handle.join() {
                Ok((session, answered)) => {
                    self.session = Some(session);
                    self.lag.answered(answered);
                }
                Err(_) => {
                    self.error("the search thread failed; starting a new game");
                    self.new_game_session();
                }
            }
        }
    }

    fn game_options(&self) -> GameOptions {
        GameOptions {
            chess960: self.settings.chess960 && self.settings.variant == "chess",
            ..GameOptions::default()
        }
    }

    fn new_game_session(&mut self) {
        match new_session(&self.settings.variant, &self.game_options()) {
            Ok(mut session) => {
                session.set_engine_options(self.engine_options());
                self.session = Some(session);
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
            Ok(Change::Engine) => {
                let engine = self.engine_options();
                if let Some(session) = self.session.as_mut() {
                    session.set_engine_options(engine);
                }
            }
            Ok(Change::Game) => self.new_game_session(),
            Ok(Change::ClearHash) => {
                if let Some(session) = self.session.as_mut() {
                    session.clear_engines();
                }
            }
            Ok(Change::Nothing) => {}
            Err(message) => self.error(&message),
        }
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) {
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let started = match start {
            Start::StartPos => {
                session.reset();
                Ok(())
            }
            Start::Fen(fen) => session.set_position(fen),
        };
        if let Err(error) = started {
            session.reset();
            let message = format!("{error}; using the start position");
            self.error(&message);
            return;
        }
        for (index, text) in moves.iter().enumerate() {
            let mut result = session.play(text);
            if matches!(result, Err(ply_games::MoveError::GameOver { .. })) {
                // The GUI plays on past a draw it did not claim: go on from this position.
                rebase(session.as_mut());
                result = session.play(text);
            }
            if let Err(error) = result {
                let message = format!(
                    "move {} ({text}): {error}; position set up to the move before",
                    index + 1
                );
                self.error(&message);
                return;
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
        let Some(mut session) = self.session.take() else {
            self.error("no game");
            self.say("bestmove (none)");
            return;
        };
        if let Some(depth) = go.perft {
            let start = Instant::now();
            let split = session.perft_divide(depth);
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
            self.session = Some(session);
            return;
        }
        if session.status().is_finished() {
            rebase(session.as_mut());
        }
        let mut search_moves = Vec::new();
        for text in &go.search_moves {
            match session.parse_move(text) {
                Ok(view) => search_moves.push(view.name),
                Err(error) => self.error(&format!("searchmoves {text}: {error}")),
            }
        }
        let side = session.side_to_move();
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
        let mut request = ThinkRequest::new(self.settings.level, limits);
        request.multipv = self.settings.multipv;
        request.search_moves = search_moves;
        let control = SearchControl::new();
        if go.ponder {
            control.start_pondering();
        }
        let wait_for_stop = go.infinite || request.limits.infinite;
        let out = Arc::clone(&self.out);
        let worker_control = Arc::clone(&control);
        let handle = std::thread::spawn(move || {
            search(session, &request, &worker_control, wait_for_stop, &out)
        });
        self.running = Some(Running { control, handle });
    }
}

/// The time and increment `go` gives the side to move.
fn own_clock(go: &Go, side: Side) -> (Option<Duration>, Option<Duration>) {
    match side {
        Side::First => (go.wtime, go.winc),
        Side::Second => (go.btime, go.binc),
    }
}

/// Starts the session afresh from its current position, with a fifty-move counter below
/// the limit: for GUIs that play on after a draw that could have been claimed.
fn rebase(session: &mut dyn Session) {
    let position = session.position();
    let mut fields: Vec<String> = position.split_whitespace().map(String::from).collect();
    if let Some(clock) = fields.get_mut(4)
        && clock.parse::<u32>().is_ok_and(|n| n >= 100)
    {
        *clock = "99".to_string();
    }
    let _ = session.set_position(&fields.join(" "));
}

/// The worker: thinks, reports `info` lines, waits for `stop` or `ponderhit` where the
/// protocol asks it to, then sends `bestmove` and hands the session back.
fn search<W: Write + Send + 'static>(
    mut session: Box<dyn Session>,
    request: &ThinkRequest,
    control: &SearchControl,
    wait_for_stop: bool,
    out: &Output<W>,
) -> (Box<dyn Session>, Instant) {
    let start = Instant::now();
    let mut on_event = |event: &ThinkEvent| match event {
        ThinkEvent::Iteration(line) => send(out, &info::iteration(line)),
        ThinkEvent::CurrentMove {
            name,
            number,
            depth,
        } if start.elapsed() > Duration::from_secs(3) => send(
            out,
            &format!("info depth {depth} currmove {name} currmovenumber {number}"),
        ),
        _ => {}
    };
    let result = session.think(request, control, &mut on_event);
    // In `go infinite` and while pondering, `bestmove` waits for `stop` or `ponderhit`.
    while !control.is_stopped() && (wait_for_stop || control.is_pondering()) {
        std::thread::sleep(Duration::from_millis(2));
    }
    let line = match result {
        Ok(result) => {
            let fallback = if result.best_move.is_none() {
                first_legal_move(session.as_ref())
            } else {
                None
            };
            info::bestmove(&result, fallback)
        }
        Err(error) => {
            send(out, &format!("info string error: {error}"));
            match first_legal_move(session.as_ref()) {
                Some(name) => format!("bestmove {name}"),
                None => "bestmove (none)".to_string(),
            }
        }
    };
    send(out, &line);
    (session, Instant::now())
}

fn first_legal_move(session: &dyn Session) -> Option<String> {
    session.legal_moves().first().map(|mv| mv.name.clone())
}
