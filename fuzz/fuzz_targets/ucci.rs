//! Fuzz target: any bytes as UCCI lines (xiangqi). Every line goes through the parser, then
//! the whole dialogue through the UCCI loop with milliseconds on and the searches kept tiny
//! (depth ≤ 3, ≤ 2,000 nodes, times ≤ 30 ms, tables ≤ 16 MiB, ≤ 2 threads).

#![no_main]

#[path = "shared/tame.rs"]
mod shared;

use libfuzzer_sys::fuzz_target;
use ply_games::{GameOptions, new_game};
use ply_protocol::ucci::{self, Command};

fn cap(previous: &str) -> u64 {
    match previous {
        "nodes" => 2_000,
        "depth" => 3,
        "threads" => 2,
        "hashsize" => 16,
        _ => 30,
    }
}

fuzz_target!(|data: &[u8]| {
    let lines = shared::lines(data, 48);
    let mut script = String::from("setoption usemillisec true\n");
    for line in &lines {
        let _ = Command::parse(line);
        if line.to_ascii_lowercase().contains("usemillisec") {
            continue;
        }
        script.push_str(&shared::tame(line, &["go", "setoption"], cap));
        script.push('\n');
    }
    let Ok(record) = new_game("xiangqi", &GameOptions::default()) else {
        return;
    };
    let _ = ucci::run(record, script.as_bytes(), std::io::sink());
});
