//! UCI's own book: `OwnBook` and `Book File` with a Polyglot book written here (keys as
//! the Polyglot specification publishes them), answered before any search; a missing or
//! broken file is an `info string error` and the engine plays on by searching.

use std::io::Write;

use ply_games::book::polyglot::encoding::encode;
use ply_games::book::polyglot::{PolyglotEntry, write_book};
use ply_protocol::uci;

mod common;
use common::{Shared, bestmoves, legal_after};

/// The specification's keys: the start position, and after 1.e4.
const START_KEY: u64 = 0x463b96181691fc9c;
const AFTER_E4_KEY: u64 = 0x823c9b50fd114196;

fn entry(key: u64, mv: &str, weight: u16) -> PolyglotEntry {
    PolyglotEntry {
        key,
        raw_move: encode(mv.parse().expect("a move")),
        weight,
        learn: 0,
    }
}

fn book_file() -> tempfile::NamedTempFile {
    let entries = [
        entry(START_KEY, "e2e4", 60),
        entry(START_KEY, "d2d4", 30),
        entry(AFTER_E4_KEY, "c7c5", 1),
    ];
    let mut bytes = Vec::new();
    write_book(&mut bytes, &entries).expect("written");
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    file.write_all(&bytes).expect("written");
    file.flush().expect("flushed");
    file
}

fn run(script: &str) -> Vec<String> {
    let output = Shared::default();
    uci::run(script.as_bytes(), output.clone()).expect("loop runs");
    output.lines()
}

#[test]
fn the_options_are_listed() {
    let lines = run("uci\nquit\n");
    assert!(lines.contains(&"option name OwnBook type check default false".to_string()));
    assert!(lines.contains(&"option name Book File type string default <empty>".to_string()));
}

#[test]
fn book_moves_are_answered_before_any_search() {
    let file = book_file();
    let path = file.path().display().to_string();
    let script = format!(
        "uci\nsetoption name OwnBook value true\nsetoption name Book File value {path}\nisready\n\
         position startpos\ngo wtime 1000 btime 1000\n\
         position startpos moves e2e4\ngo wtime 1000 btime 1000\n\
         position startpos moves e2e4 e7e5\ngo depth 2\nquit\n"
    );
    let lines = run(&script);
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("info string book ") && line.contains("Polyglot")),
        "{lines:?}"
    );
    let answers = bestmoves(&lines);
    assert_eq!(answers.len(), 3, "{lines:?}");
    assert!(
        ["e2e4", "d2d4"].contains(&answers[0].as_str()),
        "{answers:?}"
    );
    assert_eq!(answers[1], "c7c5", "the book's only move after 1.e4");
    let after_e5 = ["e2e4".to_string(), "e7e5".to_string()];
    assert!(legal_after("chess", &after_e5, &answers[2]), "{answers:?}");
    // Out of book: a search answers (its info lines come first).
    let book_lines = lines
        .iter()
        .filter(|line| line.contains("book move"))
        .count();
    assert_eq!(book_lines, 2, "{lines:?}");
    let last_search = lines
        .iter()
        .rposition(|line| line.starts_with("info depth"));
    let last_answer = lines.iter().rposition(|line| line.starts_with("bestmove"));
    assert!(
        last_search < last_answer && last_search.is_some(),
        "{lines:?}"
    );
}

#[test]
fn a_book_is_not_used_when_ownbook_is_off_or_the_go_asks_for_a_search() {
    let file = book_file();
    let path = file.path().display().to_string();
    let script = format!(
        "setoption name Book File value {path}\nposition startpos\ngo depth 1\n\
         setoption name OwnBook value true\ngo depth 1 searchmoves g1f3\nquit\n"
    );
    let lines = run(&script);
    assert!(
        !lines.iter().any(|line| line.contains("book move")),
        "{lines:?}"
    );
    assert_eq!(bestmoves(&lines).last().map(String::as_str), Some("g1f3"));
}

#[test]
fn a_missing_or_broken_book_is_an_error_and_play_goes_on() {
    let mut broken = tempfile::NamedTempFile::new().expect("a temporary file");
    broken.write_all(&[1u8; 17]).expect("written");
    broken.flush().expect("flushed");
    let script = format!(
        "setoption name OwnBook value true\nsetoption name Book File value /nonexistent/book.bin\n\
         position startpos\ngo depth 1\n\
         setoption name Book File value {}\ngo depth 1\nquit\n",
        broken.path().display()
    );
    let lines = run(&script);
    let errors: Vec<&String> = lines
        .iter()
        .filter(|line| line.starts_with("info string error:"))
        .collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(errors[0].contains("/nonexistent/book.bin"), "{errors:?}");
    assert!(errors[1].contains("16-byte"), "{errors:?}");
    assert_eq!(
        bestmoves(&lines).len(),
        2,
        "both searches answered: {lines:?}"
    );
}
