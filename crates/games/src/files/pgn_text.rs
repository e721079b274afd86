//! The text layer of PGN, shared by chess and xiangqi files: tag pairs and movetext tokens,
//! each with the line it stands on. Comments (`{…}`, `;…`), variations (`(…)`, nested),
//! NAGs (`$1`), move numbers (`12.`, `12...`), annotation marks (`!?`) and `%` escape lines
//! are skipped; only the first game of a file is read.

use super::ImportError;

/// A tag pair and its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The line it stands on.
    pub line: usize,
    /// Its name, as written.
    pub name: String,
    /// Its value, unescaped.
    pub value: String,
}

/// A move or result token and its line (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The line it stands on.
    pub line: usize,
    /// The text.
    pub text: String,
}

/// The first game of a PGN text: its tags and movetext tokens.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnText {
    /// The tag pairs, in order.
    pub tags: Vec<Tag>,
    /// Moves and the result token, in order.
    pub tokens: Vec<Token>,
}

impl PgnText {
    /// The value of tag `name` (any case), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.find(name).map(|tag| tag.value.as_str())
    }

    /// Tag `name` (any case), if present.
    pub fn find(&self, name: &str) -> Option<&Tag> {
        self.tags
            .iter()
            .find(|tag| tag.name.eq_ignore_ascii_case(name))
    }
}

/// Whether `token` ends a game's movetext.
pub fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½")
}

/// Reads the first game of `text`.
pub fn read(text: &str) -> Result<PgnText, ImportError> {
    let mut out = PgnText::default();
    let mut in_moves = false;
    let mut depth = 0usize;
    let mut in_comment = false;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.starts_with('%') {
            continue;
        }
        if !in_comment && depth == 0 && trimmed.starts_with('[') {
            if in_moves {
                break; // the next game's tags
            }
            out.tags.push(parse_tag(trimmed, line)?);
            continue;
        }
        let mut rest = raw;
        while !rest.is_empty() {
            if in_comment {
                match rest.find('}') {
                    Some(end) => {
                        in_comment = false;
                        rest = &rest[end + 1..];
                        continue;
                    }
                    None => break,
                }
            }
            rest = rest.trim_start();
            let Some(first) = rest.chars().next() else {
                break;
            };
            match first {
                '{' => {
                    in_comment = true;
                    rest = &rest[1..];
                    continue;
                }
                ';' => break,
                '(' => {
                    depth += 1;
                    rest = &rest[1..];
                    continue;
                }
                ')' => {
                    depth = depth.saturating_sub(1);
                    rest = &rest[1..];
                    continue;
                }
                _ => {}
            }
            let end = rest
                .find(|c: char| c.is_whitespace() || matches!(c, '{' | '(' | ')' | ';'))
                .unwrap_or(rest.len());
            let word = &rest[..end];
            rest = &rest[end..];
            in_moves = true;
            if depth > 0 || word.starts_with('$') {
                continue;
            }
            let word = strip_number(word);
            let word = word.trim_end_matches(['!', '?']);
            if word.is_empty() {
                continue;
            }
            out.tokens.push(Token {
                line,
                text: word.to_string(),
            });
            if is_result(word) {
                return Ok(out);
            }
        }
    }
    Ok(out)
}

/// `12.`, `12...` and `12.e4` lose their number.
fn strip_number(word: &str) -> &str {
    let without = word.trim_start_matches(|c: char| c.is_ascii_digit());
    if without.len() < word.len() && (without.starts_with('.') || without.starts_with('。')) {
        without.trim_start_matches(['.', '。'])
    } else {
        word
    }
}

fn parse_tag(text: &str, line: usize) -> Result<Tag, ImportError> {
    let bad = || ImportError::Line {
        line,
        reason: format!(
            "'{}' is not a tag pair like [Event \"…\"]",
            text.chars().take(60).collect::<String>()
        ),
    };
    let inner = text
        .strip_prefix('[')
        .and_then(|rest| rest.trim_end().strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, rest) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(bad)?;
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .ok_or_else(bad)?;
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
    Ok(Tag {
        line,
        name: name.to_string(),
        value,
    })
}

/// A tag value with `\` and `"` escaped.
pub fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_comments_variations_nags_and_numbers_and_keeps_lines() {
        let text = "[Event \"x\"]\n\n1. e4 {best\nby test} e5 (1... c5 2. Nf3 (2. c3))\n2.Nf3 $1 ; note\n2... Nc6 3. Bb5 a6?! 1-0\n[Event \"next\"]\n1. d4 *";
        let read = read(text).expect("reads");
        assert_eq!(read.tag("event"), Some("x"));
        let words: Vec<(usize, &str)> = read
            .tokens
            .iter()
            .map(|t| (t.line, t.text.as_str()))
            .collect();
        assert_eq!(
            words,
            [
                (3, "e4"),
                (4, "e5"),
                (5, "Nf3"),
                (6, "Nc6"),
                (6, "Bb5"),
                (6, "a6"),
                (6, "1-0")
            ]
        );
    }

    #[test]
    fn a_bad_tag_names_its_line() {
        let error = read("[Event \"ok\"]\n[Site oops]\n1. e4").expect_err("bad tag");
        assert!(
            matches!(error, ImportError::Line { line: 2, .. }),
            "{error}"
        );
    }
}
