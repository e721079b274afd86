//! Fuzz target: any bytes as Gomocup manager lines. Every line goes through the command and
//! BOARD-line parsers, then the whole dialogue through the brain's loop with short turns
//! (≤ 40 ms) and a small table, so that BEGIN/TURN/BOARD/TAKEBACK/RESTART sequences are
//! explored quickly. Nothing may panic.

#![no_main]

#[path = "shared/tame.rs"]
mod shared;

use std::io::Cursor;

use libfuzzer_sys::fuzz_target;
use ply_protocol::gomocup::{self, parse_board_line, parse_command};

fn cap(previous: &str) -> u64 {
    match previous {
        "max_memory" => 40 << 20,
        _ => 40,
    }
}

fuzz_target!(|data: &[u8]| {
    let lines = shared::lines(data, 40);
    let mut script = String::from("INFO max_memory 33554432\nINFO timeout_turn 20\n");
    for line in &lines {
        let _ = parse_command(line);
        let _ = parse_board_line(line);
        let tamed = shared::tame(line, &["INFO"], cap);
        // `timeout_turn 0` means "as fast as possible", which the brain reads as 100 ms.
        if tamed
            .to_ascii_lowercase()
            .split_whitespace()
            .collect::<Vec<_>>()
            == ["info", "timeout_turn", "0"]
        {
            script.push_str("INFO timeout_turn 1\n");
        } else {
            script.push_str(&tamed);
            script.push('\n');
        }
    }
    let _ = gomocup::run(Cursor::new(script.into_bytes()), std::io::sink());
});
