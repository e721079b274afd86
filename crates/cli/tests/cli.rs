//! The `ply` command as users and scripts run it: the figures the foundation issue names,
//! scripted games with bad lines, and clear errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

fn ply_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("ply finishes")
}

fn json(args: &[&str]) -> Value {
    let output = ply(args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

/// The move of the first `bestmove` line of an engine's transcript: four characters of
/// xiangqi coordinates.
fn bestmove(transcript: &str) -> &str {
    let mv = transcript
        .lines()
        .find_map(|line| line.strip_prefix("bestmove "))
        .and_then(|answer| answer.split_whitespace().next())
        .unwrap_or_else(|| panic!("no bestmove in {transcript}"));
    assert_eq!(mv.len(), 4, "{transcript}");
    mv
}

fn text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn analyze_reproduces_the_seed_node_counts() {
    let plain = json(&["analyze", "tictactoe", "--algorithm", "minimax", "--json"]);
    assert_eq!(plain["score"], 0);
    assert_eq!(plain["nodes"], 549_946);
    let pruned = json(&["analyze", "tictactoe", "--algorithm", "alphabeta", "--json"]);
    assert_eq!(pruned["score"], 0);
    assert_eq!(pruned["nodes"], 18_297);
    for key in ["best_move", "depth", "time_ms", "pv"] {
        assert!(!pruned[key].is_null(), "{key} present");
    }
}

#[test]
fn analyze_scores_every_move_of_the_seed_position() {
    let report = json(&[
        "analyze",
        "tictactoe",
        "--position",
        "x2/1o1/2x o",
        "--algorithm",
        "alphabeta",
        "--all-moves",
        "--json",
    ]);
    let moves = report["moves"].as_array().expect("moves array");
    let score = |name: &str| {
        moves
            .iter()
            .find(|m| m["move"] == name)
            .map(|m| m["score"].as_i64().expect("number"))
            .expect("move listed")
    };
    assert_eq!(moves.len(), 6);
    assert_eq!((score("c3"), score("a1")), (-1, -1));
    assert_eq!(
        (score("b3"), score("a2"), score("c2"), score("b1")),
        (0, 0, 0, 0)
    );
}

#[test]
fn the_engine_proves_tic_tac_toe_a_draw() {
    let report = json(&["analyze", "tictactoe", "--json"]);
    assert_eq!(report["score"], 0);
    assert_eq!(report["proven"], true);
    assert_eq!(report["algorithm"], "engine");
    assert!(report["time_ms"].as_u64().expect("ms") < 2_000);
}

#[test]
fn a_scripted_game_with_bad_lines_plays_to_the_end() {
    // X takes the corners; the computer (strong, O) defends; bad lines in between.
    let script = "help\nb2\nb2\nnonsense\n9 9\n0 0\nmoves\nundo\na3\nc1\nc3\na1\nb1\nc2\na2\nb3\n";
    let output = ply_with_input(&["play", "ttt", "--no-color"], script);
    assert!(output.status.success());
    let shown = text(&output);
    assert!(
        shown.contains("b2 is not legal here: b2 is taken by X"),
        "{shown}"
    );
    assert!(
        shown.contains("cannot read 'nonsense' as a move"),
        "{shown}"
    );
    assert!(shown.contains("O plays"), "{shown}");
    assert!(shown.contains("examined"), "{shown}");
    assert!(shown.contains("took back"), "{shown}");
    assert!(
        shown.contains("Game over: Draw (full board)") || shown.contains("Game over: O wins"),
        "{shown}"
    );
    assert!(
        !shown.contains("Game over: X wins"),
        "the strong player never loses"
    );
}

#[test]
fn end_of_input_leaves_cleanly() {
    let output = ply_with_input(
        &["play", "tictactoe", "--human", "o", "--level", "classic"],
        "",
    );
    assert!(output.status.success());
    assert!(text(&output).contains("X plays"), "the computer opens as X");
}

#[test]
fn two_computers_finish_a_game_without_input() {
    let output = ply_with_input(&["play", "ttt", "--human", "none"], "");
    assert!(output.status.success());
    assert!(text(&output).contains("Game over: Draw (full board)"));
}

#[test]
fn perft_ends_with_the_node_count() {
    let output = ply(&["perft", "ttt", "9"]);
    assert!(output.status.success());
    assert_eq!(text(&output).lines().last(), Some("Nodes searched: 127872"));
    let divided = text(&ply(&["perft", "ttt", "2", "--divide"]));
    assert!(divided.starts_with("a3: 8\n"));
    assert_eq!(divided.lines().last(), Some("Nodes searched: 72"));
}

#[test]
fn bench_ends_with_nodes_and_nps_and_is_deterministic() {
    let last_line = |output: Output| {
        text(&output)
            .lines()
            .last()
            .map(String::from)
            .expect("a line")
    };
    let first = last_line(ply(&["bench", "tictactoe"]));
    let words: Vec<&str> = first.split(' ').collect();
    assert_eq!(words.len(), 4, "{first}");
    assert_eq!((words[1], words[3]), ("nodes", "nps"));
    assert!(words[0].parse::<u64>().expect("nodes") > 0);
    let second = last_line(ply(&["bench", "tictactoe"]));
    assert_eq!(
        first.split(' ').next(),
        second.split(' ').next(),
        "same node count"
    );
}

#[test]
fn a_match_reports_wins_draws_losses_and_elo() {
    let output = ply(&[
        "match",
        "tictactoe",
        "--a",
        "strong",
        "--b",
        "classic",
        "--games",
        "6",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = text(&output);
    assert!(
        report.contains("Score of strong vs classic: 0 - 0 - 6"),
        "{report}"
    );
    assert!(report.contains("Elo difference"));
}

#[test]
fn bad_names_and_options_are_explained() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["perft", "go", "2"],
            "unknown game 'go': expected one of tictactoe",
        ),
        (
            &["analyze", "ttt", "--algorithm", "magic"],
            "unknown algorithm 'magic'",
        ),
        (&["play", "ttt", "--human", "purple"], "is not a side"),
        (
            &["analyze", "ttt", "--position", "x2/1q1/2x o"],
            "row 2 has 'q'",
        ),
        (
            &["match", "ttt", "--a", "wizard", "--b", "classic"],
            "unknown player 'wizard'",
        ),
    ];
    for (args, expected) in cases {
        let output = ply(args);
        assert!(!output.status.success(), "{args:?} fails");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(expected), "{args:?}: {message}");
    }
}

fn fake_engine(options: &str) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fake_uci.py");
    format!("uci:cmd=python3 {script},name=fake{options}")
}

#[test]
fn a_match_against_another_program_is_refereed() {
    let fake = fake_engine("");
    let output = ply(&[
        "match",
        "ttt",
        "--a",
        "strong",
        "--b",
        &fake,
        "--games",
        "4",
        "--movetime",
        "50",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = text(&output);
    let score = report
        .lines()
        .find(|l| l.starts_with("Score of strong vs fake"))
        .expect("score line");
    assert!(
        score.contains(" - 0 - "),
        "strong never loses to first-empty-cell: {report}"
    );
    assert!(
        report.contains("fake: ") && report.contains("0 illegal moves"),
        "{report}"
    );
}

#[test]
fn illegal_moves_and_fallen_flags_lose() {
    let cheat = fake_engine(",option.Illegal=true");
    let output = ply(&[
        "match", "ttt", "--a", "classic", "--b", &cheat, "--games", "2",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = text(&output);
    assert!(
        report.contains("Score of classic vs fake: 2 - 0 - 0"),
        "{report}"
    );
    assert!(report.contains("2 illegal moves"), "{report}");

    let slow = fake_engine(",option.Delay=400");
    let output = ply(&[
        "match", "ttt", "--a", "strong", "--b", &slow, "--games", "2", "--tc", "0.3+0",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = text(&output);
    assert!(
        report.contains("Score of strong vs fake: 2 - 0 - 0"),
        "{report}"
    );
    assert!(report.contains("2 time losses"), "{report}");

    // A fixed move time: late answers are counted, and forfeit only under --turnmargin.
    let late = fake_engine(",option.Delay=300");
    let base = [
        "match",
        "ttt",
        "--a",
        "strong",
        "--b",
        &late,
        "--games",
        "2",
        "--movetime",
        "50",
    ];
    let report = text(&ply(&base));
    let fake_line = report
        .lines()
        .find(|l| l.starts_with("fake:"))
        .expect("figures for the fake");
    assert!(fake_line.contains(" 0 time losses"), "{report}");
    let over: u64 = fake_line
        .split("worst overshoot ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|ms| ms.parse().ok())
        .expect("worst overshoot figure");
    assert!(over >= 200, "{report}");
    let strict = [&base[..], &["--turnmargin", "100"]].concat();
    let report = text(&ply(&strict));
    assert!(
        report.contains("Score of strong vs fake: 2 - 0 - 0"),
        "{report}"
    );
    assert!(report.contains("2 time losses"), "{report}");
}

#[test]
fn an_sprt_stops_when_it_decides() {
    let fake = fake_engine("");
    let output = ply(&[
        "match",
        "ttt",
        "--a",
        "strong",
        "--b",
        &fake,
        "--games",
        "400",
        "--movetime",
        "20",
        "--sprt",
        "elo0=0,elo1=50",
        "--concurrency",
        "2",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = text(&output);
    assert!(report.contains("H1 accepted"), "{report}");
    // The figures are those the decision was taken on: the pair still being played when
    // it came is not counted, so the LLR reported is past the bound it crossed.
    let sprt = report
        .lines()
        .find(|l| l.starts_with("SPRT"))
        .expect("an SPRT line");
    let numbers: Vec<f64> = sprt
        .split("LLR ")
        .nth(1)
        .expect("an LLR")
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter_map(|n| n.parse().ok())
        .collect();
    assert!(numbers.len() >= 3, "{sprt}");
    assert!(numbers[0] >= numbers[2], "LLR past the upper bound: {sprt}");
    let games: u32 = report
        .lines()
        .find(|l| l.starts_with("Score of"))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .expect("games count");
    assert!(games < 400, "stopped early after {games} games");
}

#[test]
fn uci_starts_in_the_variant_named_on_the_command_line() {
    let output = ply_with_input(
        &["uci", "xiangqi"],
        "uci\nisready\nposition startpos moves h2e2\ngo depth 3\nquit\n",
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains("option name UCI_Variant type combo default xiangqi"),
        "{text}"
    );
    // Black answers h2e2 with a xiangqi move in Pikafish's coordinates (ranks 0–9).
    let mv = bestmove(&text);
    assert!(mv.as_bytes()[1].is_ascii_digit() && mv.as_bytes()[3].is_ascii_digit());
    assert!(mv.as_bytes()[1] >= b'5', "black moves from its half: {mv}");

    let chess = ply_with_input(&["uci"], "uci\nquit\n");
    assert!(String::from_utf8_lossy(&chess.stdout).contains("default chess"));

    // Refused before reading a line (no input to write: the program is gone at once).
    let unknown = ply(&["uci", "go"]);
    assert!(!unknown.status.success());
    let error = String::from_utf8_lossy(&unknown.stderr);
    assert!(error.contains("chess or xiangqi"), "{error}");
}

#[test]
fn ply_uci_answers_a_gui_that_opens_with_ucci() {
    let output = ply_with_input(&["uci"], "ucci\nposition startpos\ngo depth 3\nquit\n");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(text.lines().any(|line| line == "ucciok"), "{text}");
    // A red move in ICCS coordinates, from Red's half (ranks 0–4).
    let mv = bestmove(&text);
    assert!(mv.as_bytes()[1] <= b'4', "red moves from its half: {mv}");
}

#[test]
fn game_options_are_flags_built_from_the_specs() {
    // Chess960 castling: king b1 takes the rook on g1.
    let perft = ply(&[
        "perft",
        "chess",
        "1",
        "--divide",
        "--chess960",
        "--position",
        "r6k/8/8/8/8/8/8/RK4R1 w GA - 0 1",
    ]);
    let listed = text(&perft);
    assert!(perft.status.success(), "{listed}");
    assert!(
        listed.lines().any(|line| line.starts_with("b1g1:")),
        "{listed}"
    );
    // An option of another game, and a value out of the spec's range, are refused clearly.
    let wrong_game = ply(&["perft", "chess", "1", "--size", "15"]);
    assert!(!wrong_game.status.success());
    let error = String::from_utf8_lossy(&wrong_game.stderr);
    assert!(error.contains("chess has no option 'size'"), "{error}");
    let too_big = ply(&["perft", "caro", "1", "--size", "30"]);
    let error = String::from_utf8_lossy(&too_big.stderr);
    assert!(error.contains("5 to 25"), "{error}");
    let renju = ply(&["perft", "caro", "1", "--size", "15", "--rule", "RENJU"]);
    assert!(
        text(&renju).contains("Nodes searched: 225"),
        "{}",
        text(&renju)
    );
    let help = ply(&["play", "--help"]);
    let help = text(&help);
    for flag in ["--size", "--rule", "--chess960"] {
        assert!(help.contains(flag), "{flag} in {help}");
    }
}

#[test]
fn a_match_reports_typed_events_as_json_lines() {
    let args = "match ttt --a strong --b alphabeta:depth=2 --games 4 --json";
    let output = ply(&args.split(' ').collect::<Vec<_>>());
    let report = text(&output);
    assert!(output.status.success(), "{report}");
    let events: Vec<serde_json::Value> = report
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect();
    let kinds: Vec<&str> = events
        .iter()
        .map(|event| event["event"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(kinds, ["start", "game", "game", "game", "game", "result"]);
    assert_eq!(events[0]["game"], "tictactoe");
    assert_eq!(events[0]["games"], 4);
    let result = &events[5];
    let standings = &result["standings"];
    let played = ["wins", "draws", "losses"]
        .iter()
        .map(|key| standings[key].as_u64().unwrap_or(0))
        .sum::<u64>();
    assert_eq!(played, 4, "{result}");
    assert_eq!(events[4]["standings"], *standings);
    assert_eq!(result["players"][0]["name"], "strong");
    assert!(String::from_utf8_lossy(&output.stderr).trim().is_empty());
}

/// `ply analyze --game` at depth 2 of the PGN `pgn` (written to a file named after `name`):
/// its text output, after checking that it succeeded.
fn reviewed(name: &str, pgn: &str) -> String {
    let path = std::env::temp_dir().join(format!("ply-{name}-{}.pgn", std::process::id()));
    std::fs::write(&path, pgn).expect("writes");
    let output = ply(&[
        "analyze",
        "--game",
        path.to_str().expect("utf-8"),
        "--depth",
        "2",
    ]);
    std::fs::remove_file(&path).ok();
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    out
}

#[test]
fn a_reviewed_game_that_black_starts_is_numbered_from_black() {
    let out = reviewed(
        "black-starts",
        "[Event \"?\"]\n[SetUp \"1\"]\n\
         [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\
         [Result \"*\"]\n\n1... e5 2. Nf3 Nc6 *\n",
    );
    for row in ["1... e5", "2. Nf3", "2... Nc6"] {
        assert!(out.contains(row), "no '{row}' in:\n{out}");
    }
}

#[test]
fn a_reviewed_game_is_numbered_from_its_fen_move_number() {
    let out = reviewed(
        "move-twelve",
        "[Event \"?\"]\n[SetUp \"1\"]\n\
         [FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 12\"]\n\
         [Result \"*\"]\n\n12. Bb5 a6 13. Ba4 *\n",
    );
    for row in ["12. Bb5", "12... a6", "13. Ba4"] {
        assert!(out.contains(row), "no '{row}' in:\n{out}");
    }
    assert!(!out.contains(" 1. Bb5"), "{out}");
}
