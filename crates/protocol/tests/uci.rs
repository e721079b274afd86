//! UCI transcripts: the loop driven through in-memory input and output, as a GUI would
//! drive it — the handshake, searches with every kind of limit, stop and isready while
//! searching, pondering, long move lists, new games, and garbage that must not break it.

use std::io::{BufReader, PipeWriter, Write};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ply_games::{GameOptions, new_game};
use ply_protocol::uci;

mod common;
use common::{Shared, bestmoves, legal_after};

/// Runs a script as a GUI would: after each `go` (not `infinite` or `ponder`) it waits
/// for the `bestmove` before sending the next line.
fn transcript(script: &str) -> Vec<String> {
    let mut engine = Live::start();
    for line in script.lines() {
        let before = engine.count(|l| l.starts_with("bestmove"));
        engine.send(line);
        let waits =
            line.starts_with("go") && !line.contains("infinite") && !line.contains("ponder");
        let is_perft = line.contains("perft");
        if waits && !is_perft {
            let arrived = engine.wait_for_count(|l| l.starts_with("bestmove"), before + 1);
            assert!(arrived, "no bestmove after '{line}'");
        }
    }
    engine.quit()
}

/// A script read all at once, as fast as the loop takes it (a `quit` stops the search).
fn burst(script: &str) -> Vec<String> {
    let output = Shared::default();
    uci::run(script.as_bytes(), output.clone()).expect("loop runs");
    output.lines()
}

/// An engine fed line by line through a pipe, for timing-dependent dialogues.
struct Live {
    input: Option<PipeWriter>,
    output: Shared,
    handle: Option<JoinHandle<()>>,
}

impl Live {
    fn start() -> Live {
        let (reader, writer) = std::io::pipe().expect("pipe");
        let output = Shared::default();
        let engine_output = output.clone();
        let handle = std::thread::spawn(move || {
            uci::run(BufReader::new(reader), engine_output).expect("loop runs");
        });
        Live {
            input: Some(writer),
            output,
            handle: Some(handle),
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("open");
        writeln!(input, "{line}").expect("engine reads");
        input.flush().expect("flush");
    }

    /// Waits until a line satisfying `wanted` appears; returns it and the time it took.
    fn wait_for(&self, wanted: impl Fn(&str) -> bool, limit: Duration) -> Option<Duration> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if self.output.lines().iter().any(|l| wanted(l)) {
                return Some(start.elapsed());
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }

    fn wait_for_count(&self, wanted: impl Fn(&str) -> bool, count: usize) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(30) {
            if self.count(&wanted) >= count {
                return true;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        false
    }

    fn count(&self, wanted: impl Fn(&str) -> bool) -> usize {
        self.output.lines().iter().filter(|l| wanted(l)).count()
    }

    fn quit(mut self) -> Vec<String> {
        // The script may have quit already; a closed pipe is fine then.
        if let Some(input) = self.input.as_mut() {
            let _ = writeln!(input, "quit");
        }
        drop(self.input.take());
        if let Some(handle) = self.handle.take() {
            handle.join().expect("loop ends");
        }
        self.output.lines()
    }
}

#[test]
fn handshake_lists_the_options() {
    let lines = burst("uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name ply"), "{lines:?}");
    for option in [
        "option name Hash type spin",
        "option name Threads type spin",
        "option name MultiPV type spin",
        "option name Move Overhead type spin",
        "option name Ponder type check",
        "option name UCI_Chess960 type check",
        "option name UCI_Variant type combo default chess var chess",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "{option}: {lines:?}"
        );
    }
    let uciok = lines.iter().position(|l| l == "uciok").expect("uciok");
    assert_eq!(lines.get(uciok + 1).map(String::as_str), Some("readyok"));
}

#[test]
fn go_depth_reports_info_and_a_legal_bestmove() {
    let lines = transcript("position startpos moves e2e4 e7e5\ngo depth 6\nquit\n");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(infos.len() >= 6, "{lines:?}");
    let last = infos.last().expect("an info line");
    for field in [
        " seldepth ",
        " multipv 1 ",
        " score cp ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(last.contains(field), "{field} in {last}");
    }
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    assert!(
        legal_after("chess", &["e2e4".into(), "e7e5".into()], &best[0]),
        "{best:?}"
    );
}

#[test]
fn limits_by_nodes_movetime_clock_and_mate() {
    let start = Instant::now();
    let lines = transcript(
        "position startpos\ngo nodes 5000\n\
         position startpos\ngo movetime 200\n\
         position startpos moves d2d4\ngo wtime 3000 btime 3000 winc 0 binc 0 movestogo 10\n\
         position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo mate 1\nquit\n",
    );
    assert_eq!(bestmoves(&lines).len(), 4, "{lines:?}");
    assert_eq!(bestmoves(&lines)[3], "a1a8");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    // The timed searches are bounded by 0.2 s and a 3 s clock; a search that ignored its limit
    // would run on for minutes. 30 s leaves room for a slow, loaded machine.
    assert!(start.elapsed() < Duration::from_secs(30), "{lines:?}");
}

#[test]
fn stop_ends_go_infinite_at_once() {
    let mut engine = Live::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(
        engine.count(|l| l.starts_with("bestmove")),
        0,
        "infinite waits for stop"
    );
    engine.send("stop");
    let took = engine
        .wait_for(|l| l.starts_with("bestmove"), Duration::from_secs(5))
        .expect("bestmove after stop");
    assert!(took < Duration::from_secs(1), "{took:?}");
    let lines = engine.quit();
    assert!(legal_after("chess", &[], &bestmoves(&lines)[0]));
}

#[test]
fn isready_is_answered_while_searching() {
    let mut engine = Live::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("isready");
    let took = engine
        .wait_for(|l| l == "readyok", Duration::from_secs(5))
        .expect("readyok");
    assert!(took < Duration::from_millis(500), "{took:?}");
    assert_eq!(engine.count(|l| l.starts_with("bestmove")), 0);
    engine.send("stop");
    engine
        .wait_for(|l| l.starts_with("bestmove"), Duration::from_secs(5))
        .expect("bestmove");
    engine.quit();
}

#[test]
fn ponder_waits_for_ponderhit() {
    let mut engine = Live::start();
    engine.send("position startpos moves e2e4");
    engine.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(
        engine.count(|l| l.starts_with("bestmove")),
        0,
        "pondering ignores the clock"
    );
    engine.send("ponderhit");
    engine
        .wait_for(|l| l.starts_with("bestmove"), Duration::from_secs(3))
        .expect("bestmove after ponderhit");
    engine.quit();
}

#[test]
fn hundreds_of_moves_and_new_games() {
    // A long game of shuffling pieces (the fifty-move counter resets with pawn moves).
    let mut record = new_game("chess", &GameOptions::default()).expect("chess");
    let mut moves = Vec::new();
    let mut index = 0usize;
    while moves.len() < 300 && !record.status().is_finished() {
        let legal = record.legal_moves();
        let pick = legal[(index * 7919 + moves.len()) % legal.len()]
            .name
            .clone();
        index += 1;
        record.play_text(&pick).expect("legal");
        moves.push(pick);
    }
    if record.status().is_finished() {
        moves.pop();
    }
    let script = format!(
        "ucinewgame\nposition startpos moves {}\ngo depth 3\nucinewgame\nposition startpos\ngo depth 3\nquit\n",
        moves.join(" ")
    );
    let lines = transcript(&script);
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 2);
    assert!(
        legal_after("chess", &moves, &best[0]),
        "{} after {} moves",
        best[0],
        moves.len()
    );
    assert!(legal_after("chess", &[], &best[1]));
}

#[test]
fn garbage_gets_an_error_and_nothing_breaks() {
    let lines = burst(
        "hello\ngo depth x\nposition fen not/a/fen w - - 0 1\nposition startpos moves e2e4 e2e4\n\
         setoption name Hash value lots\nsetoption name Bogus value 1\ngo sideways\n\
         setoption name UCI_Variant value checkers\n\u{1F600}\nisready\ngo depth 2\nquit\n",
    );
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .count();
    assert_eq!(errors, 9, "{lines:?}");
    assert!(lines.iter().any(|l| l == "readyok"));
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    // The bad second move left the position after 1. e4.
    assert!(legal_after("chess", &["e2e4".into()], &best[0]), "{best:?}");
}

#[test]
fn searchmoves_multipv_and_perft() {
    let lines = transcript(
        "position startpos\ngo depth 4 searchmoves a2a3 h2h3\nsetoption name MultiPV value 3\n\
         go depth 4\ngo perft 3\nquit\n",
    );
    let best = bestmoves(&lines);
    assert!(best[0] == "a2a3" || best[0] == "h2h3", "{best:?}");
    assert!(lines.iter().any(|l| l.contains(" multipv 3 ")), "{lines:?}");
    assert!(
        lines.iter().any(|l| l == "Nodes searched: 8902"),
        "{lines:?}"
    );
}

#[test]
fn chess960_castles_king_takes_rook() {
    let lines = transcript(
        "setoption name UCI_Chess960 value true\n\
         position fen r6k/8/8/8/8/8/8/RK4R1 w GA - 0 1 moves b1g1\nisready\n\
         setoption name UCI_Chess960 value false\n\
         position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\ngo depth 2\nquit\n",
    );
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn quit_stops_a_search_and_ends_the_loop() {
    let start = Instant::now();
    let lines = burst("position startpos\ngo infinite\nquit\n");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
    // `go infinite` never ends on its own: finishing at all proves quit stopped it; 10 s
    // leaves room for a slow, loaded machine and still means "at once".
    assert!(start.elapsed() < Duration::from_secs(10), "{lines:?}");
}

#[test]
fn a_finished_game_answers_bestmove_none() {
    let lines = transcript("position startpos moves f2f3 e7e5 g2g4 d8h4\ngo depth 3\nquit\n");
    assert!(lines.iter().any(|l| l == "bestmove (none)"), "{lines:?}");
}

#[test]
fn uci_variant_switches_to_xiangqi_when_it_is_available() {
    let available = ply_games::find_game("xiangqi").is_ok();
    let lines = transcript(
        "setoption name UCI_Variant value xiangqi\nposition startpos moves h2e2\ngo depth 3\n\
         setoption name UCI_Variant value chess\nposition startpos moves e2e4\ngo depth 3\nquit\n",
    );
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 2, "{lines:?}");
    assert!(legal_after("chess", &["e2e4".into()], &best[1]), "{best:?}");
    if available {
        let mut xiangqi = new_game("xiangqi", &GameOptions::default()).expect("xiangqi");
        xiangqi.play_text("h2e2").expect("legal");
        assert!(xiangqi.parse_move(&best[0]).is_ok(), "{best:?}");
        assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    } else {
        assert!(lines.iter().any(|l| l.contains("UCI_Variant")), "{lines:?}");
    }
}

/// The node limit the game's ladder sets at `elo`.
fn ladder_nodes(game: &str, elo: i32) -> u64 {
    let record = new_game(game, &GameOptions::default()).expect("a game");
    record
        .ladder()
        .params(ply_search::skill::Strength::Elo(elo))
        .nodes
        .expect("a weakened level has a node limit")
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
fn the_strength_options_are_listed_with_their_ranges() {
    for variant in ["", "setoption name UCI_Variant value xiangqi\n"] {
        let lines = burst(&format!("{variant}uci\nquit\n"));
        for option in [
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1500 min 1000 max 2800",
            "option name Skill Level type spin default 20 min 0 max 20",
        ] {
            assert!(lines.iter().any(|l| l == option), "{option}: {lines:?}");
        }
    }
}

#[test]
fn uci_limit_strength_with_the_lowest_elo_plays_on_the_ladders_node_limit() {
    // A generous movetime: the node limit of the ladder at that rating ends the search.
    let script = "uci\nsetoption name UCI_Elo value 1000\nsetoption name UCI_LimitStrength value true\nucinewgame\nposition startpos moves e2e4\ngo movetime 20000\nquit\n";
    let start = Instant::now();
    let lines = transcript(script);
    assert!(start.elapsed() < Duration::from_secs(10), "{lines:?}");
    let nodes = last_nodes(&lines).expect("info with nodes");
    let limit = ladder_nodes("chess", 1000);
    assert!(
        nodes <= limit,
        "UCI_Elo 1000 searched {nodes} of {limit}: {lines:?}"
    );
    let moves = bestmoves(&lines);
    assert_eq!(moves.len(), 1);
    assert!(legal_after("chess", &["e2e4".to_string()], &moves[0]));
    // The same seed (one `ucinewgame`) gives the same move again.
    assert_eq!(bestmoves(&transcript(script)), moves);
    // Without the limit the same `go` is the full engine's (stopped here by its node limit).
    let full = transcript(
        "uci\nsetoption name UCI_Elo value 1000\nposition startpos moves e2e4\ngo nodes 5000\nquit\n",
    );
    assert!(last_nodes(&full).expect("nodes") > 2_000, "{full:?}");
}

#[test]
fn uci_elo_out_of_range_is_refused_and_changes_nothing() {
    let lines = transcript(
        "setoption name UCI_Elo value 999\nsetoption name UCI_Elo value lots\nsetoption name UCI_LimitStrength value maybe\nsetoption name Skill Level value 21\nsetoption name UCI_LimitStrength value true\nposition startpos\ngo nodes 3000\nquit\n",
    );
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .count();
    assert_eq!(errors, 4, "{lines:?}");
    // UCI_Elo stayed at 1500, which the ladder plays; the move is legal.
    let moves = bestmoves(&lines);
    assert!(legal_after("chess", &[], &moves[0]), "{lines:?}");
}

#[test]
fn skill_level_zero_is_level_one_and_twenty_is_full_strength() {
    let weakest = transcript(
        "setoption name Skill Level value 0\nposition startpos\ngo movetime 20000\nquit\n",
    );
    let lowest = new_game("chess", &GameOptions::default())
        .expect("chess")
        .ladder()
        .rungs[0];
    let limit = lowest.nodes.expect("level 1 has a node limit");
    assert!(last_nodes(&weakest).expect("nodes") <= limit, "{weakest:?}");
    let full =
        transcript("setoption name Skill Level value 20\nposition startpos\ngo nodes 5000\nquit\n");
    assert!(last_nodes(&full).expect("nodes") > 2_000, "{full:?}");
}

#[test]
fn xiangqi_plays_at_a_limited_elo_too() {
    let lines = transcript(
        "setoption name UCI_Variant value xiangqi\nsetoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 1000\nposition startpos\ngo movetime 20000\nquit\n",
    );
    let limit = ladder_nodes("xiangqi", 1000);
    assert!(last_nodes(&lines).expect("nodes") <= limit, "{lines:?}");
    let moves = bestmoves(&lines);
    assert!(legal_after("xiangqi", &[], &moves[0]), "{lines:?}");
}
