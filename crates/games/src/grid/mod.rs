//! What tic-tac-toe and caro share: cells named by column letter and row number from the
//! bottom (`b2`, `h8`) or by the seed's `row col` pair (0-based from the top), and the board
//! string `x2/1o1/2x o` (rows from the top, `x`, `o`, `.` or a run length of empty cells,
//! then the side to move).

use ply_search::Side;

use crate::session::{PositionError, SetupProblem};

/// Column letters: `a` is the leftmost column.
const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyz";

/// The name of cell `index` (reading order from the top-left) on a `width`×`height` board.
pub fn cell_name(index: usize, width: usize, height: usize) -> String {
    let column = index % width;
    let row_from_top = index / width;
    let letter = LETTERS.get(column).copied().unwrap_or(b'?') as char;
    format!("{letter}{}", height - row_from_top)
}

/// Reads a cell as `b2` (column letter, row from the bottom), `row col` or `row,col`
/// (0-based from the top-left, as the seed types them). `None` when the text is neither or
/// is off the board.
pub fn parse_cell(text: &str, width: usize, height: usize) -> Option<usize> {
    let text = text.trim();
    let mut chars = text.chars();
    let first = chars.next()?;
    if first.is_ascii_alphabetic() {
        let column = (first.to_ascii_lowercase() as u8).checked_sub(b'a')? as usize;
        let rest = chars.as_str().trim();
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.len() > 2 {
            return None;
        }
        let row: usize = rest.parse().ok()?;
        if column >= width || row == 0 || row > height {
            return None;
        }
        return Some((height - row) * width + column);
    }
    let parts: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|part| !part.is_empty())
        .collect();
    if let [row, column] = parts.as_slice() {
        let row: usize = row.parse().ok()?;
        let column: usize = column.parse().ok()?;
        if row < height && column < width {
            return Some(row * width + column);
        }
    }
    None
}

/// A board string read into cells (reading order) and the side to move, if given.
pub struct Rows {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Stones, reading order from the top-left.
    pub cells: Vec<Option<Side>>,
    /// The side to move, if the string names it.
    pub to_move: Option<Side>,
}

/// Reads a board string. The board is square unless every row has the same other width.
pub fn parse_rows(text: &str) -> Result<Rows, PositionError> {
    let trimmed = text.trim();
    let mut fields = trimmed.split_whitespace();
    let board = fields.next().ok_or_else(|| {
        PositionError::new(text, "empty; expected rows like x2/1o1/2x then x or o")
    })?;
    let to_move = match fields.next() {
        None => None,
        Some(side) => Some(match side.to_ascii_lowercase().as_str() {
            "x" | "b" | "black" | "first" => Side::First,
            "o" | "w" | "white" | "second" => Side::Second,
            other => {
                return Err(PositionError::new(
                    text,
                    format!("side to move '{other}' is not x or o"),
                ));
            }
        }),
    };
    if let Some(extra) = fields.next() {
        return Err(PositionError::new(
            text,
            format!("unexpected '{extra}' after the side to move"),
        ));
    }
    let mut rows = Vec::new();
    for (number, row_text) in board.split('/').enumerate() {
        let mut row = Vec::new();
        let mut run = String::new();
        for ch in row_text.chars() {
            if ch.is_ascii_digit() {
                run.push(ch);
                continue;
            }
            flush_run(&mut run, &mut row, text)?;
            row.push(match ch.to_ascii_lowercase() {
                'x' => Some(Side::First),
                'o' => Some(Side::Second),
                '.' | '-' | '_' => None,
                other => {
                    return Err(PositionError::new(
                        text,
                        format!(
                            "row {} has '{other}'; cells are x, o, . or a count of empty cells",
                            number + 1
                        ),
                    ));
                }
            });
        }
        flush_run(&mut run, &mut row, text)?;
        rows.push(row);
    }
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if width == 0 {
        return Err(PositionError::new(text, "the first row is empty"));
    }
    if let Some((number, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != width) {
        return Err(PositionError::new(
            text,
            format!(
                "row {} has {} cells but row 1 has {width}; every row must be as wide",
                number + 1,
                row.len()
            ),
        ));
    }
    Ok(Rows {
        width,
        height,
        cells: rows.into_iter().flatten().collect(),
        to_move,
    })
}

fn flush_run(
    run: &mut String,
    row: &mut Vec<Option<Side>>,
    text: &str,
) -> Result<(), PositionError> {
    if run.is_empty() {
        return Ok(());
    }
    let count: usize = run
        .parse()
        .ok()
        .filter(|&count| (1..=26).contains(&count))
        .ok_or_else(|| {
            PositionError::new(
                text,
                format!("'{run}' is not a count of empty cells from 1 to 26"),
            )
        })?;
    row.extend(std::iter::repeat_n(None, count));
    run.clear();
    Ok(())
}

/// Writes cells as a board string with run lengths, then the side to move.
pub fn format_rows(cells: &[Option<Side>], width: usize, to_move: Side) -> String {
    let mut out = String::new();
    for (number, row) in cells.chunks(width).enumerate() {
        if number > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for cell in row {
            match cell {
                None => empty += 1,
                Some(side) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(stone_letter(*side));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out.push(' ');
    out.push(stone_letter(to_move));
    out
}

/// `x` for the first player, `o` for the second.
pub fn stone_letter(side: Side) -> char {
    match side {
        Side::First => 'x',
        Side::Second => 'o',
    }
}

/// A board string written for a `from`×`from` board, moved onto a `to`×`to` board with
/// its stones as near the centre as the shift allows; `None` if they do not fit.
pub fn recentre(position: &str, from: usize, to: usize) -> Option<String> {
    let rows = parse_rows(position).ok()?;
    if rows.width != from || rows.height != from {
        return None;
    }
    let stones: Vec<(usize, usize)> = rows
        .cells
        .iter()
        .enumerate()
        .filter(|(_, cell)| cell.is_some())
        .map(|(index, _)| (index / from, index % from))
        .collect();
    let shift = (to as isize - from as isize) / 2;
    let axis = |coordinate: fn(&(usize, usize)) -> usize| -> Option<isize> {
        let low = stones.iter().map(coordinate).min().unwrap_or(0) as isize;
        let high = stones.iter().map(coordinate).max().unwrap_or(0) as isize;
        (high - low < to as isize).then(|| shift.clamp(-low, to as isize - 1 - high))
    };
    let (down, right) = (axis(|s| s.0)?, axis(|s| s.1)?);
    let mut cells = vec![None; to * to];
    for &(row, column) in &stones {
        let side = rows.cells.get(row * from + column).copied().flatten();
        let (row, column) = (row as isize + down, column as isize + right);
        if let Some(cell) = cells.get_mut(row as usize * to + column as usize) {
            *cell = side;
        }
    }
    let count = |side| cells.iter().filter(|cell| **cell == Some(side)).count();
    let to_move = match rows.to_move {
        Some(side) => side,
        None => side_from_counts(count(Side::First), count(Side::Second)).ok()?,
    };
    Some(format_rows(&cells, to, to_move))
}

/// The side to move implied by the stone counts (the first player has as many stones as
/// the second, or one more), or why the counts are impossible.
pub fn side_from_counts(first: usize, second: usize) -> Result<Side, SetupProblem> {
    if first == second {
        Ok(Side::First)
    } else if first == second + 1 {
        Ok(Side::Second)
    } else {
        Err(SetupProblem::StoneCounts { first, second })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_from_the_bottom_left() {
        assert_eq!(cell_name(0, 3, 3), "a3");
        assert_eq!(cell_name(8, 3, 3), "c1");
        assert_eq!(cell_name(4, 3, 3), "b2");
        assert_eq!(cell_name(7 * 15 + 7, 15, 15), "h8");
    }

    #[test]
    fn cells_are_read_in_both_notations() {
        assert_eq!(parse_cell("b2", 3, 3), Some(4));
        assert_eq!(parse_cell("C1", 3, 3), Some(8));
        assert_eq!(parse_cell("0 2", 3, 3), Some(2));
        assert_eq!(parse_cell("2,0", 3, 3), Some(6));
        assert_eq!(parse_cell("h8", 15, 15), Some(112));
        for bad in ["", "d1", "a0", "a4", "3 0", "zz", "b", "1", "a1x", "-1 0"] {
            assert_eq!(parse_cell(bad, 3, 3), None, "{bad:?}");
        }
    }

    #[test]
    fn board_strings_round_trip() {
        let rows = parse_rows("x2/1o1/2x o").expect("valid");
        assert_eq!((rows.width, rows.height), (3, 3));
        assert_eq!(rows.to_move, Some(Side::Second));
        assert_eq!(rows.cells[0], Some(Side::First));
        assert_eq!(rows.cells[4], Some(Side::Second));
        assert_eq!(format_rows(&rows.cells, 3, Side::Second), "x2/1o1/2x o");
        let dotted = parse_rows("x../.o./..x o").expect("valid");
        assert_eq!(dotted.cells, rows.cells);
    }

    #[test]
    fn bad_board_strings_say_what_is_wrong() {
        let cases = [
            ("", "empty"),
            ("x2/1o/2x o", "row 2 has 2 cells"),
            ("x2/1q1/2x o", "row 2 has 'q'"),
            ("x2/1o1/2x z", "side to move 'z'"),
            ("x2/1o1/2x o extra", "unexpected 'extra'"),
            ("99/3/3 x", "'99' is not a count"),
        ];
        for (text, expected) in cases {
            let error = parse_rows(text).err().expect("an error").to_string();
            assert!(error.contains(expected), "{text:?}: {error}");
        }
    }
}
