//! Xiangqi perft: leaf counts from the start position and from a table of further
//! positions, every count cross-checked against Fairy-Stockfish.

use ply_games::xiangqi::Xiangqi;
use ply_search::{Game, perft};

const TABLE: &str = include_str!("data/xiangqi/perft.txt");

fn rows() -> Vec<(String, Vec<u64>)> {
    TABLE
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (fen, counts) = line.split_once(';').expect("FEN ; counts");
            let counts = counts
                .split_whitespace()
                .map(|count| count.parse().expect("a count"))
                .collect();
            (fen.trim().to_string(), counts)
        })
        .collect()
}

#[test]
fn the_table_has_the_start_and_further_positions() {
    let rows = rows();
    assert!(rows.len() >= 7, "{} rows", rows.len());
    assert_eq!(rows[0].1, [44, 1_920, 79_666, 3_290_240]);
}

#[test]
fn perft_matches_the_table() {
    for (fen, counts) in rows() {
        let mut game = Xiangqi::from_fen(&fen).expect("a valid FEN");
        for (depth, &expected) in counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(perft(&mut game, depth), expected, "{fen} at depth {depth}");
        }
        assert_eq!(game.fen(), Xiangqi::from_fen(&fen).expect("valid").fen());
    }
}

#[test]
#[ignore = "133 million leaves: run with --ignored --release"]
fn perft_5_from_the_start() {
    let mut game = Xiangqi::start();
    assert_eq!(perft(&mut game, 5), 133_312_995);
}

#[test]
fn make_and_unmake_restore_position_and_hash() {
    for (fen, _) in rows() {
        let game = Xiangqi::from_fen(&fen).expect("a valid FEN");
        let mut work = game.clone();
        let mut moves = Vec::new();
        work.generate_moves(&mut moves);
        for mv in moves {
            work.make_move(mv);
            let mut replies = Vec::new();
            work.generate_moves(&mut replies);
            for reply in replies {
                work.make_move(reply);
                work.unmake_move(reply);
            }
            work.unmake_move(mv);
            assert_eq!(work.position(), game.position(), "{fen} after {mv:?}");
            assert_eq!(work.hash(), game.hash());
        }
    }
}
