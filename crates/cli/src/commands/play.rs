//! `ply play`: a game in the terminal. The board is drawn with coordinates; people type moves
//! in the game's notation (and commands); the computer answers with its move, the positions
//! it examined and the milliseconds it took, as the seed programs do. Bad input gets a
//! one-line reason and the prompt again; the end of input ends the program cleanly. It
//! speaks English or Vietnamese (`--lang`, else the locale) and writes moves in the
//! notation chosen with `--notation` (typed moves are read in it first).

use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::bail;
use clap::Args;
use ply_games::{Algorithm, Level, MoveView, Notation, PlayerLevel, Status, Table, ThinkRequest};
use ply_search::{Limits, SearchControl, Side};

use super::analyze::score_text;
use super::play_clock::{TerminalClock, parse_control};
use crate::args::{EngineArgs, GameArgs, LimitArgs, default_limits};
use crate::render::{self, Style};
use crate::words::{Lang, Words};

/// Arguments of `ply play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Who plays by hand: a side's name (x, o, white, black, red), first, second, both
    /// (two people) or none (watch the computer play itself).
    #[arg(long, default_value = "first")]
    pub human: String,
    /// The computer's level: 1 (a beginner) to 8 (the full engine; also `strong`), or
    /// classic (the seed tutorial's alpha-beta, a teaching opponent).
    #[arg(long, default_value = "8")]
    pub level: PlayerLevel,
    /// The computer's algorithm: minimax, alphabeta or engine (default: the level's own).
    #[arg(long)]
    pub algorithm: Option<Algorithm>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// No colours, even on a terminal.
    #[arg(long)]
    pub no_color: bool,
    /// Letters instead of Unicode pieces.
    #[arg(long)]
    pub ascii: bool,
    /// Show the board from the second player's side.
    #[arg(long)]
    pub flip: bool,
    /// Play on a clock: minutes per side + increment in seconds (5+3, 1+0, 0.5+1). The
    /// computer thinks on its own clock; a fallen flag loses (or draws when the other side
    /// cannot win); undo is refused.
    #[arg(long, value_parser = parse_control)]
    pub clock: Option<ply_web::clock::TimeControl>,
    /// The language: en or vi (default: from LC_ALL, LC_MESSAGES or LANG).
    #[arg(long)]
    pub lang: Option<Lang>,
    /// How moves are written and read first: xiangqi wxf, chinese, vietnamese or
    /// coordinates; chess san, vietnamese (SAN with V H X T M) or coordinates (default: the
    /// game's usual one).
    #[arg(long)]
    pub notation: Option<Notation>,
}

/// Runs `ply play` on standard input and output.
pub fn run(args: &PlayArgs) -> anyhow::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let color = !args.no_color && stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut game = Game::new(args, color)?;
    game.run(&mut stdin.lock(), &mut stdout.lock())
}

/// A seed for a level's noise and choices: new every session, so a level does not play the
/// same game twice.
fn session_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64)
}

/// Which sides people play.
fn humans(text: &str, names: [&str; 2]) -> anyhow::Result<[bool; 2]> {
    let wanted = text.trim().to_lowercase();
    Ok(match wanted.as_str() {
        "both" => [true, true],
        "none" => [false, false],
        "first" => [true, false],
        "second" => [false, true],
        other if other == names[0].to_lowercase() => [true, false],
        other if other == names[1].to_lowercase() => [false, true],
        other => bail!(
            "--human '{other}' is not a side: expected {}, {}, first, second, both or none",
            names[0].to_lowercase(),
            names[1].to_lowercase()
        ),
    })
}

struct Game {
    session: Table,
    humans: [bool; 2],
    request: ThinkRequest,
    hint_limits: Limits,
    style: Style,
    clock: Option<TerminalClock>,
    words: Words,
    notation: Notation,
    title: String,
}

impl Game {
    fn new(args: &PlayArgs, color: bool) -> anyhow::Result<Game> {
        let spec = args.game.spec()?;
        let mut session = args.game.table()?;
        session.thinker.set_engine_options(args.engine.options());
        let humans = humans(&args.human, session.side_names())?;
        let offered = session.notations();
        let notation = match args.notation {
            Some(notation) if offered.contains(&notation) => notation,
            Some(notation) => bail!(
                "{} has no {notation} notation: it offers {}",
                spec.name,
                offered
                    .iter()
                    .map(|n| n.key())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None => offered.first().copied().unwrap_or(Notation::Coordinates),
        };
        let words = Words(Lang::choose(args.lang));
        let title = words.title(spec, &args.game.options(), &session.title());
        let limits = default_limits(spec, &args.limits);
        let mut request = args.level.request(limits, session_seed());
        request.algorithm = args.algorithm;
        Ok(Game {
            session,
            humans,
            request,
            hint_limits: default_limits(spec, &LimitArgs::default()),
            style: Style {
                color,
                ascii: args.ascii,
                flipped: args.flip,
            },
            clock: args.clock.map(TerminalClock::new),
            words,
            notation,
            title,
        })
    }

    /// Where the game stands: a fallen flag's result, else the rules'.
    fn status(&self) -> &Status {
        self.clock
            .as_ref()
            .and_then(TerminalClock::result)
            .unwrap_or_else(|| self.session.status())
    }

    fn name(&self, side: Side) -> String {
        self.words.side_of(self.session.side_names(), side)
    }

    /// A move in the chosen notation.
    fn shown(&self, mv: &MoveView) -> String {
        mv.names.in_notation(self.notation).to_string()
    }

    fn draw(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out)?;
        let labels = self.session.board_labels(self.notation);
        let board = render::draw_labelled(&self.session.board(), &labels, self.style);
        write!(out, "{board}")
    }

    fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
        writeln!(
            out,
            "{}",
            self.words.intro(&self.title, &self.name(Side::First))
        )?;
        self.draw(out)?;
        let mut announced = false;
        loop {
            if let Some(clock) = self.clock.as_mut() {
                clock.flag_fell(self.session.record.as_ref());
            }
            if let Status::Finished { winner, reason } = self.status() {
                if !announced {
                    let winner = winner.map(|side| self.name(side));
                    let reason = self.words.reason(reason);
                    writeln!(out, "{}", self.words.game_over(winner.as_deref(), &reason))?;
                    announced = true;
                }
                if !self.humans.contains(&true) {
                    return Ok(());
                }
            } else {
                announced = false;
                let side = self.session.side_to_move();
                if !self.humans[side.index()] {
                    self.computer_move(out)?;
                    continue;
                }
            }
            let prompt = match self.status() {
                Status::Ongoing { to_move } => {
                    let asked = self.words.prompt(&self.name(*to_move));
                    match &self.clock {
                        Some(clock) => {
                            let [first, second] = self.session.side_names();
                            let names = [self.words.side(first), self.words.side(second)];
                            let shown = clock.show([&names[0], &names[1]], *to_move);
                            format!("[{shown}] {asked}")
                        }
                        None => asked,
                    }
                }
                Status::Finished { .. } => self.words.prompt_over().to_string(),
            };
            write!(out, "{prompt}")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                return Ok(());
            }
            if !self.command(line.trim(), out)? {
                return Ok(());
            }
        }
    }

    /// Handles one line; false means quit.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> anyhow::Result<bool> {
        match line.to_lowercase().as_str() {
            "" => {}
            "quit" | "exit" | "q" => return Ok(false),
            "help" | "?" | "trợ giúp" => {
                let example = self
                    .session
                    .legal_moves()
                    .first()
                    .map(|mv| self.shown(mv))
                    .unwrap_or_else(|| "b2".to_string());
                writeln!(out, "{}", self.words.help(&example))?
            }
            "board" => self.draw(out)?,
            "flip" => {
                self.style.flipped = !self.style.flipped;
                self.draw(out)?;
            }
            "position" | "fen" => writeln!(out, "{}", self.session.position())?,
            "export" | "pgn" => write!(out, "{}", self.session.export())?,
            "moves" => {
                let moves: Vec<String> = self
                    .session
                    .legal_moves()
                    .iter()
                    .map(|m| self.shown(m))
                    .collect();
                writeln!(out, "{}", self.words.legal(&moves))?;
            }
            "new" => {
                self.session.reset();
                if let Some(clock) = self.clock.as_mut() {
                    clock.restart();
                }
                self.draw(out)?;
            }
            "undo" => self.undo(out)?,
            "hint" => self.hint(out)?,
            _ => {
                let mover = self.session.side_to_move();
                if let Some(clock) = self.clock.as_mut()
                    && clock.flag_fell(self.session.record.as_ref())
                {
                    writeln!(out, "{}", self.words.flag_fell())?;
                    return Ok(true);
                }
                match self
                    .session
                    .parse_move_in(line, self.notation)
                    .and_then(|mv| self.session.play(mv).map(|_| ()))
                {
                    Ok(()) => {
                        if let Some(clock) = self.clock.as_mut() {
                            clock.moved(mover, self.session.record.as_ref());
                        }
                        self.draw(out)?
                    }
                    Err(error) => writeln!(out, "{}", self.words.refused(&error))?,
                }
            }
        }
        Ok(true)
    }

    fn undo(&mut self, out: &mut dyn Write) -> anyhow::Result<()> {
        if self.clock.is_some() {
            writeln!(out, "{}", self.words.no_undo_on_clock())?;
            return Ok(());
        }
        let mut taken = Vec::new();
        while let Some(mv) = self.session.undo() {
            taken.push(self.shown(&mv));
            let human_to_move = self.humans[self.session.side_to_move().index()];
            if human_to_move {
                break;
            }
        }
        if taken.is_empty() {
            writeln!(out, "{}", self.words.nothing_to_undo())?;
        } else {
            writeln!(out, "{}", self.words.took_back(&taken))?;
            self.draw(out)?;
        }
        Ok(())
    }

    fn hint(&mut self, out: &mut dyn Write) -> anyhow::Result<()> {
        if self.session.status().is_finished() {
            writeln!(out, "{}", self.words.over_already())?;
            return Ok(());
        }
        let request = ThinkRequest::new(Level::Strong, self.hint_limits.clone());
        let result = self
            .session
            .think(&request, &SearchControl::default(), &mut |_| {})?;
        if let Some(best) = result.best_move {
            let hint = self
                .words
                .hint(&self.shown(&best), &score_text(result.score));
            writeln!(out, "{hint}")?;
        }
        Ok(())
    }

    fn computer_move(&mut self, out: &mut dyn Write) -> anyhow::Result<()> {
        let side = self.session.side_to_move();
        let (request, control) = match &self.clock {
            Some(clock) => {
                let (limits, control) = clock.think_limits(side, &self.request.limits);
                let request = ThinkRequest {
                    limits,
                    ..self.request.clone()
                };
                (request, control)
            }
            None => (self.request.clone(), SearchControl::new()),
        };
        let result = self.session.think(&request, &control, &mut |_| {})?;
        let Some(best) = result.best_move else {
            bail!("the computer found no move in an unfinished game");
        };
        if let Some(clock) = self.clock.as_mut()
            && clock.flag_fell(self.session.record.as_ref())
        {
            return Ok(());
        }
        self.session.play(best.id)?;
        if let Some(clock) = self.clock.as_mut() {
            clock.moved(side, self.session.record.as_ref());
        }
        let line = self.words.plays(
            &self.name(side),
            &self.shown(&best),
            result.nodes,
            result.time_ms,
            &score_text(result.score),
        );
        writeln!(out, "{line}")?;
        self.draw(out)?;
        Ok(())
    }
}
