//! UCI lines from the GUI, parsed into typed commands. Garbage is an error value with a
//! message, never a panic; unknown commands are reported, not guessed at.

use std::time::Duration;

use thiserror::Error;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`.
    StartPos,
    /// `fen …` (the FEN's fields joined by spaces).
    Fen(String),
}

/// The parameters of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Restrict the search to these moves.
    pub search_moves: Vec<String>,
    /// Search in ponder mode.
    pub ponder: bool,
    /// White's clock.
    pub wtime: Option<Duration>,
    /// Black's clock.
    pub btime: Option<Duration>,
    /// White's increment.
    pub winc: Option<Duration>,
    /// Black's increment.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Depth limit.
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Mate search in this many moves.
    pub mate: Option<u32>,
    /// Exact time for this move.
    pub movetime: Option<Duration>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Count the legal-move tree instead (`go perft N`, as Stockfish).
    pub perft: Option<u32>,
}

/// A command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its value, if given.
        value: Option<String>,
    },
    /// `register …` (nothing to register; acknowledged and ignored).
    Register,
    /// `ucinewgame`.
    NewGame,
    /// `position startpos|fen … [moves …]`.
    Position {
        /// The start.
        start: Start,
        /// Moves played from it.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: show the position (a common debugging extension).
    Display,
}

/// A line that is not a command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not a UCI command at all.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// A command with a malformed argument.
    #[error("{command}: {reason}")]
    BadArgument {
        /// The command.
        command: &'static str,
        /// What is wrong.
        reason: String,
    },
}

fn bad(command: &'static str, reason: impl Into<String>) -> ParseError {
    ParseError::BadArgument {
        command,
        reason: reason.into(),
    }
}

/// Parses one line. Empty lines give `Ok(None)`. As the protocol asks, an unknown first
/// token is skipped if a known command follows it on the line.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.is_empty() {
        return Ok(None);
    }
    for start in 0..tokens.len() {
        if let Some(result) = parse_from(&tokens[start..]) {
            return result.map(Some);
        }
    }
    Err(ParseError::Unknown(line.trim().chars().take(80).collect()))
}

fn parse_from(tokens: &[&str]) -> Option<Result<Command, ParseError>> {
    let (&head, rest) = tokens.split_first()?;
    Some(match head {
        "uci" => Ok(Command::Uci),
        "isready" => Ok(Command::IsReady),
        "ucinewgame" => Ok(Command::NewGame),
        "stop" => Ok(Command::Stop),
        "ponderhit" => Ok(Command::PonderHit),
        "quit" => Ok(Command::Quit),
        "register" => Ok(Command::Register),
        "d" => Ok(Command::Display),
        "debug" => match rest.first() {
            Some(&"on") => Ok(Command::Debug(true)),
            Some(&"off") | None => Ok(Command::Debug(false)),
            Some(other) => Err(bad("debug", format!("expected on or off, not '{other}'"))),
        },
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "go" => parse_go(rest).map(Command::Go),
        _ => return None,
    })
}

fn parse_setoption(tokens: &[&str]) -> Result<Command, ParseError> {
    if tokens.first() != Some(&"name") {
        return Err(bad(
            "setoption",
            "expected 'setoption name <name> [value <value>]'",
        ));
    }
    let rest = &tokens[1..];
    let value_at = rest.iter().position(|&t| t == "value");
    let (name, value) = match value_at {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(bad("setoption", "the option name is missing"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(tokens: &[&str]) -> Result<Command, ParseError> {
    let moves_at = tokens.iter().position(|&t| t == "moves");
    let (head, moves) = match moves_at {
        Some(at) => (&tokens[..at], &tokens[at + 1..]),
        None => (tokens, &[][..]),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"startpos", extra)) => {
            return Err(bad(
                "position",
                format!("unexpected '{}' after startpos", extra.join(" ")),
            ));
        }
        Some((&"fen", fields)) if !fields.is_empty() => Start::Fen(fields.join(" ")),
        Some((&"fen", _)) => return Err(bad("position", "fen needs a position")),
        _ => {
            return Err(bad(
                "position",
                "expected 'position startpos [moves …]' or 'position fen <fen> [moves …]'",
            ));
        }
    };
    Ok(Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

const GO_KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

fn number<T: std::str::FromStr>(keyword: &str, value: Option<&&str>) -> Result<T, ParseError> {
    let text = value.ok_or_else(|| bad("go", format!("{keyword} needs a number")))?;
    text.parse()
        .map_err(|_| bad("go", format!("{keyword} needs a number, not '{text}'")))
}

/// Milliseconds; negative clocks (some GUIs send them after a flag) count as zero.
fn millis(keyword: &str, value: Option<&&str>) -> Result<Duration, ParseError> {
    let ms: i64 = number(keyword, value)?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

fn parse_go(tokens: &[&str]) -> Result<Go, ParseError> {
    let mut go = Go::default();
    let mut index = 0;
    while let Some(&keyword) = tokens.get(index) {
        let value = tokens.get(index + 1);
        let mut used = 2;
        match keyword {
            "searchmoves" => {
                let moves: Vec<String> = tokens[index + 1..]
                    .iter()
                    .take_while(|t| !GO_KEYWORDS.contains(t))
                    .map(|t| t.to_string())
                    .collect();
                used = 1 + moves.len();
                go.search_moves = moves;
            }
            "ponder" => {
                go.ponder = true;
                used = 1;
            }
            "infinite" => {
                go.infinite = true;
                used = 1;
            }
            "wtime" => go.wtime = Some(millis(keyword, value)?),
            "btime" => go.btime = Some(millis(keyword, value)?),
            "winc" => go.winc = Some(millis(keyword, value)?),
            "binc" => go.binc = Some(millis(keyword, value)?),
            "movestogo" => go.movestogo = Some(number(keyword, value)?),
            "depth" => go.depth = Some(number(keyword, value)?),
            "nodes" => go.nodes = Some(number(keyword, value)?),
            "mate" => go.mate = Some(number(keyword, value)?),
            "movetime" => go.movetime = Some(millis(keyword, value)?),
            "perft" => go.perft = Some(number(keyword, value)?),
            other => return Err(bad("go", format!("unknown parameter '{other}'"))),
        }
        index += used;
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_commands() {
        assert_eq!(parse("uci"), Ok(Some(Command::Uci)));
        assert_eq!(parse("  "), Ok(None));
        assert_eq!(parse("joho isready"), Ok(Some(Command::IsReady)));
        assert_eq!(
            parse("setoption name Move Overhead value 100"),
            Ok(Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            }))
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }))
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2"),
            Ok(Some(Command::Position {
                start: Start::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            }))
        );
    }

    #[test]
    fn parses_go() {
        let Ok(Some(Command::Go(go))) = parse(
            "go wtime 1000 btime -5 winc 10 binc 10 movestogo 5 searchmoves e2e4 d2d4 ponder",
        ) else {
            panic!("go parses");
        };
        assert_eq!(go.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(go.btime, Some(Duration::ZERO));
        assert_eq!(go.movestogo, Some(5));
        assert_eq!(go.search_moves, ["e2e4", "d2d4"]);
        assert!(go.ponder);
        let Ok(Some(Command::Go(go))) = parse("go infinite") else {
            panic!("go parses");
        };
        assert!(go.infinite);
    }

    #[test]
    fn garbage_is_an_error() {
        for line in [
            "hello",
            "go depth",
            "go depth x",
            "go nodes -3",
            "go sideways",
            "position",
            "position fen",
            "position startpos junk",
            "setoption",
            "setoption name",
            "debug maybe",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
    }
}
