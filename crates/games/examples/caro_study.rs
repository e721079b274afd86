//! Walks through a game and shows, before every move, whether the side to move has a VCT
//! (within a node budget) and how the strong evaluation scores the position, for finding
//! where a lost or drawn game went wrong:
//! `cargo run --release --example caro_study -- SIZE NODES "f5 h5 g6 …"`.
#[path = "common/caro.rs"]
mod common;

use ply_games::caro::Strong;
use ply_games::caro::vct::VctCache;
use ply_search::Evaluator;

fn main() {
    let (mut game, nodes, moves) = common::board_nodes_moves(200_000);
    for (ply, mv) in moves.split_whitespace().enumerate() {
        let mut solver = common::solver(nodes);
        let mut cache = VctCache::default();
        let vct = solver.find_vct(&game, &mut cache);
        println!(
            "{:>3} {} to move, eval {:>6}, VCT {:<40} then plays {}",
            ply + 1,
            if ply % 2 == 0 { "x" } else { "o" },
            Strong.evaluate(&game),
            vct.map(|l| common::names(&game, &l))
                .unwrap_or_else(|| if solver.aborted() {
                    "?".into()
                } else {
                    "-".into()
                }),
            mv
        );
        if let Err(error) = common::play(&mut game, mv) {
            eprintln!("{error}");
            return;
        }
    }
}
