//! How `ply match --out` writes a finished game: the game's own export (PGN for chess,
//! position and moves for the others) with tags naming the players, the round, the result
//! the referee gave and why, so the file loads in PGN readers and scripts alike.

use ply_search::Side;

/// One finished game of a match, as the referee saw it.
pub struct GameTags<'a> {
    /// The player who moved first, then the other.
    pub first: &'a str,
    pub second: &'a str,
    /// `pair.game`, e.g. `3.2`.
    pub round: String,
    /// The first player's points in halves: 2 win, 1 draw, 0 loss.
    pub first_halves: usize,
    /// Why the game ended (checkmate, time forfeit, illegal move …).
    pub termination: &'a str,
}

impl GameTags<'_> {
    fn result(&self) -> &'static str {
        match self.first_halves {
            2 => "1-0",
            1 => "1/2-1/2",
            _ => "0-1",
        }
    }
}

/// The export with the match's tags set; a PGN's movetext ends with the referee's result.
pub fn tagged(export: &str, tags: &GameTags) -> String {
    let pgn = export.contains("[White \"");
    let (first_tag, second_tag) = if pgn {
        ("White", "Black")
    } else {
        ("First", "Second")
    };
    let mut text = export.trim_end().to_string();
    for (name, value) in [
        ("Event", "ply match"),
        ("Round", tags.round.as_str()),
        (first_tag, tags.first),
        (second_tag, tags.second),
        ("Result", tags.result()),
        ("Termination", tags.termination),
    ] {
        text = set_tag(&text, name, value);
    }
    if pgn {
        text = set_final_result(&text, tags.result());
    }
    text.push('\n');
    text
}

/// Colour-aware helper: the first player's halves from A's halves and A's side.
pub fn first_halves(a_halves: usize, a_side: Side) -> usize {
    if a_side == Side::First {
        a_halves
    } else {
        2 - a_halves.min(2)
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Replaces the tag `name` in the leading tag section, or adds it at the section's end.
fn set_tag(text: &str, name: &str, value: &str) -> String {
    let line = format!("[{name} \"{}\"]", escape(value));
    let prefix = format!("[{name} ");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let section_end = lines
        .iter()
        .position(|l| !l.starts_with('['))
        .unwrap_or(lines.len());
    match lines[..section_end]
        .iter()
        .position(|l| l.starts_with(&prefix))
    {
        Some(index) => lines[index] = line,
        None => lines.insert(section_end, line),
    }
    lines.join("\n")
}

/// Makes the movetext's closing result token `result`.
fn set_final_result(text: &str, result: &str) -> String {
    let body = text.trim_end();
    for token in ["1/2-1/2", "1-0", "0-1", "*"] {
        if let Some(stripped) = body.strip_suffix(token) {
            return format!("{stripped}{result}");
        }
    }
    format!("{body} {result}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PGN: &str = "[Event \"?\"]\n[Site \"?\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";

    #[test]
    fn a_flag_fall_is_written_as_the_referee_decided() {
        let tags = GameTags {
            first: "ply",
            second: "sf \"2000\"",
            round: "4.2".into(),
            first_halves: 0,
            termination: "white lost on time",
        };
        let text = tagged(PGN, &tags);
        assert!(text.contains("[Event \"ply match\"]\n"), "{text}");
        assert!(text.contains("[Round \"4.2\"]\n"));
        assert!(text.contains("[White \"ply\"]\n"));
        assert!(text.contains("[Black \"sf \\\"2000\\\"\"]\n"));
        assert!(text.contains("[Result \"0-1\"]\n"));
        assert!(text.contains("[Termination \"white lost on time\"]\n\n1. e4"));
        assert!(text.ends_with("1. e4 e5 0-1\n"), "{text}");
        assert!(
            !text.contains('#'),
            "no comment lines a PGN reader would choke on"
        );
    }

    #[test]
    fn other_games_get_the_same_tags_before_their_moves() {
        let export = "[Game \"tictactoe\"]\n[Position \"3/3/3 x\"]\n[Result \"draw (full board)\"]\nc2 b2 a3";
        let tags = GameTags {
            first: "strong",
            second: "classic",
            round: "1.1".into(),
            first_halves: 1,
            termination: "full board",
        };
        let text = tagged(export, &tags);
        assert_eq!(
            text,
            "[Game \"tictactoe\"]\n[Position \"3/3/3 x\"]\n[Result \"1/2-1/2\"]\n[Event \"ply match\"]\n[Round \"1.1\"]\n[First \"strong\"]\n[Second \"classic\"]\n[Termination \"full board\"]\nc2 b2 a3\n"
        );
    }

    #[test]
    fn halves_follow_colours() {
        assert_eq!(first_halves(2, Side::First), 2);
        assert_eq!(first_halves(2, Side::Second), 0);
        assert_eq!(first_halves(1, Side::Second), 1);
    }
}
