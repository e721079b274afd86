//! Replays a game given as moves and shows after each move whether the side to move has a VCF
//! and whether the mover threatens one (for studying lost games):
//! `RULE=renju cargo run --release --example caro_replay -- SIZE "h8 i9 …"`.
#[path = "common/caro.rs"]
mod common;

use ply_games::caro::Caro;
use ply_search::Game;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(15);
    let moves = args.get(2).cloned().unwrap_or_default();
    let mut game = Caro::new(size, common::rule_from_env());
    for (i, mv) in moves.split_whitespace().enumerate() {
        if let Err(error) = common::play(&mut game, mv) {
            eprintln!("{error}");
            return;
        }
        let vcf = common::solver(2_000_000)
            .find_vcf(&game)
            .map(|line| common::names(&game, &line));
        let mut passed = game.clone();
        passed.make_null_move();
        let threat = common::solver(2_000_000)
            .find_vcf(&passed)
            .map(|line| line.len());
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
