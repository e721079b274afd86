//! Probes a position with the threat-space solver (VCF, VCT) under a node budget, for studying
//! why a game was drawn or lost:
//! `cargo run --release --example caro_probe -- SIZE NODES "f5 h5 g6 …"`.
#[path = "common/caro.rs"]
mod common;

use ply_games::caro::vct::VctCache;
use ply_search::Game;

fn main() {
    let (mut game, nodes, moves) = common::board_nodes_moves(1_000_000);
    for mv in moves.split_whitespace() {
        if let Err(error) = common::play(&mut game, mv) {
            eprintln!("{error}");
            return;
        }
    }
    for pass in [false, true] {
        let mut probe = game.clone();
        if pass {
            probe.make_null_move();
        }
        let mut solver = common::solver(nodes);
        let start = std::time::Instant::now();
        let mut cache = VctCache::default();
        let vct = solver.find_vct(&probe, &mut cache);
        println!(
            "{} VCT: {:?} ({} nodes, {} ms, aborted {})",
            if pass { "opponent" } else { "to move" },
            vct.map(|l| common::names(&probe, &l)),
            solver.nodes(),
            start.elapsed().as_millis(),
            solver.aborted()
        );
    }
}
