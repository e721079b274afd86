//! Probes a position with the threat-space solver (VCF, VCT) under a node budget, for studying
//! why a game was drawn or lost:
//! `cargo run --release --example caro_probe -- SIZE NODES "f5 h5 g6 …"`.
use ply_games::caro::vcf::{Solver, SolverLimits};
use ply_games::caro::vct::VctCache;
use ply_games::caro::{Caro, Rule};
use ply_search::Game;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let nodes: u64 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let moves = args.get(3).cloned().unwrap_or_default();
    let rule: Rule = std::env::var("RULE")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(Rule::Freestyle);
    let mut game = Caro::new(size, rule);
    for mv in moves.split_whitespace() {
        match game.parse_cell(mv) {
            Some(cell) => game.make_move(cell),
            None => {
                eprintln!("bad move {mv}");
                return;
            }
        }
    }
    let names = |game: &Caro, line: &[u16]| {
        line.iter()
            .map(|&c| game.cell_name(c))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for pass in [false, true] {
        let mut probe = game.clone();
        if pass {
            probe.make_null_move();
        }
        let mut solver = Solver::new(SolverLimits {
            nodes,
            deadline: None,
        });
        let start = std::time::Instant::now();
        let mut cache = VctCache::default();
        let vct = solver.find_vct(&probe, &mut cache);
        println!(
            "{} VCT: {:?} ({} nodes, {} ms, aborted {})",
            if pass { "opponent" } else { "to move" },
            vct.map(|l| names(&probe, &l)),
            solver.nodes(),
            start.elapsed().as_millis(),
            solver.aborted()
        );
    }
}
