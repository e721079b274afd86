//! UCCI commands as ElephantEye reads them, parsed from one line into a typed value; bad
//! lines become an [`UcciError`] that says what was expected, never a panic.

use thiserror::Error;

/// A line the engine could not use.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UcciError {
    /// The first word is no UCCI command.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// A command whose arguments are wrong.
    #[error("{command}: {reason}")]
    BadArguments {
        /// The command.
        command: &'static str,
        /// What was wrong and what is expected.
        reason: String,
    },
}

fn bad(command: &'static str, reason: impl Into<String>) -> UcciError {
    UcciError::BadArguments {
        command,
        reason: reason.into(),
    }
}

/// Where `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The usual start position.
    StartPos,
    /// A FEN.
    Fen(String),
}

/// How long `go` may think (times in the units `usemillisec` chose: seconds by default).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `go ponder`.
    pub ponder: bool,
    /// `go draw`: the opponent offers a draw.
    pub draw_offered: bool,
    /// `depth N` (`depth infinite` leaves it unset with `infinite`).
    pub depth: Option<u32>,
    /// `depth infinite`, or `go` with no limit.
    pub infinite: bool,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `time T`: the clock of the side to move.
    pub time: Option<u64>,
    /// `movestogo M`.
    pub moves_to_go: Option<u32>,
    /// `increment I`.
    pub increment: Option<u64>,
}

/// One UCCI command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ucci`: identify and list options.
    Ucci,
    /// `isready`.
    IsReady,
    /// `setoption <name> [<value>]` (also `setoption name <name> value <value>`).
    SetOption {
        /// Lower-case option name.
        name: String,
        /// The value, if any.
        value: Option<String>,
    },
    /// `position {fen <fen> | startpos} [moves <m>…]`.
    Position {
        /// The start.
        start: Start,
        /// Moves played from it.
        moves: Vec<String>,
    },
    /// `banmoves <m>…`: root moves not to play.
    BanMoves(Vec<String>),
    /// `go …`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit [draw]`.
    PonderHit,
    /// `probe {fen … | startpos} [moves …]`: what the table knows of a position.
    Probe,
    /// `quit`.
    Quit,
}

fn number<T: std::str::FromStr>(
    command: &'static str,
    what: &str,
    word: Option<&str>,
) -> Result<T, UcciError> {
    let word = word.ok_or_else(|| bad(command, format!("{what} needs a number")))?;
    word.parse()
        .map_err(|_| bad(command, format!("{what} '{word}' is not a number")))
}

fn parse_position(
    command: &'static str,
    words: &[&str],
) -> Result<(Start, Vec<String>), UcciError> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(at) => (&words[..at], &words[at + 1..]),
        None => (words, &[][..]),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"fen", rest)) if !rest.is_empty() => Start::Fen(rest.join(" ")),
        Some((&"fen", _)) => return Err(bad(command, "fen needs a FEN")),
        _ => {
            return Err(bad(
                command,
                "expected 'startpos' or 'fen <fen>', then optionally 'moves <move>…'",
            ));
        }
    };
    Ok((start, moves.iter().map(|m| m.to_string()).collect()))
}

fn parse_go(words: &[&str]) -> Result<Go, UcciError> {
    let mut go = Go::default();
    let mut words = words.iter().copied();
    while let Some(word) = words.next() {
        match word {
            "ponder" => go.ponder = true,
            "draw" => go.draw_offered = true,
            "depth" => match words.next() {
                Some("infinite") => go.infinite = true,
                other => go.depth = Some(number("go", "depth", other)?),
            },
            "nodes" => go.nodes = Some(number("go", "nodes", words.next())?),
            "time" => go.time = Some(number("go", "time", words.next())?),
            "movestogo" => go.moves_to_go = Some(number("go", "movestogo", words.next())?),
            "increment" => go.increment = Some(number("go", "increment", words.next())?),
            "opptime" | "oppmovestogo" | "oppincrement" => {
                let _: u64 = number("go", word, words.next())?;
            }
            "infinite" => go.infinite = true,
            other => {
                return Err(bad(
                    "go",
                    format!(
                        "unknown word '{other}': expected ponder, draw, depth, nodes, time, movestogo, increment, opptime, oppmovestogo, oppincrement"
                    ),
                ));
            }
        }
    }
    if go.depth.is_none() && go.nodes.is_none() && go.time.is_none() {
        go.infinite = true;
    }
    Ok(go)
}

impl Command {
    /// Reads one line; `Ok(None)` for a blank line.
    pub fn parse(line: &str) -> Result<Option<Command>, UcciError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Ok(None);
        };
        let command = match first {
            "ucci" => Command::Ucci,
            "isready" => Command::IsReady,
            "setoption" => {
                let rest: Vec<&str> = rest.iter().copied().filter(|w| *w != "name").collect();
                let (name, value) = match rest.iter().position(|w| *w == "value") {
                    Some(at) => (rest[..at].join(" "), Some(rest[at + 1..].join(" "))),
                    None => match rest.split_first() {
                        Some((name, value)) if !value.is_empty() => {
                            (name.to_string(), Some(value.join(" ")))
                        }
                        Some((name, _)) => (name.to_string(), None),
                        None => return Err(bad("setoption", "expected an option name")),
                    },
                };
                Command::SetOption {
                    name: name.to_ascii_lowercase(),
                    value,
                }
            }
            "position" => {
                let (start, moves) = parse_position("position", rest)?;
                Command::Position { start, moves }
            }
            "banmoves" => Command::BanMoves(rest.iter().map(|m| m.to_string()).collect()),
            "go" => Command::Go(parse_go(rest)?),
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "probe" => Command::Probe,
            "quit" | "bye" => Command::Quit,
            other => return Err(UcciError::Unknown(other.to_string())),
        };
        Ok(Some(command))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse() {
        assert_eq!(Command::parse("  "), Ok(None));
        assert_eq!(Command::parse("ucci"), Ok(Some(Command::Ucci)));
        assert_eq!(
            Command::parse("setoption hashsize 64"),
            Ok(Some(Command::SetOption {
                name: "hashsize".into(),
                value: Some("64".into())
            }))
        );
        assert_eq!(
            Command::parse("setoption newgame"),
            Ok(Some(Command::SetOption {
                name: "newgame".into(),
                value: None
            }))
        );
        let Ok(Some(Command::Position { start, moves })) =
            Command::parse("position fen 9/9/9/9/9/9/9/9/9/4K4 w - - 0 1 moves e0e1 e1e0")
        else {
            panic!("position parses");
        };
        assert_eq!(start, Start::Fen("9/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into()));
        assert_eq!(moves, ["e0e1", "e1e0"]);
        let Ok(Some(Command::Go(go))) =
            Command::parse("go ponder time 300 movestogo 40 opptime 290")
        else {
            panic!("go parses");
        };
        assert!(go.ponder && !go.infinite);
        assert_eq!((go.time, go.moves_to_go), (Some(300), Some(40)));
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(matches!(Command::parse("fly"), Err(UcciError::Unknown(_))));
        assert!(Command::parse("go depth many").is_err());
        assert!(Command::parse("go time").is_err());
        assert!(Command::parse("position").is_err());
        assert!(Command::parse("position fen").is_err());
        assert!(Command::parse("go sideways").is_err());
    }
}
