//! Property tests: make/unmake restores the position and its hash; the hash is a function of
//! the position (transpositions agree); perft equals the size of the explicit move tree.

mod common;

use common::Mnk;
use ply_search::{Game, perft};
use proptest::prelude::*;

fn play_line(game: &mut Mnk, picks: &[usize]) -> Vec<u8> {
    let mut played = Vec::new();
    for &pick in picks {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[pick % moves.len()];
        game.make_move(mv);
        played.push(mv);
    }
    played
}

proptest! {
    #[test]
    fn make_and_unmake_restore_position_and_hash(picks in proptest::collection::vec(0usize..64, 0..16)) {
        let mut game = Mnk::new(4, 4, 3);
        let start_hash = game.hash();
        let mut hashes = vec![start_hash];
        let played = play_line(&mut game, &picks);
        let mut replay = Mnk::new(4, 4, 3);
        for &mv in &played {
            replay.make_move(mv);
            hashes.push(replay.hash());
        }
        prop_assert_eq!(game.hash(), replay.hash());
        for &mv in played.iter().rev() {
            prop_assert_eq!(game.hash(), hashes.pop().expect("recorded"));
            game.unmake_move(mv);
        }
        prop_assert_eq!(game.hash(), start_hash);
        prop_assert_eq!(game.outcome(), None);
    }

    #[test]
    fn moves_are_distinct_and_empty_cells(picks in proptest::collection::vec(0usize..64, 0..10)) {
        let mut game = Mnk::new(4, 3, 3);
        play_line(&mut game, &picks);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut sorted = moves.clone();
        sorted.sort_unstable();
        sorted.dedup();
        prop_assert_eq!(sorted.len(), moves.len());
        if game.outcome().is_none() {
            prop_assert_eq!(moves.len(), game.empty_cells());
        }
    }

    #[test]
    fn perft_counts_the_explicit_tree(picks in proptest::collection::vec(0usize..64, 0..6), depth in 0u32..4) {
        fn explicit(game: &mut Mnk, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            moves.iter().map(|&mv| {
                game.make_move(mv);
                let n = explicit(game, depth - 1);
                game.unmake_move(mv);
                n
            }).sum()
        }
        let mut game = Mnk::new(4, 4, 3);
        play_line(&mut game, &picks);
        let expected = explicit(&mut game, depth);
        prop_assert_eq!(perft(&mut game, depth), expected);
    }
}
