//! `ply match` against a Gomocup brain that loses lines as Rapfi does: the pause after a
//! brain's move keeps its next command from being lost, a game in which a line was lost
//! and no move came is void, never a win for either side, and a move that comes after its
//! game was lost on time does not break the next game.

use std::process::{Command, Output};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

fn fake_brain(flags: &str) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fake_gomocup.py");
    format!("gomocup:cmd=python3 {script} {flags},name=fake")
}

fn report(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The report of two games on 15x15 between ply at depth 1 and the fake brain started
/// with `flags`, at `movetime` milliseconds a move.
fn two_games_against(flags: &str, movetime: &str) -> String {
    let fake = fake_brain(flags);
    let output = ply(&[
        "match",
        "caro",
        "--size",
        "15",
        "--a",
        "strong:depth=1",
        "--b",
        &fake,
        "--games",
        "2",
        "--movetime",
        movetime,
    ]);
    report(&output)
}

/// Checks the match score of ply against the fake (`"W - L - D"`).
fn assert_score(text: &str, score: &str) {
    assert!(
        text.contains(&format!("Score of strong:depth=1 vs fake: {score}")),
        "{text}"
    );
}

/// The fake's line of figures (moves, time, time losses, illegal moves, failures).
fn fake_figures(text: &str) -> &str {
    text.lines()
        .find(|line| line.starts_with("fake: "))
        .expect("the fake's figures")
}

#[test]
fn a_brain_busy_for_a_moment_after_its_move_loses_no_command() {
    // ply at depth 1 answers within a millisecond; the fake still counts itself as thinking
    // for 60 ms after each move, and would lose the next INFO (answering 'ERROR Unknown
    // command: TIMEOUT_TURN') if the manager did not wait.
    let text = two_games_against("--busy-ms 60", "500");
    assert_score(&text, "2 - 0 - 0");
    assert!(
        fake_figures(&text).ends_with("0 time losses, 0 illegal moves, 0 failures"),
        "{text}"
    );
    assert!(!text.contains("Void games"), "{text}");
}

#[test]
fn a_game_whose_board_was_lost_is_void_not_won() {
    // The fake loses every BOARD: its stones and DONE come back as unknown commands and no
    // move follows. Each game is played three times, then void; nobody scores.
    let text = two_games_against("--lose-boards", "100");
    assert_score(&text, "0 - 0 - 0");
    assert!(
        text.contains(
            "Void games (a program lost one of our lines; replayed, then not counted): 2"
        ),
        "{text}"
    );
    assert_eq!(
        text.matches("0 time losses, 0 illegal moves, 0 failures")
            .count(),
        2,
        "{text}"
    );
}

#[test]
fn a_move_after_the_turn_loses_that_game_and_not_the_match() {
    // The fake answers its first move 5.3 s into a 100 ms turn, past the manager's five
    // seconds of grace: it loses on time, and its move arrives while the next game starts,
    // where it is no answer.
    let text = two_games_against("--late-ms 5300", "100");
    assert_score(&text, "2 - 0 - 0");
    assert!(fake_figures(&text).contains(" 1 time losses"), "{text}");
}

/// The INFO lines the fake was told in two games against ply at depth 1, with the match's
/// `limits` and the fake's own `extra` keys.
fn told(limits: &[&str], extra: &str) -> Vec<String> {
    let tag = format!("{}-{}", limits.join(""), extra.replace('=', ""));
    let log = std::env::temp_dir().join(format!("ply-fake-{}-{tag}.txt", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let fake = format!(
        "{},{extra}",
        fake_brain(&format!("--log {}", log.display()))
    );
    let mut args = vec!["match", "caro", "--size", "15", "--a", "strong:depth=1"];
    args.extend(["--b", &fake, "--games", "2"]);
    args.extend(limits);
    report(&ply(&args));
    let text = std::fs::read_to_string(&log).expect("the fake's log");
    let _ = std::fs::remove_file(&log);
    text.lines().map(str::to_string).collect()
}

/// Checks that the fake was told every line of `said` and none of `not_said`.
fn assert_told(lines: &[String], said: &[&str], not_said: &[&str]) {
    for line in said {
        assert!(lines.iter().any(|told| told == line), "{line} in {lines:?}");
    }
    for line in not_said {
        assert!(
            !lines.iter().any(|told| told == line),
            "{line} not in {lines:?}"
        );
    }
}

#[test]
fn a_brain_held_to_nodes_is_not_timed_by_the_turn() {
    // The match at 3,000 nodes a move: the brain gets the node limit and a long turn, not
    // the one second a match without a movetime gives.
    let lines = told(&["--nodes", "3000"], "name=fake");
    assert_told(
        &lines,
        &["INFO max_node 3000", "INFO timeout_turn 60000"],
        &["INFO timeout_turn 1000"],
    );
}

#[test]
fn a_brain_with_its_own_node_limit_is_told_it_and_not_the_match_s() {
    let lines = told(&["--movetime", "200"], "nodes=5000");
    assert_told(
        &lines,
        &["INFO max_node 5000", "INFO timeout_turn 60000"],
        &["INFO timeout_turn 200"],
    );
    // Without limits of its own it has the match's.
    let lines = told(&["--movetime", "200"], "name=fake");
    assert_told(&lines, &["INFO timeout_turn 200", "INFO max_node 0"], &[]);
}
