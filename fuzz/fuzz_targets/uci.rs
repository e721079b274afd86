//! Fuzz target: any bytes as UCI lines from a GUI. Every line goes through the parser; then
//! the engine's state machine runs the dialogue (searches kept tiny: depth ≤ 3, ≤ 2,000 nodes,
//! times ≤ 30 ms, tables ≤ 16 MiB, ≤ 2 threads) including `UCI_Variant xiangqi`. Nothing may
//! panic, and a search thread must always hand the game back.

#![no_main]

#[path = "shared/tame.rs"]
mod shared;

use libfuzzer_sys::fuzz_target;
use ply_protocol::uci::{UciEngine, command};

fn cap(previous: &str) -> u64 {
    match previous {
        "nodes" => 2_000,
        "depth" | "perft" | "mate" => 3,
        "threads" => 2,
        "hash" => 16,
        _ => 30,
    }
}

fuzz_target!(|data: &[u8]| {
    let lines = shared::lines(data, 48);
    for line in &lines {
        let _ = command::parse(line);
    }
    let Ok(mut engine) = UciEngine::new(std::io::sink()) else {
        return;
    };
    for line in &lines {
        let line = shared::tame(line, &["go", "setoption"], cap);
        if !engine.handle_line(&line) {
            break;
        }
    }
    engine.finish_search();
});
