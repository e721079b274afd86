//! The Gomocup (Piskvork) protocol: a manager drives the brain over text lines (START,
//! BEGIN, TURN, BOARD…DONE, INFO, TAKEBACK, ABOUT, END, SWAP2BOARD) and the brain answers
//! with `x,y` moves (0-based from the top-left), `OK`, `UNKNOWN` or `ERROR`. Lines are read
//! on their own thread, so `END` stops a search at once.

mod brain;
mod command;

pub use brain::{Brain, Settings, Thought};
pub use command::{Command, CommandError, parse_board_line, parse_command, parse_pair};

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread;

use ply_games::caro::board::{MAX_SIZE, MIN_SIZE};
use ply_games::caro::line::tables;
use ply_games::caro::{Caro, Cell, Rule};
use ply_search::{Game, Score, SearchControl, Side};

/// What `ABOUT` answers.
pub const ABOUT: &str = concat!(
    "name=\"ply\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"the ply authors\", country=\"Vietnam\", www=\"https://github.com/ply-engine/ply\""
);

/// Runs the protocol until `END` or the end of the input.
pub fn run<R, W>(input: R, mut output: W) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let shared = Arc::new(Shared {
        control: SearchControl::new(),
        end_line: AtomicUsize::new(0),
        searching_after: AtomicUsize::new(0),
    });
    let lines = spawn_reader(input, Arc::clone(&shared));
    let mut session = Loop {
        brain: Brain::new(),
        started: false,
        shared,
        lines,
        last_line: 0,
        pending: None,
    };
    session.run(&mut output)
}

/// What the reader thread and the loop share.
struct Shared {
    control: Arc<SearchControl>,
    /// Number (1-based) of the line that said `END`, 0 if none yet.
    end_line: AtomicUsize,
    /// While a search runs: the number of the last line read before it, else 0.
    searching_after: AtomicUsize,
}

/// Longest line kept, in bytes; the rest of a longer line is read and dropped.
const MAX_LINE: usize = 4096;

/// Reads lines on a thread, numbered from 1. An `END` that comes right after the command
/// being answered stops its search at once. Bytes that are not UTF-8 are replaced, not
/// fatal, and an endless line cannot fill the memory.
fn spawn_reader<R: BufRead + Send + 'static>(
    mut input: R,
    shared: Arc<Shared>,
) -> Receiver<(usize, String)> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let mut number = 0;
        while let Ok(Some(line)) = read_line(&mut input) {
            number += 1;
            if line.trim().eq_ignore_ascii_case("END") {
                shared.end_line.store(number, Ordering::SeqCst);
                let searching = shared.searching_after.load(Ordering::SeqCst);
                if searching != 0 && searching + 1 == number {
                    shared.control.stop();
                }
            }
            if sender.send((number, line)).is_err() {
                break;
            }
        }
    });
    receiver
}

/// One line without its end, at most [`MAX_LINE`] bytes of it, read as UTF-8 with bad bytes
/// replaced; `None` at the end of the input.
fn read_line<R: BufRead>(input: &mut R) -> io::Result<Option<String>> {
    let mut kept = Vec::new();
    let mut read_any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, ended) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => (&buffer[..end], Some(end + 1)),
            None => (buffer, None),
        };
        let room = MAX_LINE.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = ended.unwrap_or(buffer.len());
        input.consume(used);
        if ended.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some(String::from_utf8_lossy(&kept).into_owned()))
}

struct Loop {
    brain: Brain,
    started: bool,
    shared: Arc<Shared>,
    lines: Receiver<(usize, String)>,
    last_line: usize,
    /// A command line that cut a `BOARD` block short, to be read next.
    pending: Option<(usize, String)>,
}

/// How a `BOARD` or `SWAP2BOARD` block ended.
enum Block {
    /// `DONE`: the stones of the lines that could be read.
    Done(Vec<(usize, usize, bool)>),
    /// A command came before `DONE`: the block is dropped, the command is read next.
    CutShort,
    /// `END` or the end of the input.
    Ended,
}

impl Loop {
    fn next_line(&mut self) -> Option<String> {
        let (number, line) = match self.pending.take() {
            Some(pending) => pending,
            None => self.lines.recv().ok()?,
        };
        self.last_line = number;
        Some(line)
    }

    /// Whether `END` is the line right after the current command.
    fn end_is_next(&self) -> bool {
        self.shared.end_line.load(Ordering::SeqCst) == self.last_line + 1
    }

    fn run(&mut self, out: &mut dyn Write) -> io::Result<()> {
        while let Some(line) = self.next_line() {
            if line.trim().is_empty() {
                continue;
            }
            let command = match parse_command(&line) {
                Ok(command) => command,
                Err(error) => {
                    reply(out, &format!("ERROR {error}"))?;
                    continue;
                }
            };
            match command {
                Command::End => return Ok(()),
                Command::About => reply(out, ABOUT)?,
                Command::Unknown(text) => reply(out, &format!("UNKNOWN {}", shorten(&text)))?,
                Command::Start(size) => self.start(out, size)?,
                Command::RectStart(width, height) => {
                    if width == height {
                        self.start(out, width)?;
                    } else {
                        reply(
                            out,
                            &format!(
                                "ERROR rectangular boards ({width}x{height}) are not supported"
                            ),
                        )?;
                    }
                }
                Command::Restart => {
                    self.brain.restart();
                    self.started = true;
                    reply(out, "OK")?;
                }
                Command::Info(key, value) => self.info(out, &key, &value)?,
                Command::Begin => {
                    if self.require_start(out)? {
                        if self.brain.game().stone_count() > 0 {
                            self.brain.restart();
                        }
                        self.answer(out)?;
                    }
                }
                Command::Turn(x, y) => {
                    if self.require_start(out)? {
                        match self.brain.play(x, y) {
                            Ok(()) => self.answer(out)?,
                            Err(reason) => reply(out, &format!("ERROR {reason}"))?,
                        }
                    }
                }
                Command::Board => {
                    let stones = match self.read_block(out, "BOARD")? {
                        Block::Done(stones) => stones,
                        Block::CutShort => continue,
                        Block::Ended => return Ok(()),
                    };
                    if self.require_start(out)? {
                        match self.brain.set_board(&stones) {
                            Ok(()) => self.answer(out)?,
                            Err(reason) => reply(out, &format!("ERROR {reason}"))?,
                        }
                    }
                }
                Command::Swap2Board => {
                    let stones = match self.read_block(out, "SWAP2BOARD")? {
                        Block::Done(stones) => stones,
                        Block::CutShort => continue,
                        Block::Ended => return Ok(()),
                    };
                    if self.require_start(out)? {
                        self.swap2(out, &stones)?;
                    }
                }
                Command::Takeback(x, y) => match self.brain.takeback(x, y) {
                    Ok(()) => reply(out, "OK")?,
                    Err(reason) => reply(out, &format!("ERROR {reason}"))?,
                },
            }
        }
        Ok(())
    }

    fn start(&mut self, out: &mut dyn Write, size: usize) -> io::Result<()> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return reply(
                out,
                &format!("ERROR unsupported size {size}: ply plays {MIN_SIZE} to {MAX_SIZE}"),
            );
        }
        // Build the rule's pattern tables now, not on the clock.
        tables(self.brain.settings.rule);
        self.brain.start(size);
        self.started = true;
        reply(out, "OK")
    }

    fn require_start(&mut self, out: &mut dyn Write) -> io::Result<bool> {
        if !self.started {
            reply(out, "ERROR no game: send START first")?;
        }
        Ok(self.started)
    }

    fn info(&mut self, out: &mut dyn Write, key: &str, value: &str) -> io::Result<()> {
        let number = || value.parse::<i64>().ok().map(|n| n.max(0) as u64);
        let settings = &mut self.brain.settings;
        match key {
            "timeout_turn" | "timeout_match" | "time_left" | "max_memory" | "max_node" | "rule"
            | "game_type" => {
                let Some(n) = number() else {
                    return reply(out, &format!("ERROR INFO {key}: '{value}' is not a number"));
                };
                match key {
                    "timeout_turn" => settings.timeout_turn = Some(n),
                    "timeout_match" => settings.timeout_match = Some(n),
                    "time_left" => settings.time_left = Some(n),
                    "max_node" => settings.max_node = Some(n),
                    "max_memory" => {
                        settings.max_memory = Some(n);
                        self.brain.apply_memory();
                    }
                    "rule" => {
                        let rule = Rule::from_gomocup_bits(n as u32);
                        if rule != settings.rule {
                            settings.rule = rule;
                            tables(rule);
                            self.brain.restart();
                        }
                    }
                    _ => {} // game_type: who plays is not our concern
                }
            }
            _ => {} // folder, evaluate and keys we do not know are ignored
        }
        Ok(())
    }

    /// Reads `x,y,field` lines until `DONE`, as piskvork's pipe brains and Rapfi do: a line
    /// that is not `x,y,field` gets its own `ERROR` at once and the block goes on (the
    /// answer after `DONE` comes from the stones that could be read). A line that is a
    /// command of the protocol (`ABOUT`, `START`, `TURN` …) cannot be a stone: the manager
    /// lost its `DONE`, so the block is dropped with an `ERROR` and that command is read
    /// next, never swallowed. `END` or the end of the input ends the session.
    fn read_block(&mut self, out: &mut dyn Write, name: &str) -> io::Result<Block> {
        let mut stones = Vec::new();
        let mut lines_read = 0;
        loop {
            let Some(line) = self.next_line() else {
                return Ok(Block::Ended);
            };
            lines_read += 1;
            let trimmed = line.trim();
            if trimmed.eq_ignore_ascii_case("DONE") {
                return Ok(Block::Done(stones));
            }
            if trimmed.eq_ignore_ascii_case("END") {
                return Ok(Block::Ended);
            }
            if trimmed.is_empty() {
                continue;
            }
            match parse_board_line(trimmed) {
                Ok((x, y, field)) => stones.push((x, y, field == 1)),
                Err(_) if is_command(trimmed) => {
                    reply(
                        out,
                        &format!(
                            "ERROR {name} block without DONE: '{}' is a command, the block is dropped",
                            shorten(trimmed)
                        ),
                    )?;
                    self.pending = Some((self.last_line, line));
                    return Ok(Block::CutShort);
                }
                Err(_) => reply(
                    out,
                    &format!(
                        "ERROR {name} line {}: expected 'x,y,field' (field 1, 2 or 3) or DONE, got '{}'",
                        lines_read,
                        shorten(trimmed)
                    ),
                )?,
            }
        }
    }

    /// Prepares a search: the stop switch is cleared unless `END` is already next.
    fn begin_search(&self) {
        self.shared
            .searching_after
            .store(self.last_line, Ordering::SeqCst);
        self.shared.control.reset();
        if self.end_is_next() {
            self.shared.control.stop();
        }
    }

    fn end_search(&self) {
        self.shared.searching_after.store(0, Ordering::SeqCst);
    }

    /// Searches and sends the brain's move, unless `END` came meanwhile.
    fn answer(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.begin_search();
        let thought = self.brain.think(&self.shared.control);
        self.end_search();
        if self.end_is_next() {
            return Ok(());
        }
        match thought {
            Ok(thought) => {
                reply(out, &format!("MESSAGE {}", thought.summary))?;
                let (x, y) = self.brain.coordinates(thought.cell);
                reply(out, &format!("{x},{y}"))
            }
            Err(reason) => reply(out, &format!("ERROR {reason}")),
        }
    }

    /// Swap2: with no stones, three stones near the centre; with three or five (Black,
    /// White, Black…), take White's side with a move if it looks at least even, else SWAP.
    fn swap2(&mut self, out: &mut dyn Write, stones: &[(usize, usize, bool)]) -> io::Result<()> {
        let size = self.brain.size();
        let centre = size / 2;
        match stones.len() {
            0 => {
                let line = format!(
                    "{},{} {},{} {},{}",
                    centre,
                    centre,
                    centre + 1,
                    centre.saturating_sub(1),
                    centre.saturating_sub(1),
                    centre.saturating_sub(1)
                );
                reply(out, &line)
            }
            3 | 5 => {
                let mut cells = vec![None; size * size];
                for (index, &(x, y, _)) in stones.iter().enumerate() {
                    let Some(slot) = cells.get_mut(y * size + x).filter(|_| x < size) else {
                        return reply(out, &format!("ERROR {x},{y} is off the board"));
                    };
                    *slot = Some(if index % 2 == 0 {
                        Side::First
                    } else {
                        Side::Second
                    });
                }
                let game = Caro::from_stones(size, self.brain.settings.rule, &cells, Side::Second);
                let mut probe = Brain::new();
                probe.settings = self.brain.settings;
                probe.start(size);
                let own: Vec<(usize, usize, bool)> = stones
                    .iter()
                    .enumerate()
                    .map(|(index, &(x, y, _))| (x, y, index % 2 == 1))
                    .collect();
                if probe.set_board(&own).is_err() || game.outcome().is_some() {
                    return reply(out, "ERROR these stones are not a swap2 opening");
                }
                self.begin_search();
                let thought = probe.think(&self.shared.control);
                self.end_search();
                if self.end_is_next() {
                    return Ok(());
                }
                match thought {
                    Ok(thought) if thought.score >= Score::eval(SWAP_BELOW) => {
                        if let Err(reason) = self.brain.set_board(&own) {
                            return reply(out, &format!("ERROR {reason}"));
                        }
                        self.brain.play_cell(thought.cell);
                        let (x, y) = self.brain.coordinates(thought.cell);
                        reply(out, &format!("{x},{y}"))
                    }
                    _ => reply(out, "SWAP"),
                }
            }
            other => reply(
                out,
                &format!("ERROR a swap2 board has 0, 3 or 5 stones, not {other}"),
            ),
        }
    }
}

/// In swap2, White's side is taken when its score is at least this.
const SWAP_BELOW: i32 = -60;

impl Brain {
    /// Plays a cell the brain chose (for swap2).
    fn play_cell(&mut self, cell: Cell) {
        let (x, y) = self.coordinates(cell);
        self.play(x, y).ok();
    }
}

/// Whether a line is a command of the protocol (not `DONE`, not a stone).
fn is_command(line: &str) -> bool {
    !matches!(parse_command(line), Ok(Command::Unknown(_)))
}

/// A manager's line as quoted back in an `ERROR`: at most 60 characters.
fn shorten(line: &str) -> String {
    const SHOWN: usize = 60;
    match line.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_string(),
    }
}

fn reply(out: &mut dyn Write, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}
