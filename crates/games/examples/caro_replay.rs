//! Replays a game given as moves and shows after each move whether the side to move has a VCF
//! and whether the mover threatens one (for studying lost games):
//! `RULE=renju cargo run --release --example caro_replay -- SIZE "h8 i9 …"`.
use ply_games::caro::vcf::{Solver, SolverLimits};
use ply_games::caro::{Caro, Rule};
use ply_search::Game;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args[1].parse().unwrap();
    let moves: Vec<&str> = args[2].split_whitespace().collect();
    let rule: Rule = std::env::var("RULE")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(Rule::Freestyle);
    let mut game = Caro::new(size, rule);
    for (i, mv) in moves.iter().enumerate() {
        let c = game.parse_cell(mv).unwrap();
        game.make_move(c);
        let mut solver = Solver::new(SolverLimits {
            nodes: 2_000_000,
            deadline: None,
        });
        let vcf = solver.find_vcf(&game).map(|l| {
            l.iter()
                .map(|&c| game.cell_name(c))
                .collect::<Vec<_>>()
                .join(" ")
        });
        let mut passed = game.clone();
        passed.make_null_move();
        let mut solver = Solver::new(SolverLimits {
            nodes: 2_000_000,
            deadline: None,
        });
        let threat = solver.find_vcf(&passed).map(|l| l.len());
        println!(
            "{:>3} {} {:>4}  to-move VCF: {:?}  mover-threat VCF len: {:?}",
            i + 1,
            if i % 2 == 0 { "x" } else { "o" },
            mv,
            vcf,
            threat
        );
    }
}
