//! Scratch: search positions with the strong engine and print what it finds.
use ply_games::{GameOptions, Level, ThinkEvent, ThinkRequest, new_session};
use ply_search::{Limits, SearchControl};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(10);
    let fen = args.get(2).cloned();
    let mut session = new_session(
        "chess",
        &GameOptions {
            position: fen,
            ..GameOptions::default()
        },
    )
    .expect("chess");
    let control = SearchControl::new();
    let request = ThinkRequest::new(Level::Strong, Limits::depth(depth));
    let result = session
        .think(&request, &control, &mut |event| {
            if let ThinkEvent::Iteration(line) = event {
                println!(
                    "depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
                    line.depth,
                    line.seldepth,
                    line.score,
                    line.nodes,
                    line.nps,
                    line.time_ms,
                    line.pv_display.join(" ")
                );
            }
        })
        .expect("think");
    println!("best {:?} nodes {} nps {}", result.best_move.map(|m| m.display), result.nodes, result.nps);
}
