//! `ply play --clock`: the terminal game on a clock. A move typed after the flag fell is
//! not played and the game ends on time; undo is refused; the computer plays on its clock.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `ply play` with `args`, typing each line after its pause.
fn play(args: &[&str], lines: &[(u64, &str)]) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts");
    let mut input = child.stdin.take().expect("stdin");
    for (pause_ms, line) in lines {
        std::thread::sleep(Duration::from_millis(*pause_ms));
        writeln!(input, "{line}").expect("a line written");
    }
    drop(input);
    let output = child.wait_with_output().expect("ply finishes");
    assert!(output.status.success(), "{output:?}");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_move_after_the_flag_fell_ends_the_game_on_time() {
    // 1.2 s each; X moves at once, O waits 1.6 s.
    let (out, _) = play(
        &["ttt", "--human", "both", "--no-color", "--clock", "0.02+0"],
        &[(0, "b2"), (0, "undo"), (1_600, "a1"), (0, "quit")],
    );
    // O's clock stands while X thinks.
    assert!(out.contains(" · O 0:01.2] X to move>"), "{out}");
    assert!(
        out.contains("moves cannot be taken back in a timed game"),
        "{out}"
    );
    assert!(out.contains("the flag fell before the move"), "{out}");
    assert!(out.contains("Game over: X wins (out of time)."), "{out}");
}

#[test]
fn the_computer_plays_on_its_clock_and_bad_controls_are_explained() {
    let (out, _) = play(
        &["ttt", "--human", "none", "--no-color", "--clock", "0.05+0"],
        &[],
    );
    assert!(out.contains("Game over: Draw"), "{out}");
    let output = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["play", "ttt", "--clock", "5"])
        .output()
        .expect("ply runs");
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("write minutes+increment"),
        "{output:?}"
    );
}
