//! The Gomocup loop driven as a manager drives it: scripted lines in, replies out, bad
//! lines included; a timed pipe for END during a search and for the time limits.

use std::io::{self, BufRead, BufReader, Cursor, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use ply_protocol::gomocup::{parse_pair, run};

/// Runs a whole script at once and returns the replies. (An END right after a command
/// that searches stops that search, as a manager's END during a search would, so scripts
/// whose last command searches end with the input instead.)
fn transcript(script: &str) -> Vec<String> {
    let mut output = Vec::new();
    run(Cursor::new(script.to_string().into_bytes()), &mut output).expect("runs");
    String::from_utf8(output)
        .expect("utf-8")
        .lines()
        .filter(|line| !line.starts_with("MESSAGE"))
        .map(String::from)
        .collect()
}

fn is_move(line: &str, size: usize) -> Option<(usize, usize)> {
    parse_pair(line).filter(|&(x, y)| x < size && y < size)
}

#[test]
fn a_game_as_a_manager_plays_it() {
    let replies = transcript(
        "INFO timeout_match 100000\nINFO timeout_turn 300\nINFO max_memory 83886080\nINFO rule 0\nINFO folder /tmp\nABOUT\nSTART 15\nBEGIN\nTURN 8,8\nTURN 6,6\n",
    );
    assert!(replies[0].starts_with("name=\"ply\""), "{replies:?}");
    assert_eq!(replies[1], "OK");
    assert_eq!(replies[2], "7,7", "the first stone goes in the centre");
    let second = is_move(&replies[3], 15).expect("a move");
    let third = is_move(&replies[4], 15).expect("a move");
    for taken in [(7, 7), (8, 8), (6, 6)] {
        assert_ne!(second, taken);
        assert_ne!(third, taken);
    }
    assert_ne!(second, third);
    assert_eq!(replies.len(), 5, "{replies:?}");
}

#[test]
fn bad_lines_get_error_or_unknown_and_the_brain_goes_on() {
    let replies = transcript(
        "TURN 1,1\nSTART 4\nSTART 26\nSTART fifteen\nRECTSTART 20,15\nRECTSTART 15,15\nTURN 99,99\nTURN 7\nTURN 3,4\nTURN 3,4\nHELLO brain\nINFO timeout_turn soon\nTAKEBACK 0,0\nINFO\nEND\n",
    );
    let expect = [
        ("ERROR", "TURN before START"),
        ("ERROR", "START 4"),
        ("ERROR", "START 26"),
        ("ERROR", "START fifteen"),
        ("ERROR", "RECTSTART 20,15"),
        ("OK", "RECTSTART 15,15"),
        ("ERROR", "TURN 99,99"),
        ("ERROR", "TURN 7"),
    ];
    for (index, (start, what)) in expect.iter().enumerate() {
        assert!(replies[index].starts_with(start), "{what}: {replies:?}");
    }
    assert!(
        is_move(&replies[8], 15).is_some(),
        "TURN 3,4 answered: {replies:?}"
    );
    assert!(
        replies[9].starts_with("ERROR"),
        "TURN on a taken cell: {replies:?}"
    );
    assert_eq!(replies[10], "UNKNOWN HELLO brain");
    assert!(
        replies[11].starts_with("ERROR"),
        "INFO with a bad number: {replies:?}"
    );
    assert!(
        replies[12].starts_with("ERROR"),
        "TAKEBACK of an empty cell: {replies:?}"
    );
    assert!(replies[13].starts_with("ERROR"), "INFO alone: {replies:?}");
    assert_eq!(replies.len(), 14, "{replies:?}");
}

#[test]
fn board_sets_the_position_and_the_brain_blocks_a_four() {
    // The opponent (2) has four in a row on y = 7 from x = 3 to 6, closed at x = 2 by us.
    let replies = transcript(
        "INFO timeout_turn 500\nSTART 15\nBOARD\n3,7,2\n2,7,1\n4,7,2\n0,0,1\n5,7,2\n14,14,1\n6,7,2\nDONE\n",
    );
    assert_eq!(replies, vec!["OK", "7,7"]);
}

#[test]
fn board_errors_full_boards_and_takeback() {
    // 5×5 full board without a five: 13 stones of the opponent, 12 of ours.
    let rows = ["xxoox", "ooxxo", "xxoox", "ooxxo", "xoxox"];
    let mut script = String::from("INFO timeout_turn 200\nSTART 5\nBOARD\n");
    for (y, row) in rows.iter().enumerate() {
        for (x, stone) in row.chars().enumerate() {
            let field = if stone == 'x' { 2 } else { 1 };
            script.push_str(&format!("{x},{y},{field}\n"));
        }
    }
    script.push_str("DONE\n");
    // A block with a bad line and stones that cannot be our turn.
    script.push_str("BOARD\n1,1,1\n2,2,1\nnonsense\nDONE\n");
    // A normal game: our move, taken back, then an empty cell taken back.
    script.push_str("RESTART\nBEGIN\nTAKEBACK 2,2\nTAKEBACK 2,2\nEND\n");
    let replies = transcript(&script);
    assert_eq!(replies[0], "OK");
    assert!(replies[1].contains("full"), "{replies:?}");
    assert!(replies[2].starts_with("ERROR BOARD"), "{replies:?}");
    assert!(
        replies[3].starts_with("ERROR"),
        "two own stones and none of theirs: {replies:?}"
    );
    assert_eq!(replies[4], "OK");
    assert_eq!(replies[5], "2,2");
    assert_eq!(replies[6], "OK");
    assert!(replies[7].starts_with("ERROR"), "{replies:?}");
}

#[test]
fn rules_come_from_the_info_bitmask() {
    // Renju (4): black may not play a three-three. We are black (own = 1) to move with
    // two open twos crossing at 7,7: the brain must not play there.
    let replies = transcript(
        "INFO rule 4\nINFO timeout_turn 300\nSTART 15\nBOARD\n6,7,1\n0,14,2\n8,7,1\n14,14,2\n7,6,1\n14,0,2\n7,8,1\n0,0,2\nDONE\n",
    );
    assert_eq!(replies[0], "OK");
    let reply = is_move(&replies[1], 15).expect("a move");
    assert_ne!(reply, (7, 7), "a forbidden three-three");
}

#[test]
fn swap2_opening_gives_three_stones() {
    let replies = transcript("START 15\nSWAP2BOARD\nDONE\nEND\n");
    let stones: Vec<_> = replies[1]
        .split_whitespace()
        .filter_map(parse_pair)
        .collect();
    assert_eq!(stones.len(), 3, "{replies:?}");
}

/// A reader fed line by line from the test, so timing is under the test's control.
struct Pipe {
    lines: Receiver<String>,
    pending: Vec<u8>,
}

impl Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            match self.lines.recv() {
                Ok(line) => self.pending = format!("{line}\n").into_bytes(),
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().expect("lock").clone();
        BufReader::new(Cursor::new(bytes))
            .lines()
            .map_while(Result::ok)
            .filter(|line| !line.starts_with("MESSAGE"))
            .collect()
    }
}

fn start_brain() -> (Sender<String>, Shared, thread::JoinHandle<()>) {
    let (sender, lines) = mpsc::channel();
    let output = Shared::default();
    let writer = output.clone();
    let handle = thread::spawn(move || {
        let pipe = BufReader::new(Pipe {
            lines,
            pending: Vec::new(),
        });
        run(pipe, writer).expect("runs");
    });
    (sender, output, handle)
}

fn wait_for_lines(output: &Shared, count: usize, limit: Duration) -> Duration {
    let start = Instant::now();
    while output.lines().len() < count && start.elapsed() < limit {
        thread::sleep(Duration::from_millis(2));
    }
    start.elapsed()
}

#[test]
fn end_during_a_search_stops_it_at_once() {
    let (send, output, handle) = start_brain();
    for line in ["INFO timeout_turn 30000", "START 15", "TURN 7,7"] {
        send.send(line.to_string()).expect("send");
    }
    thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    send.send("END".to_string()).expect("send");
    handle.join().expect("the brain ends");
    assert!(
        sent.elapsed() < Duration::from_secs(3),
        "{:?}",
        sent.elapsed()
    );
    assert_eq!(output.lines(), vec!["OK"], "no move after END");
}

#[test]
fn answers_come_within_the_turn_and_the_time_left() {
    let (send, output, handle) = start_brain();
    for line in [
        "INFO timeout_turn 400",
        "INFO timeout_match 600000",
        "INFO time_left 600000",
        "START 15",
    ] {
        send.send(line.to_string()).expect("send");
    }
    wait_for_lines(&output, 1, Duration::from_secs(5));
    send.send("TURN 7,7".to_string()).expect("send");
    let took = wait_for_lines(&output, 2, Duration::from_secs(5));
    // The brain plans 320 ms; the slack is for a loaded test machine (the default turn
    // would be 5 s).
    assert!(
        took < Duration::from_millis(550),
        "timeout_turn 400: {took:?}"
    );
    // Almost no time left in the match, though the turn allows 5 s: answer at once.
    send.send("INFO timeout_turn 5000".to_string())
        .expect("send");
    send.send("INFO time_left 60".to_string()).expect("send");
    send.send("TURN 9,9".to_string()).expect("send");
    let took = wait_for_lines(&output, 3, Duration::from_secs(5));
    assert!(took < Duration::from_millis(250), "time_left 60: {took:?}");
    send.send("END".to_string()).expect("send");
    handle.join().expect("ends");
    let lines = output.lines();
    assert!(
        is_move(&lines[1], 15).is_some() && is_move(&lines[2], 15).is_some(),
        "{lines:?}"
    );
}

/// A full 15×15 board with no five anywhere: pairs along a row, shifted by one each row,
/// so no line of any direction holds more than two stones of one colour in a row.
fn full_board_without_five() -> Vec<(usize, usize, u8)> {
    let colour = |x: usize, y: usize| ((x / 2 + y) % 2) as u8;
    let ones = (0..15)
        .flat_map(|y| (0..15).map(move |x| (x, y)))
        .filter(|&(x, y)| colour(x, y) == 1)
        .count();
    // The opponent (2) has the colour with more stones: it moved first on a full board.
    let opponent = if ones > 225 - ones { 1 } else { 0 };
    (0..15)
        .flat_map(|y| (0..15).map(move |x| (x, y)))
        .map(|(x, y)| (x, y, if colour(x, y) == opponent { 2 } else { 1 }))
        .collect()
}

#[test]
fn board_with_a_full_15x15_board_gets_no_move_and_the_brain_goes_on() {
    let stones = full_board_without_five();
    for (x, y, field) in &stones {
        for (dx, dy) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            let run = (0..5)
                .map(|k| (*x as i32 + k * dx, *y as i32 + k * dy))
                .filter(|&(a, b)| (0..15).contains(&a) && (0..15).contains(&b))
                .filter(|&(a, b)| stones[(b * 15 + a) as usize].2 == *field)
                .count();
            assert!(run < 5, "the test board has a five at {x},{y}");
        }
    }
    let mut script = String::from("INFO timeout_turn 200\nSTART 15\nBOARD\n");
    for (x, y, field) in &stones {
        script.push_str(&format!("{x},{y},{field}\n"));
    }
    script.push_str("DONE\nRESTART\nBEGIN\n");
    let replies = transcript(&script);
    assert_eq!(replies[0], "OK", "{replies:?}");
    assert!(
        replies[1].contains("full") && is_move(&replies[1], 15).is_none(),
        "{replies:?}"
    );
    assert_eq!(replies[2], "OK", "RESTART: {replies:?}");
    assert!(is_move(&replies[3], 15).is_some(), "BEGIN: {replies:?}");
}

#[test]
fn takeback_frees_the_cells_for_the_next_turn() {
    let (send, output, handle) = start_brain();
    for line in ["INFO timeout_turn 100", "START 15", "BEGIN"] {
        send.send(line.to_string()).expect("send");
    }
    wait_for_lines(&output, 2, Duration::from_secs(5));
    let first = is_move(&output.lines()[1], 15).expect("BEGIN plays");
    let theirs = if first == (0, 0) { (1, 1) } else { (0, 0) };
    send.send(format!("TURN {},{}", theirs.0, theirs.1))
        .expect("send");
    wait_for_lines(&output, 3, Duration::from_secs(5));
    let second = is_move(&output.lines()[2], 15).expect("TURN answered");
    // Both of the last two stones go back; the opponent then plays elsewhere, and the
    // brain may answer on either freed cell (it must not think they are taken).
    send.send(format!("TAKEBACK {},{}", second.0, second.1))
        .expect("send");
    send.send(format!("TAKEBACK {},{}", theirs.0, theirs.1))
        .expect("send");
    wait_for_lines(&output, 5, Duration::from_secs(5));
    send.send(format!("TURN {},{}", second.0, second.1))
        .expect("send");
    wait_for_lines(&output, 6, Duration::from_secs(5));
    send.send("END".to_string()).expect("send");
    handle.join().expect("ends");
    let lines = output.lines();
    assert_eq!(&lines[3..5], ["OK", "OK"], "{lines:?}");
    let third = is_move(&lines[5], 15).expect("a move after the takebacks");
    assert!(
        third != first && third != second,
        "{third:?} is taken: {lines:?}"
    );
}

#[test]
fn tiny_time_left_is_answered_at_once_with_a_legal_move() {
    let (send, output, handle) = start_brain();
    for line in [
        "INFO timeout_turn 5000",
        "INFO timeout_match 100000",
        "START 15",
    ] {
        send.send(line.to_string()).expect("send");
    }
    wait_for_lines(&output, 1, Duration::from_secs(5));
    let mut taken = vec![(7, 7)];
    for (turn, left) in [(0usize, 20u64), (1, 1), (2, 0)] {
        send.send(format!("INFO time_left {left}")).expect("send");
        // The opponent plays along the top row, on the first cell still free there (the
        // brain's own replies may land on that row).
        let theirs = (0..15)
            .map(|x| (x, 0))
            .find(|cell| !taken.contains(cell))
            .expect("a free cell on the top row");
        taken.push(theirs);
        send.send(format!("TURN {},{}", theirs.0, theirs.1))
            .expect("send");
        let took = wait_for_lines(&output, 2 + turn, Duration::from_secs(5));
        assert!(
            took < Duration::from_millis(300),
            "time_left {left}: {took:?}"
        );
        let lines = output.lines();
        let mv =
            is_move(&lines[1 + turn], 15).unwrap_or_else(|| panic!("time_left {left}: {lines:?}"));
        assert!(!taken.contains(&mv), "time_left {left}: {mv:?} is taken");
        taken.push(mv);
    }
    send.send("END".to_string()).expect("send");
    handle.join().expect("ends");
}

#[test]
fn end_during_a_board_search_stops_it_at_once() {
    let (send, output, handle) = start_brain();
    for line in [
        "INFO timeout_turn 30000",
        "START 15",
        "BOARD",
        "7,7,2",
        "8,8,1",
        "7,8,2",
        "DONE",
    ] {
        send.send(line.to_string()).expect("send");
    }
    thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    send.send("END".to_string()).expect("send");
    handle.join().expect("the brain ends");
    assert!(
        sent.elapsed() < Duration::from_secs(3),
        "{:?}",
        sent.elapsed()
    );
    assert_eq!(output.lines(), vec!["OK"], "no move after END");
}

/// Runs a script given as bytes (not all of them UTF-8) and returns the replies.
fn transcript_bytes(script: Vec<u8>) -> Vec<String> {
    let mut output = Vec::new();
    run(Cursor::new(script), &mut output).expect("runs");
    String::from_utf8(output)
        .expect("utf-8")
        .lines()
        .filter(|line| !line.starts_with("MESSAGE"))
        .map(String::from)
        .collect()
}

#[test]
fn a_bad_board_line_gets_its_own_error_and_the_block_goes_on() {
    // The opponent's four on y = 7 from x = 3 to 6, closed at x = 2: the stones after the
    // bad lines are still read, so the brain blocks at 7,7.
    let replies = transcript(
        "INFO timeout_turn 300\nSTART 15\nBOARD\n3,7,2\n2,7,1\nseven,seven,1\n4,7,2\n0,0,1\n3,4,9\n5,7,2\n14,14,1\n6,7,2\nDONE\nABOUT\n",
    );
    assert_eq!(replies[0], "OK");
    assert!(
        replies[1].starts_with("ERROR BOARD line 3:") && replies[1].contains("seven,seven,1"),
        "{replies:?}"
    );
    assert!(replies[2].starts_with("ERROR BOARD line 6:"), "{replies:?}");
    assert_eq!(replies[3], "7,7", "{replies:?}");
    assert!(replies[4].starts_with("name=\"ply\""), "{replies:?}");
    assert_eq!(replies.len(), 5, "{replies:?}");
}

#[test]
fn a_command_inside_a_board_block_is_not_swallowed() {
    // The manager lost its DONE: ABOUT, INFO and TURN are commands, not stones.
    let replies = transcript(
        "INFO timeout_turn 200\nSTART 15\nBOARD\n7,7,2\nABOUT\nBOARD\n7,7,2\nSTART 10\nBEGIN\nSWAP2BOARD\nTURN 1,1\n",
    );
    assert_eq!(replies[0], "OK");
    assert!(
        replies[1].starts_with("ERROR BOARD block without DONE: 'ABOUT'"),
        "{replies:?}"
    );
    assert!(replies[2].starts_with("name=\"ply\""), "{replies:?}");
    assert!(
        replies[3].starts_with("ERROR BOARD block without DONE: 'START 10'"),
        "{replies:?}"
    );
    assert_eq!(replies[4], "OK", "START 10 was obeyed: {replies:?}");
    assert_eq!(replies[5], "5,5", "BEGIN on the 10x10 board: {replies:?}");
    assert!(
        replies[6].starts_with("ERROR SWAP2BOARD block without DONE: 'TURN 1,1'"),
        "{replies:?}"
    );
    assert!(is_move(&replies[7], 10).is_some(), "{replies:?}");
    assert_eq!(replies.len(), 8, "{replies:?}");
}

/// Lines no manager should send: broken stones, bytes that are not UTF-8, a line of 20 000
/// bytes, control characters, xorshift-random bytes; with `commands`, broken commands too.
fn garbage(count: usize, commands: bool) -> Vec<Vec<u8>> {
    let broken_commands = [
        "TURN 99999999999999999999,1",
        "TAKEBACK ,",
        "START 0",
        "RECTSTART 0,0",
        "INFO timeout_turn 1e3",
        "INFO",
        "DONE",
    ];
    let fixed: Vec<Vec<u8>> = [
        "x,y,who",
        "1,2,3,4",
        "-1,-1,1",
        "1,1,0",
        "99999999999999999999999,1,1",
        ",,",
        ",",
        "\t \t",
        "7,7,1 trailing",
        "７,７,１",
    ]
    .iter()
    .chain(broken_commands.iter().filter(|_| commands))
    .map(|line| line.as_bytes().to_vec())
    .chain([
        vec![0xff, 0xfe, b',', 0x80, b'\r'],
        vec![b'9'; 20_000],
        vec![0, 1, 2, 27, b'[', b'2', b'J'],
    ])
    .collect();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|index| match fixed.get(index) {
            Some(line) => line.clone(),
            None => {
                let length = (next() % 40) as usize;
                (0..length)
                    .map(|_| match (next() % 256) as u8 {
                        b'\n' => b',',
                        byte => byte,
                    })
                    .collect()
            }
        })
        .collect()
}

#[test]
fn after_300_lines_of_garbage_the_brain_still_answers_about() {
    // Outside a block every line is a command to refuse; inside a BOARD block (no DONE
    // ever comes) every line is a stone to refuse, and ABOUT then ends the block.
    for (opening, commands, replies_before) in [("", true, 0), ("START 15\nBOARD\n", false, 1)] {
        let lines = garbage(300, commands);
        let answered = lines
            .iter()
            .filter(|line| !String::from_utf8_lossy(line).trim().is_empty())
            .count();
        assert!(
            answered > 280,
            "the garbage is mostly not blank: {answered}"
        );
        let mut script = opening.as_bytes().to_vec();
        for line in lines {
            script.extend_from_slice(&line);
            script.push(b'\n');
        }
        script.extend_from_slice(b"ABOUT\nSTART 15\nBEGIN\n");
        let replies = transcript_bytes(script);
        let about = replies
            .iter()
            .position(|line| line.starts_with("name=\"ply\""))
            .unwrap_or_else(|| panic!("no ABOUT answer: {:?}", &replies[replies.len() - 5..]));
        // Every line that is not blank was refused with a line of its own; the block that
        // ABOUT cut short says so once more.
        let cut_short = usize::from(!commands);
        assert_eq!(
            about,
            replies_before + answered + cut_short,
            "{opening:?}: {:?}",
            &replies[..10]
        );
        assert!(
            replies[replies_before..about]
                .iter()
                .all(|line| line.starts_with("ERROR") || line.starts_with("UNKNOWN")),
            "{opening:?}"
        );
        assert!(
            replies.iter().all(|line| line.len() < 400),
            "no garbage is echoed whole"
        );
        assert_eq!(&replies[about + 1..], ["OK", "7,7"], "{opening:?}");
    }
}

/// The nodes a brain's `MESSAGE` reports for each move it made in `script`.
fn nodes_per_move(script: &str) -> Vec<u64> {
    let mut output = Vec::new();
    run(Cursor::new(script.to_string().into_bytes()), &mut output).expect("runs");
    String::from_utf8(output)
        .expect("utf-8")
        .lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|word| *word == "nodes")?;
            words.get(at + 1)?.parse().ok()
        })
        .collect()
}

#[test]
fn max_node_bounds_each_move_and_makes_it_repeatable() {
    let game = "START 15\nBEGIN\nTURN 0,0\nTURN 14,0\n";
    let bounded = format!("INFO timeout_turn 20000\nINFO max_node 3000\n{game}");
    let first = nodes_per_move(&bounded);
    assert_eq!(first.len(), 3, "{first:?}");
    // The limit may be passed by the last few nodes of the first iteration only.
    assert!(first.iter().all(|&nodes| nodes <= 4_000), "{first:?}");
    assert_eq!(
        nodes_per_move(&bounded),
        first,
        "the same nodes, the same search"
    );
    // 0 lifts the limit: the turn's time is the bound again.
    let lifted = nodes_per_move(&format!(
        "INFO timeout_turn 1500\nINFO max_node 3000\nINFO max_node 0\n{game}"
    ));
    assert!(lifted.iter().any(|&nodes| nodes > 4_000), "{lifted:?}");
}
