//! `ply book build` and `ply book probe` as users run them, and `ply match --openings book`
//! opening every game from the built-in book.

use std::process::{Command, Output};

use ply_games::book::builtin;
use ply_games::{GameOptions, new_game};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

/// A directory of this test's own under the system's temporary directory.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-book-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn a_xiangqi_book_is_built_then_probed() {
    let dir = scratch("build");
    let file = dir.join("xiangqi.plybook");
    let path = file.display().to_string();
    let built = ply(&[
        "book", "build", "xiangqi", "--out", &path, "--plies", "2", "--width", "2", "--margin",
        "100000", "--nodes", "2000", "--quiet",
    ]);
    let report = text(&built);
    assert!(built.status.success(), "{report}");
    assert!(report.contains("3 positions, 6 moves"), "{report}");
    let probed = ply(&["book", "probe", "xiangqi", &path]);
    let listing = text(&probed);
    assert!(probed.status.success(), "{listing}");
    assert!(listing.contains("ply book for xiangqi"), "{listing}");
    let moves: Vec<&str> = listing
        .lines()
        .filter(|line| line.contains("weight"))
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(moves.len(), 2, "{listing}");
    let after = ply(&["book", "probe", "xiangqi", &path, "--moves", moves[0]]);
    let listing = text(&after);
    assert_eq!(listing.matches("weight").count(), 2, "{listing}");
    // Another game, a missing file: clear errors, no panic.
    let caro = ply(&["book", "probe", "caro", &path]);
    assert!(!caro.status.success());
    assert!(
        text(&caro).contains("xiangqi book, not a caro one"),
        "{}",
        text(&caro)
    );
    let missing = ply(&["book", "probe", "chess", "/nonexistent/book.bin"]);
    assert!(!missing.status.success());
    assert!(
        text(&missing).contains("/nonexistent/book.bin"),
        "{}",
        text(&missing)
    );
    std::fs::remove_dir_all(dir).expect("cleaned up");
}

#[test]
fn a_match_opens_every_game_from_the_built_in_book() {
    let dir = scratch("match");
    let out = dir.join("games.txt");
    let played = ply(&[
        "match",
        "xiangqi",
        "--a",
        "level1",
        "--b",
        "level1",
        "--games",
        "4",
        "--max-plies",
        "12",
        "--openings",
        "book",
        "--out",
        &out.display().to_string(),
    ]);
    assert!(played.status.success(), "{}", text(&played));
    assert!(
        text(&played).contains("openings: book"),
        "{}",
        text(&played)
    );
    let start = new_game("xiangqi", &GameOptions::default()).expect("xiangqi");
    let book_moves: Vec<String> = builtin::moves(start.as_ref())
        .into_iter()
        .map(|mv| mv.name)
        .collect();
    let games = std::fs::read_to_string(&out).expect("the games");
    let firsts: Vec<&str> = games
        .lines()
        .filter(|line| !line.starts_with('[') && !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(firsts.len(), 4, "{games}");
    for first in firsts {
        assert!(
            book_moves.iter().any(|mv| mv == first),
            "{first} not in {book_moves:?}"
        );
    }
    std::fs::remove_dir_all(dir).expect("cleaned up");
}
