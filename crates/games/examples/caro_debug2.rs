use ply_games::caro::{Caro, Rule, Strong};
use ply_search::{Engine, EngineOptions, Game, Limits, SearchControl, SearchEvent, SearchRequest};
fn main() {
    let moves = "f5 e6 e4 g6 d3 f7 d5 e8 h5 e7";
    let mut game = Caro::new(10, Rule::Freestyle);
    for mv in moves.split_whitespace() {
        let c = game.parse_cell(mv).unwrap();
        game.make_move(c);
    }
    let mut engine = Engine::new(Strong, EngineOptions::default());
    let r = engine.search(
        &game,
        &SearchRequest::new(Limits::movetime(std::time::Duration::from_millis(1000))),
        &SearchControl::default(),
        &mut |e| {
            if let SearchEvent::Iteration(i) = e {
                println!(
                    "depth {} score {} nodes {} time {:?} pv {:?}",
                    i.depth,
                    i.score,
                    i.nodes,
                    i.time,
                    i.pv.iter().map(|&c| game.cell_name(c)).collect::<Vec<_>>()
                );
            }
        },
    );
    println!(
        "{:?} {} depth {}",
        r.best_move.map(|c| game.cell_name(c)),
        r.score,
        r.depth
    );
}
