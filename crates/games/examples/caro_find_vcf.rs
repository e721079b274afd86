//! Finds long VCFs in games of the strong player against the classic one (how
//! `tests/data/caro/vcf.txt` was made): `cargo run --release --example caro_find_vcf -- RULE SIZE MIN_PLIES`.
use ply_games::Rules;
use ply_games::caro::vcf::{Solver, SolverLimits};
use ply_games::caro::{Caro, Classic, Rule};
use ply_search::teaching::alphabeta;
use ply_search::{Engine, EngineOptions, Game, Limits, SearchControl, SearchRequest};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rule: Rule = args
        .get(1)
        .map(|r| r.parse().unwrap())
        .unwrap_or(Rule::Freestyle);
    let size: usize = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(15);
    let min_plies: usize = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(19);
    let mut seed = 12345u64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut found = 0;
    for _game in 0..200 {
        let mut game = Caro::new(size, rule);
        let c = size / 2;
        game.make_move(game.cell(c, c));
        for _ in 0..3 {
            let mut moves = Vec::new();
            ply_search::Evaluator::candidate_moves(&ply_games::caro::Strong, &game, &mut moves);
            let mv = moves[(rand() % moves.len() as u64) as usize];
            game.make_move(mv);
        }
        let mut engine = Engine::new(ply_games::caro::Strong, EngineOptions::default());
        while game.outcome().is_none() {
            let mut solver = Solver::new(SolverLimits {
                nodes: 3_000_000,
                deadline: None,
            });
            if let Some(line) = solver.find_vcf(&game) {
                if line.len() >= min_plies {
                    println!(
                        "{} | {} | {}",
                        game.position_text(),
                        game.cell_name(line[0]),
                        line.len()
                    );
                    found += 1;
                    if found >= 6 {
                        return;
                    }
                }
                break;
            }
            let mv = if rand() % 2 == 0 {
                let r = engine.search(
                    &game,
                    &SearchRequest::new(Limits::nodes(3000)),
                    &SearchControl::default(),
                    &mut |_| {},
                );
                r.best_move.unwrap()
            } else {
                let classic = Classic::new(game.side_to_move());
                let mut g2 = game.clone();
                let settings = game.teaching_settings(ply_games::Level::Classic);
                alphabeta(&mut g2, &classic, settings, &mut ())
                    .best_move
                    .unwrap()
            };
            game.make_move(mv);
        }
    }
}
