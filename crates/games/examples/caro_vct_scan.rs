//! Scratch: for each position of a game where `side` is to move, is there a VCT (big budget)?
use ply_games::caro::vcf::{Solver, SolverLimits};
use ply_games::caro::vct::VctCache;
use ply_games::caro::{Caro, Rule};
use ply_search::Game;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args[1].parse().unwrap();
    let moves: Vec<&str> = args[2].split_whitespace().collect();
    let parity: usize = args[3].parse().unwrap();
    let mut game = Caro::new(size, Rule::Freestyle);
    for (i, mv) in moves.iter().enumerate() {
        if i % 2 == parity {
            let mut s = Solver::new(SolverLimits {
                nodes: 3_000_000,
                deadline: None,
            });
            let t = std::time::Instant::now();
            let v = s.find_vct(&game, &mut VctCache::default());
            if let Some(l) = v {
                println!(
                    "ply {i}: VCT {} (played {mv}) nodes {} {:?}",
                    l.iter()
                        .map(|&c| game.cell_name(c))
                        .collect::<Vec<_>>()
                        .join(" "),
                    s.nodes(),
                    t.elapsed()
                );
            }
        }
        let c = game.parse_cell(mv).unwrap();
        game.make_move(c);
    }
}
