//! Perft on tic-tac-toe counts the published numbers of move sequences.

mod common;

use common::Mnk;
use ply_search::{perft, perft_divide};

#[test]
fn tic_tac_toe_perft_matches_the_published_counts() {
    let expected = [
        1, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872, 0,
    ];
    for (depth, &count) in expected.iter().enumerate() {
        let mut game = Mnk::new(3, 3, 3);
        assert_eq!(perft(&mut game, depth as u32), count, "depth {depth}");
    }
}

#[test]
fn divide_sums_to_the_total() {
    let mut game = Mnk::new(3, 3, 3);
    let (split, total) = perft_divide(&mut game, 4);
    assert_eq!(total, 3_024);
    assert_eq!(split.len(), 9);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), total);
    assert!(split.iter().all(|&(_, n)| n == 336));
}
