//! Draws a `BoardView` in the terminal: coordinates on every side, pieces coloured by side
//! (when the terminal takes colour), the last move and a checked king marked. It knows board
//! kinds, never games.

use std::fmt::Write;

use ply_games::{BoardKind, BoardLabels, BoardView, PieceView};
use ply_search::Side;

/// How to draw.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    /// ANSI colours.
    pub color: bool,
    /// Letters instead of Unicode symbols.
    pub ascii: bool,
    /// The second player's side at the bottom.
    pub flipped: bool,
}

const RESET: &str = "\x1b[0m";

/// The board as text with its own coordinates, one line per row, ending with a newline.
#[cfg(test)]
pub fn draw(board: &BoardView, style: Style) -> String {
    let labels = BoardLabels {
        near: board.file_labels.clone(),
        far: Vec::new(),
        ranks: board.rank_labels.clone(),
    };
    draw_labelled(board, &labels, style)
}

/// The board as text with a notation's edge labels: the first player's file labels along
/// its edge, the second player's along the other (the first's again when it has none), the
/// rank labels (if any) on both sides.
pub fn draw_labelled(board: &BoardView, labels: &BoardLabels, style: Style) -> String {
    let ranks: Vec<usize> = if style.flipped {
        (0..board.ranks).rev().collect()
    } else {
        (0..board.ranks).collect()
    };
    let files: Vec<usize> = if style.flipped {
        (0..board.files).rev().collect()
    } else {
        (0..board.files).collect()
    };
    let label_width = labels
        .ranks
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1);
    let far = if labels.far.is_empty() {
        &labels.near
    } else {
        &labels.far
    };
    let (top, bottom) = if style.flipped {
        (&labels.near, far)
    } else {
        (far, &labels.near)
    };
    let mut out = String::new();
    out.push_str(&file_header(top, &files, label_width));
    for (row, &rank) in ranks.iter().enumerate() {
        if board.kind == BoardKind::RiverAndPalaces && row == board.ranks / 2 {
            let _ = writeln!(
                out,
                "{:label_width$} {}",
                "",
                river_line(board.files, style)
            );
        }
        let label = labels.ranks.get(rank).map_or("", String::as_str);
        let mut row = format!("{label:>label_width$} ");
        for &file in &files {
            row.push_str(&cell(board, rank, file, style));
        }
        let _ = writeln!(out, "{}", format!("{row} {label}").trim_end());
    }
    out.push_str(&file_header(bottom, &files, label_width));
    out
}

fn file_header(labels: &[String], files: &[usize], label_width: usize) -> String {
    let mut line = format!("{:label_width$} ", "");
    for &file in files {
        let label = labels.get(file).map_or("", String::as_str);
        // Each file is three columns wide; a Chinese numeral takes two of them.
        let width: usize = label
            .chars()
            .map(|c| if u32::from(c) >= 0x1100 { 2 } else { 1 })
            .sum();
        let _ = write!(
            line,
            " {label}{:pad$}",
            "",
            pad = 2usize.saturating_sub(width)
        );
    }
    format!("{}\n", line.trim_end())
}

fn river_line(files: usize, style: Style) -> String {
    let width = files * 3;
    let words = if style.ascii {
        " river "
    } else {
        " 楚河  漢界 "
    };
    let visible = words
        .chars()
        .map(|c| if c.is_ascii() { 1 } else { 2 })
        .sum::<usize>();
    let side = width.saturating_sub(visible) / 2;
    format!(
        "{}{words}{}",
        "~".repeat(side),
        "~".repeat(width.saturating_sub(visible + side))
    )
}

fn in_palace(board: &BoardView, rank: usize, file: usize) -> bool {
    (3..=5).contains(&file) && (rank <= 2 || rank + 3 >= board.ranks)
}

fn cell(board: &BoardView, rank: usize, file: usize, style: Style) -> String {
    let index = rank * board.files + file;
    let piece = board.cells.get(index).and_then(Option::as_ref);
    let last = board.last_move.contains(&index);
    let checked = board.check == Some(index);
    let body = match piece {
        Some(piece) => piece_text(board.kind, piece, style),
        None => empty_text(board, rank, file, style),
    };
    if !style.color {
        return match (last || checked, piece.is_some()) {
            (true, _) => format!("[{}]", body.trim()),
            (false, _) => body,
        };
    }
    let mut codes = String::new();
    if let Some(piece) = piece {
        codes.push_str(piece_color(board.kind, piece.side));
    }
    let background = if checked {
        Some("41")
    } else if last {
        Some("43")
    } else if board.kind == BoardKind::Checkered {
        Some(if (rank + file).is_multiple_of(2) {
            "48;5;180"
        } else {
            "48;5;137"
        })
    } else {
        None
    };
    if let Some(background) = background {
        if !codes.is_empty() {
            codes.push(';');
        }
        codes.push_str(background);
    }
    if codes.is_empty() {
        body
    } else {
        format!("\x1b[{codes}m{body}{RESET}")
    }
}

fn piece_text(kind: BoardKind, piece: &PieceView, style: Style) -> String {
    let symbol = if style.ascii {
        &piece.kind
    } else {
        &piece.symbol
    };
    let wide = symbol.chars().any(|c| !c.is_ascii() && is_wide(c));
    match kind {
        _ if wide => format!(" {symbol}"),
        _ => format!(" {symbol} "),
    }
}

/// East Asian wide characters take two terminal columns.
fn is_wide(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6)
}

fn empty_text(board: &BoardView, rank: usize, file: usize, style: Style) -> String {
    match board.kind {
        BoardKind::Cells | BoardKind::Points => " . ".to_string(),
        BoardKind::Checkered => {
            if style.color {
                "   ".to_string()
            } else if (rank + file).is_multiple_of(2) {
                " . ".to_string()
            } else {
                " : ".to_string()
            }
        }
        BoardKind::RiverAndPalaces => {
            if in_palace(board, rank, file) {
                " + ".to_string()
            } else if style.ascii {
                " . ".to_string()
            } else {
                " · ".to_string()
            }
        }
    }
}

fn piece_color(kind: BoardKind, side: Side) -> &'static str {
    match (kind, side) {
        (BoardKind::Checkered, Side::First) => "1;97",
        (BoardKind::Checkered, Side::Second) => "1;30",
        (_, Side::First) => "1;31",
        (_, Side::Second) => "1;36",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_games::{GameOptions, new_game};

    #[test]
    fn draws_tic_tac_toe_with_coordinates_and_the_last_move() {
        let mut session = new_game("ttt", &GameOptions::default()).expect("ttt");
        session.play_text("b2").expect("legal");
        let text = draw(&session.board(), Style::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "   a  b  c");
        assert_eq!(lines[1], "3  .  .  .  3");
        assert_eq!(lines[2], "2  . [X] .  2");
        assert_eq!(lines[3], "1  .  .  .  1");
        let flipped = draw(
            &session.board(),
            Style {
                flipped: true,
                ..Style::default()
            },
        );
        assert!(
            flipped
                .lines()
                .next()
                .is_some_and(|l| l.trim() == "c  b  a")
        );
    }

    #[test]
    fn colour_wraps_pieces_in_escape_codes() {
        let mut session = new_game("ttt", &GameOptions::default()).expect("ttt");
        session.play_text("a1").expect("legal");
        let text = draw(
            &session.board(),
            Style {
                color: true,
                ..Style::default()
            },
        );
        assert!(text.contains("\x1b[1;31;43m X \x1b[0m"), "{text:?}");
    }
}
