//! ply's own text, read back: what [`crate::Record::export`] writes for a game with no
//! standard file (tic-tac-toe): a `[Game "tictactoe"]` tag naming a game of the registry, a
//! `[Position "…"]` tag with the start, an optional `[Result "…"]`, then the moves.

use super::pgn_text::{self, PgnText};
use super::{FileFormat, ImportError, ImportedGame};
use crate::spec::GameOptions;

/// The game a read PGN-like text names in ply's own words, if it is ply's own text (a
/// `Game` tag naming a registered game and a `Position` tag).
fn own_game(pgn: &PgnText) -> Option<&'static crate::GameSpec> {
    pgn.tag("Position")?;
    crate::find_game(pgn.tag("Game")?).ok()
}

/// True when `text` is ply's own text rather than a PGN.
pub(super) fn is_own(text: &str) -> bool {
    pgn_text::read(text).is_ok_and(|pgn| own_game(&pgn).is_some())
}

/// Reads ply's own text: the game, its start and its moves.
pub(super) fn import(text: &str) -> Result<ImportedGame, ImportError> {
    let pgn = pgn_text::read(text)?;
    let spec = own_game(&pgn).ok_or(ImportError::UnknownFormat)?;
    let position = pgn
        .find("Position")
        .map(|tag| (tag.line, tag.value.clone()));
    let (line, start) = position.unwrap_or((1, String::new()));
    let options = GameOptions::default().at(start);
    let mut record = spec
        .new_game(&options)
        .map_err(|error| ImportError::Setup {
            line,
            reason: error.to_string(),
        })?;
    for token in &pgn.tokens {
        if pgn_text::is_result(&token.text) {
            break;
        }
        let number = record.history().len() + 1;
        record
            .play_text(&token.text)
            .map_err(|error| ImportError::Line {
                line: token.line,
                reason: format!("move {number} '{}': {error}", token.text),
            })?;
    }
    Ok(ImportedGame {
        record,
        format: FileFormat::Text,
        players: [None, None],
        result: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tic_tac_toe_game_comes_back_as_exported() {
        let mut record = crate::new_game("tictactoe", &GameOptions::default()).expect("a game");
        for mv in ["b2", "a1", "c1", "c3", "a3"] {
            record.play_text(mv).expect("legal");
        }
        let text = record.export();
        assert!(is_own(&text), "{text}");
        let read = crate::files::import(&text).expect("read back");
        assert_eq!(read.format, FileFormat::Text);
        assert_eq!(read.record.history(), record.history());
        assert!(read.record.status().is_finished());
    }

    #[test]
    fn a_bad_move_names_its_line() {
        let text = "[Game \"tictactoe\"]\n[Position \"3/3/3 x\"]\nb2 b2\n";
        match crate::files::import(text) {
            Err(ImportError::Line { line, reason }) => {
                assert_eq!(line, 3);
                assert!(reason.contains("move 2 'b2'"), "{reason}");
            }
            other => panic!("{:?}", other.map(|game| game.record.export())),
        }
    }
}
