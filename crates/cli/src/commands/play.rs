//! `ply play`: a game in the terminal. The board is drawn with coordinates; people type moves
//! in the game's notation (and commands); the computer answers with its move, the positions
//! it examined and the milliseconds it took, as the seed programs do. Bad input gets a
//! one-line reason and the prompt again; the end of input ends the program cleanly.

use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::bail;
use clap::Args;
use ply_games::{Algorithm, Level, Status, Table, ThinkRequest};
use ply_search::{Limits, SearchControl, Side};

use super::analyze::score_text;
use super::play_clock::{TerminalClock, parse_control};
use crate::args::{EngineArgs, GameArgs, LimitArgs, default_limits};
use crate::render::{self, Style};

/// Arguments of `ply play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Who plays by hand: a side's name (x, o, white, black, red), first, second, both
    /// (two people) or none (watch the computer play itself).
    #[arg(long, default_value = "first")]
    pub human: String,
    /// The computer's level: classic (the seed's player) or strong.
    #[arg(long, default_value = "strong")]
    pub level: Level,
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
}

/// Runs `ply play` on standard input and output.
pub fn run(args: &PlayArgs) -> anyhow::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let color = !args.no_color && stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut game = Game::new(args, color)?;
    game.run(&mut stdin.lock(), &mut stdout.lock())
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
}

const HELP: &str = "Type a move (e.g. b2, h8, e2e4, Nf3, h2e2, C2=5) or a command:
  undo     take back your last move (and the computer's reply)
  hint     ask the computer for a move
  moves    list the legal moves
  board    draw the board again        flip   turn the board around
  position print the position string   export print the whole game
  new      start again                 quit   leave (so does end of input)";

impl Game {
    fn new(args: &PlayArgs, color: bool) -> anyhow::Result<Game> {
        let spec = args.game.spec()?;
        let mut session = args.game.table()?;
        session.thinker.set_engine_options(args.engine.options());
        let humans = humans(&args.human, session.side_names())?;
        let limits = default_limits(spec, &args.limits);
        let mut request = ThinkRequest::new(args.level, limits);
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
        })
    }

    /// Where the game stands: a fallen flag's result, else the rules'.
    fn status(&self) -> &Status {
        self.clock
            .as_ref()
            .and_then(TerminalClock::result)
            .unwrap_or_else(|| self.session.status())
    }

    fn name(&self, side: Side) -> &'static str {
        self.session.side_names()[side.index()]
    }

    fn draw(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out)?;
        write!(out, "{}", render::draw(&self.session.board(), self.style))
    }

    fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
        writeln!(
            out,
            "{} — {} moves first. Type 'help' for commands.",
            self.session.title(),
            self.name(Side::First)
        )?;
        self.draw(out)?;
        let mut announced = false;
        loop {
            if let Some(clock) = self.clock.as_mut() {
                clock.flag_fell(self.session.record.as_ref());
            }
            if let Status::Finished { winner, reason } = self.status() {
                if !announced {
                    let verdict = match *winner {
                        Some(side) => format!("{} wins", self.name(side)),
                        None => "Draw".to_string(),
                    };
                    writeln!(out, "Game over: {verdict} ({reason}).")?;
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
                Status::Ongoing { to_move } => match &self.clock {
                    Some(clock) => format!(
                        "[{}] {} to move> ",
                        clock.show(self.session.side_names(), *to_move),
                        self.name(*to_move)
                    ),
                    None => format!("{} to move> ", self.name(*to_move)),
                },
                Status::Finished { .. } => "game over (undo, new, export, quit)> ".to_string(),
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
            "help" | "?" => writeln!(out, "{HELP}")?,
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
                    .map(|m| m.display.clone())
                    .collect();
                writeln!(out, "{} legal: {}", moves.len(), moves.join(" "))?;
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
                    writeln!(out, "✗ the flag fell before the move: the game is over")?;
                    return Ok(true);
                }
                match self.session.play_text(line) {
                    Ok(_) => {
                        if let Some(clock) = self.clock.as_mut() {
                            clock.moved(mover, self.session.record.as_ref());
                        }
                        self.draw(out)?
                    }
                    Err(error) => writeln!(out, "✗ {error}")?,
                }
            }
        }
        Ok(true)
    }

    fn undo(&mut self, out: &mut dyn Write) -> anyhow::Result<()> {
        if self.clock.is_some() {
            writeln!(out, "✗ moves cannot be taken back in a timed game")?;
            return Ok(());
        }
        let mut taken = Vec::new();
        while let Some(mv) = self.session.undo() {
            taken.push(mv.display);
            let human_to_move = self.humans[self.session.side_to_move().index()];
            if human_to_move {
                break;
            }
        }
        if taken.is_empty() {
            writeln!(out, "✗ nothing to take back")?;
        } else {
            writeln!(out, "took back {}", taken.join(", "))?;
            self.draw(out)?;
        }
        Ok(())
    }

    fn hint(&mut self, out: &mut dyn Write) -> anyhow::Result<()> {
        if self.session.status().is_finished() {
            writeln!(out, "✗ the game is over")?;
            return Ok(());
        }
        let request = ThinkRequest::new(Level::Strong, self.hint_limits.clone());
        let result = self
            .session
            .think(&request, &SearchControl::default(), &mut |_| {})?;
        if let Some(best) = result.best_move {
            writeln!(
                out,
                "hint: {} (score {})",
                best.display,
                score_text(result.score)
            )?;
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
        writeln!(
            out,
            "{} plays {} (examined {} positions, {} ms, score {})",
            self.name(side),
            best.display,
            result.nodes,
            result.time_ms,
            score_text(result.score)
        )?;
        self.draw(out)?;
        Ok(())
    }
}
