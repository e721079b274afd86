//! UCCI transcripts: what ply answers to what a GUI (ElephantEye's protocol) sends.

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

use ply_games::{GameOptions, new_game};
use ply_protocol::ucci;

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn transcript(input: &str) -> Vec<String> {
    let record = new_game("xiangqi", &GameOptions::default()).expect("xiangqi is available");
    let output = Shared::default();
    ucci::run(record, Cursor::new(input.to_string()), output.clone()).expect("runs");
    let bytes = output.0.lock().expect("lock").clone();
    String::from_utf8(bytes)
        .expect("utf-8")
        .lines()
        .map(String::from)
        .collect()
}

fn bestmove(lines: &[String]) -> Option<String> {
    lines
        .iter()
        .find_map(|line| line.strip_prefix("bestmove "))
        .map(|rest| rest.split_whitespace().next().unwrap_or("").to_string())
}

#[test]
fn handshake_and_a_fixed_depth_search() {
    let lines = transcript("ucci\nisready\nposition startpos moves h2e2\ngo depth 4\n");
    assert_eq!(lines.first().map(String::as_str), Some("id name ply"));
    assert!(lines.iter().any(|l| l == "ucciok"));
    assert!(lines.iter().any(|l| l == "readyok"));
    let info = lines.iter().filter(|l| l.starts_with("info depth")).count();
    assert_eq!(info, 4, "{lines:?}");
    let best = bestmove(&lines).expect("a move");
    // Black answers: its pieces stand on ranks 5-9.
    assert!(best.len() == 4 && best.as_bytes()[1] >= b'5', "{best}");
    assert_eq!(lines.last().map(String::as_str), Some("bye"));
}

#[test]
fn banned_moves_are_not_played() {
    let lines = transcript(
        "position fen 4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1\nbanmoves e1e9 e1e2\ngo depth 2\n",
    );
    let best = bestmove(&lines).expect("a move");
    assert!(best != "e1e9" && best != "e1e2", "{best}");
}

#[test]
fn a_mate_in_one_is_found_and_scored_as_mate() {
    // Two soldiers next to the palace and a third one stepping up: e7e8 and d8d9 both mate.
    let lines = transcript("position fen 4k4/3P1P3/4P4/p8/9/9/9/9/9/3K5 w - - 0 1\ngo depth 3\n");
    let best = bestmove(&lines).expect("a move");
    assert!(best == "e7e8" || best == "d8d9", "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains(" score 9999 ")),
        "{lines:?}"
    );
}

#[test]
fn no_legal_move_is_nobestmove() {
    // Black is stalemated by two soldiers: a loss in xiangqi, and nothing to play.
    let lines = transcript("position fen 4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1\ngo depth 3\n");
    assert!(lines.iter().any(|l| l == "nobestmove"), "{lines:?}");
}

#[test]
fn garbage_is_answered_never_fatal() {
    let lines = transcript(
        "fly away\ngo depth lots\nposition fen nonsense\nposition startpos moves h2e2 z9z9\nsetoption hashsize -3\nsetoption mystery 1\nisready\nquit\n",
    );
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .count();
    assert_eq!(errors, 6, "{lines:?}");
    assert!(lines.iter().any(|l| l == "readyok"));
}

#[test]
fn stop_ends_an_infinite_search_with_a_move() {
    let lines = transcript(
        "setoption usemillisec true\nposition startpos\ngo infinite\nisready\nstop\nquit\n",
    );
    assert!(bestmove(&lines).is_some(), "{lines:?}");
}

#[test]
fn a_clock_search_returns_within_its_time() {
    let start = std::time::Instant::now();
    let lines =
        transcript("setoption usemillisec true\nposition startpos\ngo time 2000 increment 0\n");
    assert!(bestmove(&lines).is_some(), "{lines:?}");
    // A 2 s clock; a search that ignored it would run on for minutes. 30 s leaves room for a
    // slow, loaded machine.
    assert!(start.elapsed().as_secs() < 30, "{lines:?}");
}

#[test]
fn a_position_our_rules_call_finished_still_gets_a_move() {
    // Red has checked perpetually: by ply's rules Black has won, but a GUI may play on.
    let lines = transcript(
        "position fen 4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1 moves a7a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9\ngo depth 2\n",
    );
    assert_eq!(bestmove(&lines).as_deref(), Some("e9e8"), "{lines:?}");
}

/// The nodes of the last `info … nodes N` line.
fn last_nodes(lines: &[String]) -> Option<u64> {
    lines.iter().rev().find_map(|line| {
        let mut words = line.split_whitespace();
        while let Some(word) = words.next() {
            if word == "nodes" {
                return words.next()?.parse().ok();
            }
        }
        None
    })
}

#[test]
fn strength_options_are_listed_set_and_checked() {
    let lines = transcript("ucci\nquit\n");
    for option in [
        "option limitstrength type check default false",
        "option elo type spin min 1000 max 2800 default 1500",
        "option skilllevel type spin min 0 max 20 default 20",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:?}");
    }
    let ucciok = lines.iter().position(|l| l == "ucciok").expect("ucciok");
    assert!(lines[..ucciok].iter().any(|l| l.starts_with("option elo")));
    // The lowest rating plays on the ladder's node limit there, however long it may think;
    // so does Skill Level 0 (level 1).
    let ladder = new_game("xiangqi", &GameOptions::default())
        .expect("xiangqi")
        .ladder();
    let at_1000 = ladder
        .params(ply_search::skill::Strength::Elo(1000))
        .nodes
        .expect("a node limit");
    let level_one = ladder.rungs[0].nodes.expect("a node limit");
    let weakest = transcript(
        "ucci\nsetoption limitstrength true\nsetoption elo 1000\nposition startpos\ngo time 600000\n",
    );
    assert!(
        last_nodes(&weakest).expect("nodes") <= at_1000,
        "{weakest:?}"
    );
    assert!(bestmove(&weakest).is_some(), "{weakest:?}");
    let skill = transcript("ucci\nsetoption skilllevel 0\nposition startpos\ngo time 600000\n");
    assert!(last_nodes(&skill).expect("nodes") <= level_one, "{skill:?}");
    // The UCI spelling is understood too; bad values are refused.
    let refused = transcript(
        "ucci\nsetoption name UCI_Elo value 3000\nsetoption skilllevel 21\nsetoption limitstrength perhaps\nposition startpos\ngo depth 3\n",
    );
    let errors = refused
        .iter()
        .filter(|l| l.to_ascii_lowercase().contains("error"))
        .count();
    assert!(errors >= 3, "{refused:?}");
    assert!(bestmove(&refused).is_some(), "{refused:?}");
}

/// ply's built-in xiangqi book, as `ply book build` wrote it.
fn xiangqi_book() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../games/books/xiangqi.plybook"
    )
    .to_string()
}

#[test]
fn usebook_and_bookfiles_are_listed() {
    let lines = transcript("ucci\nquit\n");
    assert!(lines.contains(&"option usebook type check default false".to_string()));
    assert!(lines.contains(&"option bookfiles type string default <empty>".to_string()));
}

#[test]
fn a_book_move_is_answered_before_any_search() {
    let script = format!(
        "ucci\nsetoption usebook true\nsetoption bookfiles {}\nposition startpos\ngo depth 8\nquit\n",
        xiangqi_book()
    );
    let lines = transcript(&script);
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("info string book ") && line.contains("xiangqi")),
        "{lines:?}"
    );
    let record = new_game("xiangqi", &GameOptions::default()).expect("xiangqi is available");
    let known: Vec<String> = ply_games::book::builtin::moves(record.as_ref())
        .into_iter()
        .map(|mv| mv.name)
        .collect();
    assert!(!known.is_empty(), "the built-in book knows the start");
    let answer = bestmove(&lines).expect("an answer");
    assert!(known.contains(&answer), "{answer} not in {known:?}");
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("info string book move ")),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|line| line.starts_with("info depth")),
        "no search ran: {lines:?}"
    );
}

#[test]
fn no_book_move_when_usebook_is_off_banned_moves_or_the_book_is_missing() {
    let book = xiangqi_book();
    for script in [
        format!("setoption bookfiles {book}\nposition startpos\ngo depth 2\nquit\n"),
        format!(
            "setoption usebook true\nsetoption bookfiles {book}\nposition startpos\n\
             banmoves h2e2\ngo depth 2\nquit\n"
        ),
        "setoption usebook true\nsetoption bookfiles /nonexistent/book.plybook\n\
         position startpos\ngo depth 2\nquit\n"
            .to_string(),
    ] {
        let lines = transcript(&script);
        assert!(
            !lines.iter().any(|line| line.contains("book move")),
            "{script}: {lines:?}"
        );
        assert!(
            lines.iter().any(|line| line.starts_with("info depth")),
            "{script}: a search answers: {lines:?}"
        );
        assert!(bestmove(&lines).is_some(), "{script}: {lines:?}");
    }
    let missing =
        transcript("setoption usebook true\nsetoption bookfiles /nonexistent/book.plybook\nquit\n");
    assert!(
        missing
            .iter()
            .any(|line| line.starts_with("info string error:") && line.contains("/nonexistent")),
        "{missing:?}"
    );
}
