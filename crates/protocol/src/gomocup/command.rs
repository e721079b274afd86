//! Gomocup (Piskvork) manager commands, one line each, read into values; a line that is not
//! a command we know is `Unknown`, a known command with bad arguments is an error.

use thiserror::Error;

/// A command from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START size`: a new game on a square board.
    Start(usize),
    /// `RECTSTART width,height`: a new game on a rectangular board.
    RectStart(usize, usize),
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: the brain plays first.
    Begin,
    /// `TURN x,y`: the opponent played there; the brain answers.
    Turn(usize, usize),
    /// `BOARD`: a position follows, one `x,y,field` a line, then `DONE`.
    Board,
    /// `SWAP2BOARD`: a swap2 opening step follows, as with `BOARD`.
    Swap2Board,
    /// `INFO key value`.
    Info(String, String),
    /// `TAKEBACK x,y`: the stone on x,y is taken back.
    Takeback(usize, usize),
    /// `ABOUT`: who the brain is.
    About,
    /// `END`: quit.
    End,
    /// A command this brain does not know.
    Unknown(String),
}

/// A known command whose arguments could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{command}: {reason}")]
pub struct CommandError {
    /// The command.
    pub command: String,
    /// What was wrong.
    pub reason: String,
}

fn error(command: &str, reason: impl Into<String>) -> CommandError {
    CommandError {
        command: command.to_string(),
        reason: reason.into(),
    }
}

/// Reads `x,y` (both non-negative integers).
pub fn parse_pair(text: &str) -> Option<(usize, usize)> {
    let mut parts = text.split(',').map(str::trim);
    let x = parts.next()?.parse().ok()?;
    let y = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((x, y))
}

/// Reads one line from the manager.
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    let name = word.to_ascii_uppercase();
    let pair = |what: &str| {
        parse_pair(rest).ok_or_else(|| {
            error(
                &name,
                format!("expected {what} as two numbers 'x,y', got '{rest}'"),
            )
        })
    };
    Ok(match name.as_str() {
        "START" => Command::Start(
            rest.parse()
                .map_err(|_| error(&name, format!("expected a board size, got '{rest}'")))?,
        ),
        "RECTSTART" => {
            let (width, height) = pair("the width and height")?;
            Command::RectStart(width, height)
        }
        "RESTART" => Command::Restart,
        "BEGIN" => Command::Begin,
        "TURN" => {
            let (x, y) = pair("the opponent's move")?;
            Command::Turn(x, y)
        }
        "BOARD" => Command::Board,
        "SWAP2BOARD" => Command::Swap2Board,
        "INFO" => {
            let (key, value) = rest
                .split_once(char::is_whitespace)
                .map(|(key, value)| (key, value.trim()))
                .unwrap_or((rest, ""));
            if key.is_empty() {
                return Err(error(&name, "expected a key and a value"));
            }
            Command::Info(key.to_ascii_lowercase(), value.to_string())
        }
        "TAKEBACK" => {
            let (x, y) = pair("the stone to take back")?;
            Command::Takeback(x, y)
        }
        "ABOUT" => Command::About,
        "END" => Command::End,
        _ => Command::Unknown(line.to_string()),
    })
}

/// One `x,y,field` line of a `BOARD` block: the cell and whose stone (1 own, 2 the
/// opponent's, 3 a stone of a winning line in continuous games).
pub fn parse_board_line(line: &str) -> Result<(usize, usize, u8), CommandError> {
    let mut parts = line.trim().split(',').map(str::trim);
    let mut number = || parts.next().and_then(|part| part.parse::<usize>().ok());
    match (number(), number(), number(), parts.next()) {
        (Some(x), Some(y), Some(field @ 1..=3), None) => Ok((x, y, field as u8)),
        _ => Err(error(
            "BOARD",
            format!(
                "expected 'x,y,field' with field 1, 2 or 3, got '{}'",
                line.trim()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_as_managers_send_them() {
        assert_eq!(parse_command("START 15"), Ok(Command::Start(15)));
        assert_eq!(parse_command("start 20\r"), Ok(Command::Start(20)));
        assert_eq!(
            parse_command("RECTSTART 20,15"),
            Ok(Command::RectStart(20, 15))
        );
        assert_eq!(parse_command("TURN 7,8"), Ok(Command::Turn(7, 8)));
        assert_eq!(
            parse_command("INFO timeout_turn 1000"),
            Ok(Command::Info("timeout_turn".into(), "1000".into()))
        );
        assert_eq!(parse_command("TAKEBACK 3, 4"), Ok(Command::Takeback(3, 4)));
        assert_eq!(
            parse_command("YXSHOWINFO"),
            Ok(Command::Unknown("YXSHOWINFO".into()))
        );
        assert!(parse_command("START fifteen").is_err());
        assert!(parse_command("TURN 7").is_err());
        assert!(parse_command("TURN -1,3").is_err());
        assert!(parse_command("INFO").is_err());
        assert_eq!(parse_board_line("3,4,1"), Ok((3, 4, 1)));
        assert!(parse_board_line("3,4,7").is_err());
        assert!(parse_board_line("3,4").is_err());
        assert!(parse_board_line("3,4,1,9").is_err());
    }
}
