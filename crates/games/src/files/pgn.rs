//! PGN for chess and xiangqi through the erased record. Chess is written by
//! [`crate::chess::pgn::write`] (SAN); xiangqi as Chinese-chess databases (XiangQi Wizard,
//! xqbase) write it: `[Game "Chinese Chess"]`, `Red`/`Black` players, `[FEN …]` for another
//! start and `[Format "ICCS"]` moves (`H2-E2`). Reading takes SAN or UCI for chess; ICCS,
//! WXF (ASCII or full-width, spaced or run together) or Chinese moves for xiangqi.

use ply_search::Side;

use super::pgn_text::{self, PgnText, escape, is_result};
use super::{
    FileFormat, FileHeader, FileResult, ImportError, ImportedGame, StandardFile, token_winner,
};
use crate::chess::fen;
use crate::chess::pgn::{Roster, result_token, write};
use crate::session::{Record, Status};
use crate::spec::{GameOptions, OptionValue};

/// Writes a chess game as PGN.
pub(super) fn export_chess(record: &dyn Record, header: &FileHeader) -> StandardFile {
    let chess960 = record.options().flag("chess960");
    let moves: Vec<String> = record.history().iter().map(|mv| mv.name.clone()).collect();
    let roster = Roster {
        white: header.players[0].clone(),
        black: header.players[1].clone(),
        date: header
            .date
            .clone()
            .unwrap_or_else(|| "????.??.??".to_string()),
        time_control: header.time_control.clone(),
        event: "ply game".to_string(),
        ..Roster::default()
    };
    let text = fen::parse(&record.start_position(), chess960)
        .ok()
        .and_then(|start| write(&start, &moves, &header.status, &roster).ok())
        .unwrap_or_else(|| record.export());
    StandardFile {
        format: FileFormat::Pgn,
        text,
    }
}

/// Writes a xiangqi game as PGN with ICCS moves.
pub(super) fn export_xiangqi(record: &dyn Record, header: &FileHeader) -> StandardFile {
    let result = result_token(&header.status);
    let date = header.date.as_deref().unwrap_or("????.??.??");
    let mut out = String::new();
    for (name, value) in [
        ("Game", "Chinese Chess"),
        ("Event", "ply game"),
        ("Site", "?"),
        ("Date", date),
        ("Round", "?"),
        ("Red", header.players[0].as_str()),
        ("Black", header.players[1].as_str()),
        ("Result", result),
    ] {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    if let Some(control) = &header.time_control {
        out.push_str(&format!("[TimeControl \"{}\"]\n", escape(control)));
    }
    let start = record.start_position();
    let usual = record.spec().new_game(&GameOptions::default()).ok();
    if usual.is_none_or(|usual| usual.start_position() != start) {
        out.push_str(&format!("[FEN \"{}\"]\n", escape(&start)));
    }
    out.push_str("[Format \"ICCS\"]\n");
    if let Status::Finished { reason, .. } = &header.status {
        out.push_str(&format!("[Termination \"{}\"]\n", escape(reason)));
    }
    out.push('\n');
    let mut number = move_number(&start);
    let mut red_to_move = start.split_whitespace().nth(1).is_none_or(|s| s != "b");
    let mut line = String::new();
    let push = |token: String, line: &mut String, out: &mut String| {
        if !line.is_empty() && line.len() + 1 + token.len() > 80 {
            out.push_str(line);
            out.push('\n');
            line.clear();
        } else if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    };
    for (index, mv) in record.history().iter().enumerate() {
        let iccs = iccs(&mv.name);
        let token = if red_to_move {
            format!("{number}. {iccs}")
        } else if index == 0 {
            format!("{number}... {iccs}")
        } else {
            iccs
        };
        push(token, &mut line, &mut out);
        if !red_to_move {
            number += 1;
        }
        red_to_move = !red_to_move;
    }
    push(result.to_string(), &mut line, &mut out);
    out.push_str(&line);
    out.push('\n');
    StandardFile {
        format: FileFormat::Pgn,
        text: out,
    }
}

/// `h2e2` as ICCS writes it in PGN: `H2-E2`.
fn iccs(name: &str) -> String {
    let upper = name.to_ascii_uppercase();
    match (upper.get(..2), upper.get(2..)) {
        (Some(from), Some(to)) if name.len() == 4 => format!("{from}-{to}"),
        _ => upper,
    }
}

/// The move number a FEN's last field gives (1 when absent).
pub fn move_number(position: &str) -> u32 {
    position
        .split_whitespace()
        .nth(5)
        .and_then(|field| field.parse().ok())
        .unwrap_or(1u32)
        .max(1)
}

/// Whether the file is a xiangqi game: its `Game` or `Variant` tag, or a ten-rank FEN.
fn is_xiangqi(pgn: &PgnText) -> bool {
    let says = |name: &str| {
        pgn.tag(name).is_some_and(|value| {
            let value = value.to_ascii_lowercase();
            value.contains("chinese") || value.contains("xiangqi")
        })
    };
    let first_move = pgn
        .tokens
        .first()
        .map(|token| normalize_xiangqi(&token.text));
    says("Game")
        || says("Variant")
        || pgn.tag("Red").is_some()
        || pgn.tag("Format").is_some()
        || first_move.is_some_and(|word| looks_xiangqi(&word))
        || pgn.tag("FEN").is_some_and(|fen| {
            fen.split_whitespace()
                .next()
                .unwrap_or("")
                .matches('/')
                .count()
                == 9
        })
}

/// Whether a move is written as only xiangqi writes them: Chinese characters, or WXF
/// (`C2=5`, `H2+3`: a piece letter, a file digit, `=` `+` `-` or `.`, a digit).
fn looks_xiangqi(word: &str) -> bool {
    if word.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) {
        return true;
    }
    let bytes = word.as_bytes();
    bytes.len() >= 4
        && bytes[0].is_ascii_alphabetic()
        && bytes[1].is_ascii_digit()
        && matches!(bytes[2], b'=' | b'+' | b'-' | b'.')
        && bytes[3].is_ascii_digit()
}

/// Full-width letters and digits (as some databases write WXF) made ASCII; ICCS `H2-E2`
/// made `h2e2`.
fn normalize_xiangqi(token: &str) -> String {
    let ascii: String = token
        .chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            _ => c,
        })
        .collect();
    let bytes = ascii.as_bytes();
    if bytes.len() == 5
        && bytes[2] == b'-'
        && bytes[0].is_ascii_alphabetic()
        && bytes[3].is_ascii_alphabetic()
        && bytes[1].is_ascii_digit()
        && bytes[4].is_ascii_digit()
    {
        return format!("{}{}", &ascii[..2], &ascii[3..]).to_ascii_lowercase();
    }
    ascii
}

/// Reads the first game of a PGN file.
pub(super) fn import(text: &str) -> Result<ImportedGame, ImportError> {
    let pgn = pgn_text::read(text)?;
    let xiangqi = is_xiangqi(&pgn);
    let name = if xiangqi { "xiangqi" } else { "chess" };
    let mut options = GameOptions::default();
    if !xiangqi
        && pgn.tag("Variant").is_some_and(|variant| {
            let variant = variant.to_ascii_lowercase();
            variant.contains("960") || variant.contains("fischer") || variant.contains("frc")
        })
    {
        options = options.with("chess960", OptionValue::Flag(true));
    }
    let fen_tag = pgn.find("FEN");
    if let Some(tag) = fen_tag {
        options = options.at(tag.value.clone());
    }
    let setup_line = fen_tag.map_or(1, |tag| tag.line);
    let spec = crate::find_game(name).map_err(|error| ImportError::Setup {
        line: setup_line,
        reason: error.to_string(),
    })?;
    let mut record = spec
        .new_game(&options)
        .map_err(|error| ImportError::Setup {
            line: setup_line,
            reason: error.to_string(),
        })?;
    let first_number = move_number(&record.start_position());
    let second_first = record.side_to_move() == Side::Second;
    let mut end = None;
    for token in &pgn.tokens {
        if is_result(&token.text) {
            end = Some(token.text.clone());
            break;
        }
        let ply = record.history().len() + usize::from(second_first);
        let label = format!(
            "move {}{} '{}'",
            first_number as usize + ply / 2,
            if ply % 2 == 0 { "." } else { "..." },
            token.text
        );
        let text = if xiangqi {
            normalize_xiangqi(&token.text)
        } else {
            token.text.clone()
        };
        let played = match record.play_text(&text) {
            Ok(_) => Ok(()),
            Err(error) => run_together(record.as_mut(), &text).ok_or(error),
        };
        played.map_err(|error| ImportError::Line {
            line: token.line,
            reason: format!("{label}: {error}"),
        })?;
    }
    let token = end.or_else(|| pgn.tag("Result").map(str::to_string));
    let result = match (record.status(), token.as_deref().and_then(token_winner)) {
        (Status::Ongoing { .. }, Some(winner)) => Some(FileResult {
            winner,
            reason: pgn
                .tag("Termination")
                .filter(|t| !t.trim().is_empty())
                .map_or_else(|| "result given in the file".to_string(), str::to_string),
        }),
        _ => None,
    };
    let player = |tags: &[&str]| {
        tags.iter()
            .find_map(|tag| pgn.tag(tag))
            .map(str::trim)
            .filter(|value| !value.is_empty() && *value != "?")
            .map(str::to_string)
    };
    let players = if xiangqi {
        [player(&["Red", "White"]), player(&["Black"])]
    } else {
        [player(&["White"]), player(&["Black"])]
    };
    Ok(ImportedGame {
        record,
        format: FileFormat::Pgn,
        players,
        result,
    })
}

/// Two WXF moves written without a space between them (`C2=5H8+7`): both played, or
/// neither.
fn run_together(record: &mut dyn Record, text: &str) -> Option<()> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 8 {
        return None;
    }
    let first: String = chars[..4].iter().collect();
    let second: String = chars[4..].iter().collect();
    record.play_text(&first).ok()?;
    if record.play_text(&second).is_err() {
        record.undo();
        return None;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xiangqi_tokens_become_what_the_record_reads() {
        assert_eq!(normalize_xiangqi("H2-E2"), "h2e2");
        assert_eq!(normalize_xiangqi("Ｃ２＝５"), "C2=5");
        assert_eq!(normalize_xiangqi("炮二平五"), "炮二平五");
        assert_eq!(iccs("h2e2"), "H2-E2");
    }
}
