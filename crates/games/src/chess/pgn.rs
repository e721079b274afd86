//! PGN: writing a whole game (the seven-tag roster, `SetUp`/`FEN` for other starts,
//! `Variant` for Chess960, numbered SAN moves wrapped at 80 columns, the result) and reading
//! one back (tags, comments, variations, NAGs, move numbers and annotation marks skipped).

use ply_search::{Game, Side};
use thiserror::Error;

use super::fen;
use super::notation::{parse_move, uci_name};
use super::position::Chess;
use crate::session::{MoveView, Status};

/// A game read from PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// The start position as FEN.
    pub start_fen: String,
    /// Whether the game is Chess960 (a `Variant` tag saying so).
    pub chess960: bool,
    /// The moves in UCI coordinates (what `Record::play_text` and protocols read).
    pub moves: Vec<String>,
    /// The moves in SAN, as written canonically.
    pub san: Vec<String>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if the game had one.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// Why a PGN could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PgnError {
    /// The FEN tag is not a legal position.
    #[error("bad FEN tag: {0}")]
    Fen(String),
    /// A move could not be played.
    #[error("move {number} ('{text}'): {reason}")]
    Move {
        /// The move number as the PGN counts it, with "..." for Black.
        number: String,
        /// The move as written.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// A tag pair is malformed.
    #[error("bad tag pair: {0}")]
    Tag(String),
}

/// The tags of the seven-tag roster (and `TimeControl`) a game is written with; `?` where
/// nothing is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roster {
    /// `Event`.
    pub event: String,
    /// `Site`.
    pub site: String,
    /// `Date`, `YYYY.MM.DD` (`??` for unknown parts).
    pub date: String,
    /// `Round`.
    pub round: String,
    /// `White`: the player of the white pieces.
    pub white: String,
    /// `Black`.
    pub black: String,
    /// `TimeControl` (`300+3`, `-` for none), when known.
    pub time_control: Option<String>,
}

impl Default for Roster {
    fn default() -> Self {
        Roster {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "?".into(),
            white: "?".into(),
            black: "?".into(),
            time_control: None,
        }
    }
}

/// The PGN result token for a status.
pub fn result_token(status: &Status) -> &'static str {
    match status {
        Status::Finished {
            winner: Some(Side::First),
            ..
        } => "1-0",
        Status::Finished {
            winner: Some(Side::Second),
            ..
        } => "0-1",
        Status::Finished { winner: None, .. } => "1/2-1/2",
        Status::Ongoing { .. } => "*",
    }
}

/// Writes a game as PGN with unknown players (see [`write`]).
pub fn export(start: &Chess, moves: &[MoveView], status: &Status) -> String {
    let names: Vec<String> = moves.iter().map(|mv| mv.name.clone()).collect();
    write(start, &names, status, &Roster::default()).unwrap_or_default()
}

/// Writes a game as PGN: the roster, `TimeControl`, `Variant` for Chess960, `SetUp`/`FEN`
/// for another start, `Termination` when it ended, then numbered SAN moves wrapped at 80
/// columns. The moves are UCI names, replayed (and checked) from `start`.
pub fn write(
    start: &Chess,
    moves: &[String],
    status: &Status,
    roster: &Roster,
) -> Result<String, PgnError> {
    let result = result_token(status);
    let mut out = String::new();
    for (name, value) in [
        ("Event", roster.event.as_str()),
        ("Site", roster.site.as_str()),
        ("Date", roster.date.as_str()),
        ("Round", roster.round.as_str()),
        ("White", roster.white.as_str()),
        ("Black", roster.black.as_str()),
        ("Result", result),
    ] {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    if let Some(control) = &roster.time_control {
        out.push_str(&format!("[TimeControl \"{}\"]\n", escape(control)));
    }
    let start_fen = fen::write(start);
    if start.is_chess960() {
        out.push_str("[Variant \"Chess960\"]\n");
    }
    if start_fen != fen::START || start.is_chess960() {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{start_fen}\"]\n"));
    }
    if let Status::Finished { reason, .. } = status {
        out.push_str(&format!("[Termination \"{}\"]\n", escape(reason)));
    }
    out.push('\n');

    let mut game = start.clone();
    let mut tokens = Vec::with_capacity(moves.len() * 3 / 2 + 2);
    for (index, name) in moves.iter().enumerate() {
        let full = game.board().fullmove_number();
        let white_to_move = game.side_to_move() == Side::First;
        let mv = parse_move(&game, name).map_err(|error| PgnError::Move {
            number: format!("{full}{}", if white_to_move { "." } else { "..." }),
            text: name.clone(),
            reason: error.to_string(),
        })?;
        let san = super::notation::san(&game, mv);
        if white_to_move {
            tokens.push(format!("{full}. {san}"));
        } else if index == 0 {
            tokens.push(format!("{full}... {san}"));
        } else {
            tokens.push(san);
        }
        game.make_move(mv);
    }
    tokens.push(result.to_string());
    let mut line_length = 0;
    for token in tokens {
        if line_length > 0 && line_length + 1 + token.len() > 80 {
            out.push('\n');
            line_length = 0;
        } else if line_length > 0 {
            out.push(' ');
            line_length += 1;
        }
        out.push_str(&token);
        line_length += token.len();
    }
    out.push('\n');
    Ok(out)
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// Reads the first game of a PGN text: its tags, start position and moves (checked legal).
pub fn import(text: &str) -> Result<PgnGame, PgnError> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('%') {
            continue;
        }
        if !in_moves && trimmed.starts_with('[') {
            tags.push(parse_tag(trimmed)?);
            continue;
        }
        if trimmed.is_empty() {
            continue;
        }
        if in_moves && trimmed.starts_with('[') && movetext_complete(&movetext) {
            break; // the next game's tags
        }
        in_moves = true;
        movetext.push_str(line);
        movetext.push('\n');
    }
    let variant = tags
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("Variant"))
        .map(|(_, value)| value.to_ascii_lowercase());
    let chess960 =
        variant.is_some_and(|v| v.contains("960") || v.contains("fischer") || v.contains("frc"));
    let start_fen = tags
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("FEN"))
        .map(|(_, value)| value.clone());
    let mut game = match &start_fen {
        Some(fen_text) => {
            fen::parse(fen_text, chess960).map_err(|e| PgnError::Fen(e.to_string()))?
        }
        None => Chess::from_board(cozy_chess::Board::default(), chess960),
    };
    let start_fen = fen::write(&game);
    let mut moves = Vec::new();
    let mut san = Vec::new();
    let mut result = None;
    for token in MoveTokens::new(&movetext) {
        if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½") {
            result = Some(if token == "½-½" { "1/2-1/2" } else { token }.to_string());
            break;
        }
        let number = {
            let full = game.board().fullmove_number();
            if game.side_to_move() == Side::First {
                format!("{full}.")
            } else {
                format!("{full}...")
            }
        };
        let mv = parse_move(&game, token).map_err(|error| PgnError::Move {
            number,
            text: token.to_string(),
            reason: error.to_string(),
        })?;
        moves.push(uci_name(&game, mv));
        san.push(super::notation::san(&game, mv));
        game.make_move(mv);
    }
    Ok(PgnGame {
        tags,
        start_fen,
        chess960,
        moves,
        san,
        result,
    })
}

/// Whether the movetext read so far ended with a result token.
fn movetext_complete(movetext: &str) -> bool {
    MoveTokens::new(movetext)
        .last()
        .is_some_and(|t| matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½"))
}

fn parse_tag(line: &str) -> Result<(String, String), PgnError> {
    let inner = line
        .strip_prefix('[')
        .and_then(|rest| rest.trim_end().strip_suffix(']'))
        .ok_or_else(|| PgnError::Tag(line.to_string()))?;
    let (name, rest) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(|| PgnError::Tag(line.to_string()))?;
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .ok_or_else(|| PgnError::Tag(line.to_string()))?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                value.push(next);
            }
        } else {
            value.push(c);
        }
    }
    Ok((name.to_string(), value))
}

/// The move and result tokens of movetext: comments, variations, NAGs and move numbers
/// are skipped.
struct MoveTokens<'a> {
    rest: &'a str,
}

impl<'a> MoveTokens<'a> {
    fn new(text: &'a str) -> Self {
        MoveTokens { rest: text }
    }
}

impl<'a> Iterator for MoveTokens<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let mut depth = 0usize;
        loop {
            self.rest = self.rest.trim_start();
            let mut chars = self.rest.chars();
            let first = chars.next()?;
            match first {
                '{' => {
                    let end = self.rest.find('}').map_or(self.rest.len(), |i| i + 1);
                    self.rest = &self.rest[end..];
                    continue;
                }
                ';' => {
                    let end = self.rest.find('\n').map_or(self.rest.len(), |i| i + 1);
                    self.rest = &self.rest[end..];
                    continue;
                }
                '(' => {
                    depth += 1;
                    self.rest = &self.rest[1..];
                    continue;
                }
                ')' => {
                    depth = depth.saturating_sub(1);
                    self.rest = &self.rest[1..];
                    continue;
                }
                _ => {}
            }
            let end = self
                .rest
                .find(|c: char| c.is_whitespace() || matches!(c, '{' | '(' | ')' | ';'))
                .unwrap_or(self.rest.len());
            let token = &self.rest[..end];
            self.rest = &self.rest[end..];
            if depth > 0 || token.starts_with('$') {
                continue;
            }
            // "12." / "12..." / "12.e4"
            let without_number = token.trim_start_matches(|c: char| c.is_ascii_digit());
            let token = if without_number.starts_with('.') && without_number.len() < token.len() {
                without_number.trim_start_matches('.')
            } else {
                token
            };
            if token.is_empty() || matches!(token, "!" | "?" | "!!" | "??" | "!?" | "?!") {
                continue;
            }
            return Some(token);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_skip_comments_variations_nags_and_numbers() {
        let text = "1. e4 {best by test} e5 (1... c5 2. Nf3 (2. c3)) 2.Nf3 $1 ; note\n2... Nc6 3. Bb5 a6?! 1-0";
        let tokens: Vec<&str> = MoveTokens::new(text).collect();
        assert_eq!(tokens, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6?!", "1-0"]);
    }

    #[test]
    fn imports_a_game_with_tags_and_a_fen() {
        let text = r#"[Event "Test \"quoted\""]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40"]

40. e4 Kd7 41. e5 {push} Ke6 42. Kf2 Kxe5 1/2-1/2

[Event "Second"]
1. d4 *
"#;
        let game = import(text).expect("valid");
        assert_eq!(game.tag("event"), Some("Test \"quoted\""));
        assert_eq!(game.start_fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40");
        assert_eq!(game.moves, ["e2e4", "e8d7", "e4e5", "d7e6", "e1f2", "e6e5"]);
        assert_eq!(game.san.last().map(String::as_str), Some("Kxe5"));
        assert_eq!(game.result.as_deref(), Some("1/2-1/2"));
    }

    #[test]
    fn bad_moves_are_reported_with_their_number() {
        let error = import("1. e4 e5 2. Ke3").expect_err("illegal");
        assert!(error.to_string().starts_with("move 2. ('Ke3')"), "{error}");
        assert!(matches!(
            import("[FEN \"nonsense\"]\n1. e4"),
            Err(PgnError::Fen(_))
        ));
        assert!(matches!(
            import("[Event oops]\n1. e4"),
            Err(PgnError::Tag(_))
        ));
    }
}
