//! Ctrl-C during `ply match`: the match stops between moves, drops the game under way, and
//! still prints the report of the games it finished, then says it was interrupted.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn ctrl_c_stops_a_match_with_the_report_of_the_finished_games() {
    let ply = env!("CARGO_BIN_EXE_ply");
    let brain = format!("gomocup:cmd={ply} gomocup,name=brain");
    let mut child = Command::new(ply)
        .args([
            "match", "caro", "--size", "10", "--a", "strong", "--b", &brain, "--games", "400",
            "--nodes", "1000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply runs");
    // A line a game goes to standard error when no terminal shows a bar.
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut games_seen = 0;
    let mut seen = String::new();
    // Wait for two finished games, then press Ctrl-C.
    while games_seen < 2 {
        let mut line = String::new();
        let read = stderr.read_line(&mut line).expect("a line");
        assert!(read > 0, "the match ended early: {seen}");
        games_seen += usize::from(line.starts_with("game "));
        seen.push_str(&line);
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let pressed = Instant::now();
    let mut errors = String::new();
    stderr.read_to_string(&mut errors).expect("the rest");
    let mut rest = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut rest)
        .expect("stdout");
    let status = child.wait().expect("ply ends");
    assert!(
        pressed.elapsed() < Duration::from_secs(20),
        "{:?}",
        pressed.elapsed()
    );
    // Ended by its own hand, not by the signal, with an error saying why.
    assert_eq!(status.code(), Some(1), "{errors}");
    assert!(errors.contains("interrupted"), "{errors}");
    assert!(rest.contains("Score of strong vs brain"), "{rest}");
    assert!(rest.contains("Interrupted (Ctrl-C)"), "{rest}");
    // The report counts only finished games: at least the two seen, far fewer than 400.
    let games: u32 = rest
        .lines()
        .find(|line| line.starts_with("Score of"))
        .and_then(|line| line.split_whitespace().last())
        .and_then(|count| count.parse().ok())
        .expect("a game count");
    assert!((2..400).contains(&games), "{games} games:\n{rest}");
}
