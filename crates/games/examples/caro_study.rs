//! Walks through a game and shows, before every move, whether the side to move has a VCT
//! (within a node budget) and how the strong evaluation scores the position, for finding
//! where a lost or drawn game went wrong:
//! `cargo run --release --example caro_study -- SIZE NODES "f5 h5 g6 …"`.
use ply_games::caro::vcf::{Solver, SolverLimits};
use ply_games::caro::vct::VctCache;
use ply_games::caro::{Caro, Rule, Strong};
use ply_search::{Evaluator, Game};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let nodes: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let moves = args.get(3).cloned().unwrap_or_default();
    let rule: Rule = std::env::var("RULE")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(Rule::Freestyle);
    let mut game = Caro::new(size, rule);
    for (ply, mv) in moves.split_whitespace().enumerate() {
        let names = |game: &Caro, line: &[u16]| {
            line.iter()
                .map(|&c| game.cell_name(c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut solver = Solver::new(SolverLimits {
            nodes,
            deadline: None,
        });
        let mut cache = VctCache::default();
        let vct = solver.find_vct(&game, &mut cache);
        println!(
            "{:>3} {} to move, eval {:>6}, VCT {:<40} then plays {}",
            ply + 1,
            if ply % 2 == 0 { "x" } else { "o" },
            Strong.evaluate(&game),
            vct.map(|l| names(&game, &l))
                .unwrap_or_else(|| if solver.aborted() {
                    "?".into()
                } else {
                    "-".into()
                }),
            mv
        );
        match game.parse_cell(mv) {
            Some(cell) => game.make_move(cell),
            None => {
                eprintln!("bad move {mv}");
                return;
            }
        }
    }
}
