//! Conformance transcripts for xiangqi, over UCI (`UCI_Variant xiangqi`, as Pikafish GUIs
//! speak it) and over UCCI (ElephantEye's protocol): `stop` during `go infinite`, `isready`
//! answered at once during a search, `position` with hundreds of moves, and a new game
//! (`ucinewgame` / `setoption newgame`) between games. The engine is fed line by line
//! through a pipe, as a GUI would, so the timing of each answer is measured.

use std::io::{BufReader, PipeWriter, Write};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ply_games::{GameOptions, new_game};
use ply_protocol::{ucci, uci};

mod common;
use common::{Shared, bestmoves, legal_after};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Protocol {
    Uci,
    Ucci,
}

/// An engine fed line by line through a pipe.
struct Live {
    input: Option<PipeWriter>,
    output: Shared,
    handle: Option<JoinHandle<()>>,
}

impl Live {
    fn start(protocol: Protocol) -> Live {
        let (reader, writer) = std::io::pipe().expect("pipe");
        let output = Shared::default();
        let engine_output = output.clone();
        let handle = std::thread::spawn(move || {
            let input = BufReader::new(reader);
            match protocol {
                Protocol::Uci => uci::run(input, engine_output).expect("loop runs"),
                Protocol::Ucci => {
                    let record =
                        new_game("xiangqi", &GameOptions::default()).expect("xiangqi is available");
                    ucci::run(record, input, engine_output).expect("loop runs");
                }
            }
        });
        let mut live = Live {
            input: Some(writer),
            output,
            handle: Some(handle),
        };
        match protocol {
            Protocol::Uci => live.send("setoption name UCI_Variant value xiangqi"),
            Protocol::Ucci => live.send("setoption usemillisec true"),
        }
        live
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("open");
        writeln!(input, "{line}").expect("engine reads");
        input.flush().expect("flush");
    }

    fn count(&self, wanted: impl Fn(&str) -> bool) -> usize {
        self.output.lines().iter().filter(|l| wanted(l)).count()
    }

    /// Waits until `count` lines satisfy `wanted`; the time it took, or `None` past `limit`.
    fn wait_for(
        &self,
        wanted: impl Fn(&str) -> bool,
        count: usize,
        limit: Duration,
    ) -> Option<Duration> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if self.count(&wanted) >= count {
                return Some(start.elapsed());
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }

    fn quit(mut self) -> Vec<String> {
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

fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove")
}

/// A long game of legal moves that never ends by the rules (checked by ply's own record).
fn long_game(plies: usize) -> Vec<String> {
    let mut record = new_game("xiangqi", &GameOptions::default()).expect("xiangqi");
    let mut moves: Vec<String> = Vec::new();
    let mut step = 0usize;
    'outer: while moves.len() < plies {
        let legal = record.legal_moves().to_vec();
        for attempt in 0..legal.len() {
            step += 1;
            let pick = &legal[(step * 7919 + attempt * 104_729) % legal.len()];
            record.play(pick.id).expect("a listed move plays");
            if record.status().is_finished() {
                record.undo();
                continue;
            }
            moves.push(pick.name.clone());
            continue 'outer;
        }
        break;
    }
    moves
}

fn stop_during_go_infinite(protocol: Protocol) {
    let mut engine = Live::start(protocol);
    engine.send("position startpos moves h2e2");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(
        engine.count(is_bestmove),
        0,
        "{protocol:?}: infinite waits for stop"
    );
    engine.send("stop");
    let took = engine
        .wait_for(is_bestmove, 1, Duration::from_secs(5))
        .unwrap_or_else(|| panic!("{protocol:?}: no bestmove after stop"));
    assert!(took < Duration::from_secs(1), "{protocol:?}: {took:?}");
    let lines = engine.quit();
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{protocol:?}: {lines:?}");
    assert!(
        legal_after("xiangqi", &["h2e2".to_string()], &best[0]),
        "{protocol:?}: {best:?}"
    );
}

fn isready_during_a_search(protocol: Protocol) {
    let mut engine = Live::start(protocol);
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("isready");
    let took = engine
        .wait_for(|l| l == "readyok", 1, Duration::from_secs(5))
        .unwrap_or_else(|| panic!("{protocol:?}: no readyok"));
    assert!(took < Duration::from_millis(500), "{protocol:?}: {took:?}");
    assert_eq!(
        engine.count(is_bestmove),
        0,
        "{protocol:?}: isready does not stop the search"
    );
    engine.send("stop");
    engine
        .wait_for(is_bestmove, 1, Duration::from_secs(5))
        .unwrap_or_else(|| panic!("{protocol:?}: no bestmove after stop"));
    engine.quit();
}

fn hundreds_of_moves_and_new_games(protocol: Protocol) {
    let moves = long_game(300);
    assert!(moves.len() >= 200, "only {} plies", moves.len());
    let new_game = match protocol {
        Protocol::Uci => "ucinewgame",
        Protocol::Ucci => "setoption newgame",
    };
    let mut engine = Live::start(protocol);
    engine.send(new_game);
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    engine.send("go depth 3");
    engine
        .wait_for(is_bestmove, 1, Duration::from_secs(30))
        .unwrap_or_else(|| panic!("{protocol:?}: no bestmove after {} plies", moves.len()));
    engine.send(new_game);
    engine.send("position startpos");
    engine.send("go depth 3");
    engine
        .wait_for(is_bestmove, 2, Duration::from_secs(30))
        .unwrap_or_else(|| panic!("{protocol:?}: no bestmove in the new game"));
    let lines = engine.quit();
    assert!(
        !lines.iter().any(|l| l.contains("error")),
        "{protocol:?}: {lines:?}"
    );
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 2, "{protocol:?}: {lines:?}");
    assert!(
        legal_after("xiangqi", &moves, &best[0]),
        "{protocol:?}: {} after {} plies",
        best[0],
        moves.len()
    );
    assert!(
        legal_after("xiangqi", &[], &best[1]),
        "{protocol:?}: {}",
        best[1]
    );
}

#[test]
fn uci_xiangqi_stop_ends_go_infinite_at_once() {
    stop_during_go_infinite(Protocol::Uci);
}

#[test]
fn ucci_stop_ends_go_infinite_at_once() {
    stop_during_go_infinite(Protocol::Ucci);
}

#[test]
fn uci_xiangqi_isready_is_answered_while_searching() {
    isready_during_a_search(Protocol::Uci);
}

#[test]
fn ucci_isready_is_answered_while_searching() {
    isready_during_a_search(Protocol::Ucci);
}

#[test]
fn uci_xiangqi_hundreds_of_moves_and_ucinewgame() {
    hundreds_of_moves_and_new_games(Protocol::Uci);
}

#[test]
fn ucci_hundreds_of_moves_and_newgame() {
    hundreds_of_moves_and_new_games(Protocol::Ucci);
}

#[test]
fn ucci_a_new_position_during_a_search_stops_it_and_takes_the_position() {
    // A GUI that sends `position` + `go` without `stop` (a new game mid-search) must get
    // exactly one bestmove per search, the last one legal in the new position.
    let mut engine = Live::start(Protocol::Ucci);
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("setoption newgame");
    engine.send("position startpos moves b2e2");
    engine.send("go depth 2");
    engine
        .wait_for(is_bestmove, 2, Duration::from_secs(10))
        .expect("two bestmoves");
    let lines = engine.quit();
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 2, "{lines:?}");
    assert!(
        legal_after("xiangqi", &["b2e2".to_string()], &best[1]),
        "{best:?}"
    );
}
