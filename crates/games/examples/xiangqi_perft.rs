use ply_games::xiangqi::Xiangqi;
use std::time::Instant;
fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let fen = std::env::args().nth(2);
    let mut game = match fen {
        Some(f) => Xiangqi::from_fen(&f).unwrap(),
        None => Xiangqi::start(),
    };
    let t = Instant::now();
    let n = ply_search::perft(&mut game, depth);
    let el = t.elapsed();
    println!(
        "{n} leaves in {:.3} s ({:.1} M/s)",
        el.as_secs_f64(),
        n as f64 / el.as_secs_f64() / 1e6
    );
}
