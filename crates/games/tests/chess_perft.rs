//! Perft: chess move generation agrees with the published leaf counts of the standard test
//! positions (and Chess960 positions), both through the fast bulk counter and through the
//! search's `Game` interface (make/unmake with the board stack).

use ply_games::chess::{Chess, fen};
use ply_search::perft;

struct Case {
    fen: String,
    chess960: bool,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    include_str!("data/chess/perft.txt")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split(';');
            let position = fields.next().expect("a FEN").trim();
            let (chess960, fen) = match position.strip_prefix("960 ") {
                Some(rest) => (true, rest.to_string()),
                None => (false, position.to_string()),
            };
            let counts = fields.map(|n| n.trim().parse().expect("a count")).collect();
            Case {
                fen,
                chess960,
                counts,
            }
        })
        .collect()
}

fn game(case: &Case) -> Chess {
    fen::parse(&case.fen, case.chess960).expect("valid FEN")
}

/// Every position to depth 5 with the bulk counter (about 500 million leaves in all).
#[test]
fn bulk_perft_to_depth_5() {
    for case in cases() {
        let game = game(&case);
        for (depth, &expected) in case.counts.iter().enumerate().take(5) {
            let depth = depth as u32 + 1;
            assert_eq!(game.perft(depth), expected, "{} depth {depth}", case.fen);
        }
    }
}

/// The search's make/unmake path (board stack, key history) counts the same.
#[test]
fn game_interface_perft_to_depth_4() {
    for case in cases() {
        let mut game = game(&case);
        let key = game.key();
        for (depth, &expected) in case.counts.iter().enumerate().take(4) {
            let depth = depth as u32 + 1;
            if expected > 5_000_000 {
                continue;
            }
            assert_eq!(
                perft(&mut game, depth),
                expected,
                "{} depth {depth}",
                case.fen
            );
        }
        assert_eq!(game.key(), key, "make/unmake restores the position");
    }
}

/// The deepest published counts (depth 6 and 7: about 1.3 billion leaves). Run with
/// `cargo test --release -p ply-games --test chess_perft -- --ignored`.
#[test]
#[ignore]
fn bulk_perft_deepest() {
    for case in cases() {
        let game = game(&case);
        for (depth, &expected) in case.counts.iter().enumerate().skip(5) {
            let depth = depth as u32 + 1;
            assert_eq!(game.perft(depth), expected, "{} depth {depth}", case.fen);
        }
    }
}
