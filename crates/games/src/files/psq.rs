//! Piskvork's `.psq` caro record: a header `Piskvorky 15x15, 11:11, R` giving the board's
//! width and height (the middle field is Piskvork's own; ply writes `11:11` as Piskvork
//! does) and, in the last field, the rule as Gomocup's `INFO rule` number (0 freestyle, 1
//! exactly five, 4 renju, 8 caro, 9 caro with exactly five); then one `x,y,time` line per
//! stone, 1-based, `x` the column from the left and `y` the row from the top, the time in
//! milliseconds; then the two players' names and `-1`. Stones alternate from the first
//! player (x, Black in renju).

use super::{FileFormat, FileHeader, ImportError, ImportedGame, StandardFile};
use crate::caro::Rule;
use crate::session::Record;
use crate::spec::{GameOptions, OptionValue};

const TAG: &str = "Piskvorky";

/// Whether `line` is a `.psq` header.
pub(super) fn is_header(line: &str) -> bool {
    line.get(..TAG.len())
        .is_some_and(|start| start.eq_ignore_ascii_case(TAG))
}

/// Writes a caro game as `.psq`.
pub(super) fn export(record: &dyn Record, header: &FileHeader) -> StandardFile {
    let size = record
        .options()
        .int("size")
        .and_then(|size| usize::try_from(size).ok())
        .unwrap_or(15);
    let rule = record
        .options()
        .text("rule")
        .and_then(|rule| rule.parse::<Rule>().ok())
        .unwrap_or_default();
    let mut out = format!("{TAG} {size}x{size}, 11:11, {}\n", rule.gomocup_bits());
    for mv in record.history() {
        if let Some((x, y)) = coordinates(&mv.name, size) {
            out.push_str(&format!("{x},{y},0\n"));
        }
    }
    for player in &header.players {
        out.push_str(&player.replace(['\n', '\r'], " "));
        out.push('\n');
    }
    out.push_str("-1\n");
    StandardFile {
        format: FileFormat::Psq,
        text: out,
    }
}

/// A cell name (`h8`: column letter, row from the bottom) as `.psq` coordinates.
fn coordinates(name: &str, size: usize) -> Option<(usize, usize)> {
    let mut chars = name.chars();
    let column = chars.next()?;
    let row: usize = chars.as_str().parse().ok()?;
    let x = (column as usize).checked_sub('a' as usize)? + 1;
    let y = (size + 1).checked_sub(row)?;
    (x <= size && (1..=size).contains(&y)).then_some((x, y))
}

/// Reads a `.psq` record.
pub(super) fn import(text: &str) -> Result<ImportedGame, ImportError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty());
    let (header_line, header) = lines.next().ok_or(ImportError::Empty)?;
    let bad_header = |reason: &str| ImportError::Line {
        line: header_line,
        reason: format!("{reason}: expected a header like 'Piskvorky 15x15, 11:11, 0'"),
    };
    let mut fields = header.split(',');
    let size_field = fields.next().unwrap_or("");
    let (width, height) = size_field
        .split_whitespace()
        .nth(1)
        .and_then(|dims| dims.split_once(['x', 'X']))
        .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)))
        .ok_or_else(|| bad_header("no board size"))?;
    if width != height {
        return Err(ImportError::Setup {
            line: header_line,
            reason: format!("the board is {width}×{height}: caro boards are square"),
        });
    }
    let rule = match fields.nth(1).map(str::trim) {
        None | Some("") => Rule::Freestyle,
        Some(bits) => Rule::from_gomocup_bits(
            bits.parse()
                .map_err(|_| bad_header("the rule is not a number"))?,
        ),
    };
    let options = GameOptions::default()
        .with("size", OptionValue::Int(width as i64))
        .with("rule", OptionValue::Text(rule.name().to_string()));
    let spec = crate::find_game("caro").map_err(|error| ImportError::Setup {
        line: header_line,
        reason: error.to_string(),
    })?;
    let mut record = spec
        .new_game(&options)
        .map_err(|error| ImportError::Setup {
            line: header_line,
            reason: error.to_string(),
        })?;
    let mut names = Vec::new();
    for (line, text) in lines {
        if text == "-1" {
            break;
        }
        let numbers: Option<Vec<i64>> = text
            .split(',')
            .map(|field| field.trim().parse::<i64>().ok())
            .collect();
        match numbers.as_deref() {
            Some([x, y] | [x, y, _]) if names.is_empty() => {
                let (x, y) = (*x, *y);
                let size = width as i64;
                if !(1..=size).contains(&x) || !(1..=size).contains(&y) {
                    return Err(ImportError::Line {
                        line,
                        reason: format!(
                            "stone {x},{y} is off the {width}×{width} board (x and y run from 1 to {width})"
                        ),
                    });
                }
                let column = char::from(b'a' + (x - 1) as u8);
                let name = format!("{column}{}", size + 1 - y);
                record.play_text(&name).map_err(|error| ImportError::Line {
                    line,
                    reason: format!("stone {x},{y} ({name}): {error}"),
                })?;
            }
            _ if names.len() < 2 => names.push(text.to_string()),
            _ => {
                return Err(ImportError::Line {
                    line,
                    reason: format!(
                        "'{}' is neither a stone (x,y,time) nor the end mark -1",
                        text.chars().take(40).collect::<String>()
                    ),
                });
            }
        }
    }
    let mut names = names.into_iter().map(Some);
    Ok(ImportedGame {
        record,
        format: FileFormat::Psq,
        players: [names.next().flatten(), names.next().flatten()],
        result: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_map_to_psq_coordinates() {
        assert_eq!(coordinates("a15", 15), Some((1, 1)));
        assert_eq!(coordinates("h8", 15), Some((8, 8)));
        assert_eq!(coordinates("o1", 15), Some((15, 15)));
        assert_eq!(coordinates("p1", 15), None);
    }

    #[test]
    fn headers_are_recognised() {
        assert!(is_header("Piskvorky 20x20, 11:11, 0"));
        assert!(!is_header("[Event \"x\"]"));
    }
}
