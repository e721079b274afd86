//! Scratch: the root verdict and the engine's move for a position given as moves.
use ply_games::caro::vcf::{Solver, SolverLimits};
use ply_games::caro::{Caro, Rule, Strong};
use ply_search::{Engine, EngineOptions, Game, Limits, SearchControl, SearchRequest};
use std::time::Duration;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args[1].parse().unwrap();
    let moves: Vec<&str> = args[2].split_whitespace().collect();
    let names = |g: &Caro, l: &[u16]| {
        l.iter()
            .map(|&c| g.cell_name(c))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for upto in 15..=moves.len() {
        let mut game = Caro::new(size, Rule::Freestyle);
        for mv in &moves[..upto] {
            let c = game.parse_cell(mv).unwrap();
            game.make_move(c);
        }
        let t = std::time::Instant::now();
        let advice =
            Solver::new(SolverLimits::for_time(Some(Duration::from_millis(300)))).advise(&game);
        let took = t.elapsed();
        let mut engine = Engine::new(Strong, EngineOptions::default());
        let r = engine.search(
            &game,
            &SearchRequest::new(Limits::movetime(Duration::from_millis(1000))),
            &SearchControl::default(),
            &mut |_| {},
        );
        println!(
            "{upto}: advice {:?}/{:?} win {:?} only {:?} | best {} score {}",
            took,
            t.elapsed(),
            advice.win.map(|l| names(&game, &l)),
            advice.only.map(|l| names(&game, &l)),
            names(&game, &[r.best_move.unwrap()]),
            r.score
        );
    }
}
