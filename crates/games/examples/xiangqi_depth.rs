//! Time to depth from the start position, for the seed's table (until `ply bench --table`
//! lands): `xiangqi_depth <depth> [strong|classic|classic-alphabeta] [hash MiB]`.
use ply_games::xiangqi::{Classic, Strong, Xiangqi};
use ply_search::teaching::{LeafValues, TeachingSettings, alphabeta};
use ply_search::{Engine, EngineOptions, Limits, SearchControl, SearchRequest};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(7);
    let player = args.next().unwrap_or_else(|| "strong".into());
    let hash: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(16);
    let game = Xiangqi::start();
    let options = EngineOptions { hash_mib: hash, threads: 1 };
    let request = SearchRequest::new(Limits::depth(depth));
    let start = Instant::now();
    let (nodes, best, score) = match player.as_str() {
        "strong" => {
            let mut engine = Engine::new(Strong, options);
            let r = engine.search(&game, &request, &SearchControl::default(), &mut |_| {});
            (r.nodes, r.best_move, r.score.raw())
        }
        "classic" => {
            let mut engine = Engine::new(Classic, options);
            let r = engine.search(&game, &request, &SearchControl::default(), &mut |_| {});
            (r.nodes, r.best_move, r.score.raw())
        }
        _ => {
            let mut work = game.clone();
            let settings = TeachingSettings { depth, leaves: LeafValues { win: 1_000_000, depth_bonus: true } };
            let r = alphabeta(&mut work, &Classic, settings, &mut ());
            (r.nodes, r.best_move, r.value)
        }
    };
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!("{player} depth {depth}: {ms:.1} ms, {nodes} nodes, best {:?}, score {score}", best.map(ply_games::xiangqi::iccs));
}
