//! Each game's `ply bench` node count, pinned: the search's signature. One thread, a cleared
//! table and fixed depths make it deterministic, so it moves only when the search or an
//! evaluation behaves differently. Such a change updates the number here and quotes it as
//! `Bench: N` in its commit message; any other change that moves it is a bug.

use std::process::Command;

/// `ply bench tictactoe`: the search's signature; changes only with a `Bench: N` commit.
const TICTACTOE: u64 = 9_797;
/// `ply bench caro`: the search's signature; changes only with a `Bench: N` commit.
const CARO: u64 = 102_322;
/// `ply bench xiangqi`: the search's signature; changes only with a `Bench: N` commit.
const XIANGQI: u64 = 25_248;
/// `ply bench chess`: the search's signature; changes only with a `Bench: N` commit.
const CHESS: u64 = 899_879;

/// Runs `ply bench <game>` and reads the node count from its last line,
/// `<nodes> nodes <nps> nps`.
fn bench_nodes(game: &str) -> u64 {
    let output = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["bench", game])
        .output()
        .expect("ply runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "ply bench {game} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let last = stdout.lines().last().unwrap_or_default();
    match last.split(' ').collect::<Vec<_>>()[..] {
        [nodes, "nodes", _, "nps"] => nodes
            .parse()
            .unwrap_or_else(|_| panic!("a node count: {last}")),
        _ => panic!("ply bench {game} ends with '<nodes> nodes <nps> nps', not: {last}"),
    }
}

#[test]
fn every_game_bench_matches_its_signature() {
    let signatures = [
        ("tictactoe", TICTACTOE),
        ("caro", CARO),
        ("xiangqi", XIANGQI),
        ("chess", CHESS),
    ];
    let moved: Vec<String> = signatures
        .iter()
        .filter_map(|&(game, pinned)| {
            let nodes = bench_nodes(game);
            (nodes != pinned).then(|| format!("{game}: {nodes} nodes, pinned {pinned}"))
        })
        .collect();
    assert!(moved.is_empty(), "bench signatures moved: {moved:?}");
}
