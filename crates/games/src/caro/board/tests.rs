//! Make/unmake, incremental patterns and the caro rule's closed ends.

use super::*;
use crate::caro::renju::is_line_three_three;

fn play(game: &mut Caro, moves: &[(usize, usize)]) {
    for &(row, column) in moves {
        let cell = game.cell(row, column);
        game.make_move(cell);
    }
}

/// A random legal cell next to a stone (the centre area on an empty board), or `None` when
/// the game is over or no such cell is left.
fn random_move(game: &Caro, random: &mut SplitMix64) -> Option<Cell> {
    if game.outcome().is_some() {
        return None;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.retain(|&cell| game.stones_near(cell) > 0 || game.stone_count() == 0);
    (!moves.is_empty()).then(|| moves[random.below(moves.len())])
}

#[test]
fn five_in_a_row_wins_and_unmake_restores_everything() {
    let mut game = Caro::new(10, Rule::Freestyle);
    let fresh = game.clone();
    play(
        &mut game,
        &[
            (5, 1),
            (0, 0),
            (5, 2),
            (0, 2),
            (5, 3),
            (0, 4),
            (5, 4),
            (0, 6),
        ],
    );
    assert_eq!(game.count(Side::First, Threat::Five), 2);
    assert!(!game.in_check());
    let win = game.cell(5, 5);
    game.make_move(win);
    assert_eq!(game.outcome(), Some(Outcome::Win(Side::First)));
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert!(moves.is_empty());
    while let Some(last) = game.last_move() {
        game.unmake_move(last);
    }
    assert_eq!(game.hash(), fresh.hash());
    assert!(game.keys == fresh.keys, "keys differ");
    assert!(game.lines == fresh.lines, "lines differ");
    assert!(game.threats == fresh.threats, "threats differ");
    assert_eq!(game.counts, fresh.counts);
    assert_eq!(game.totals, fresh.totals);
    assert_eq!(game.near, fresh.near);
}

#[test]
fn incremental_patterns_match_a_fresh_setup() {
    let mut game = Caro::new(15, Rule::Renju);
    let moves = [
        (7, 7),
        (7, 8),
        (8, 8),
        (6, 6),
        (9, 9),
        (8, 7),
        (6, 8),
        (10, 10),
    ];
    play(&mut game, &moves);
    assert_matches_a_fresh_setup(&game, "renju, eight moves");
}

#[test]
fn the_edge_does_not_close_a_caro_line_but_stones_do() {
    // Row 0 from the left edge: x x x x _ o … five by the edge is open at the edge.
    let mut game = Caro::new(10, Rule::Caro);
    play(
        &mut game,
        &[(0, 0), (0, 5), (0, 1), (3, 3), (0, 2), (3, 5), (0, 3)],
    );
    let edge_five = game.cell(0, 4);
    assert_eq!(game.threat(edge_five, Side::First), Threat::Five);
    // o x x x x _ o: both ends closed after filling → not a five.
    let mut game = Caro::new(10, Rule::Caro);
    play(
        &mut game,
        &[(2, 1), (2, 0), (2, 2), (2, 6), (2, 3), (7, 7), (2, 4)],
    );
    let closed = game.cell(2, 5);
    assert_ne!(game.threat(closed, Side::First), Threat::Five);
    game.make_move(game.cell(9, 9));
    game.make_move(closed);
    assert_eq!(game.outcome(), None);
}

#[test]
fn renju_double_threes_are_counted_as_stones_come_and_go() {
    let recount = |game: &Caro| {
        game.board_cells()
            .iter()
            .filter(|&&cell| {
                game.is_empty(cell)
                    && is_line_three_three(game.lines[usize::from(cell)][Side::First.index()])
            })
            .count() as u16
    };
    let mut random = SplitMix64::new(27);
    let mut seen = 0;
    for _ in 0..20 {
        let mut game = Caro::new(15, Rule::Renju);
        let mut played = Vec::new();
        for _ in 0..40 {
            let Some(cell) = random_move(&game, &mut random) else {
                break;
            };
            game.make_move(cell);
            played.push(cell);
            assert_eq!(game.double_threes, recount(&game));
            seen += usize::from(game.double_threes > 0);
        }
        while let Some(cell) = played.pop() {
            game.unmake_move(cell);
            assert_eq!(game.double_threes, recount(&game));
        }
        assert_eq!(game.double_threes, 0);
    }
    assert!(seen > 0, "no walk made a three-three point");
}

#[test]
fn the_hash_after_a_move_is_known_before_it() {
    let mut game = Caro::new(15, Rule::Freestyle);
    for (row, column) in [(7, 7), (7, 8), (6, 6), (0, 14), (14, 0)] {
        let cell = game.cell(row, column);
        let expected = game.hash_after(cell);
        game.make_move(cell);
        assert_eq!(expected, Some(game.hash()), "after {row},{column}");
    }
}

/// Asserts that the incremental state of `game` is what a board set up from its stones
/// holds (lines of empty cells only: an occupied cell keeps the lines it had when taken).
fn assert_matches_a_fresh_setup(game: &Caro, context: &str) {
    let stones: Vec<Option<Side>> = game
        .board_cells()
        .iter()
        .map(|&cell| game.stone_at(cell))
        .collect();
    let fresh = Caro::from_stones(game.size(), game.rule(), &stones, game.side_to_move());
    assert_eq!(game.hash(), fresh.hash(), "{context}: hash");
    assert!(game.keys == fresh.keys, "{context}: keys");
    for &cell in game.board_cells() {
        let index = usize::from(cell);
        if game.is_empty(cell) {
            assert_eq!(
                game.lines[index], fresh.lines[index],
                "{context}: cell {cell}"
            );
        }
        assert_eq!(
            game.threats[index], fresh.threats[index],
            "{context}: {cell}"
        );
        assert_eq!(game.values[index], fresh.values[index], "{context}: {cell}");
    }
    assert_eq!(game.counts, fresh.counts, "{context}: counts");
    assert_eq!(game.totals, fresh.totals, "{context}: totals");
    assert_eq!(game.double_threes, fresh.double_threes, "{context}: threes");
    assert_eq!(game.near, fresh.near, "{context}: near");
}

#[test]
fn unmaking_restores_what_a_fresh_setup_computes_under_every_rule() {
    let mut random = SplitMix64::new(58);
    for rule in [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Caro,
        Rule::Caro5,
        Rule::Renju,
    ] {
        for walk in 0..6 {
            let mut game = Caro::new(15, rule);
            let empty = game.clone();
            let mut played = Vec::new();
            // Forward and back in bursts, as a search goes: deeper each time.
            for burst in 0..12 {
                for _ in 0..6 + burst {
                    let Some(cell) = random_move(&game, &mut random) else {
                        break;
                    };
                    game.make_move(cell);
                    played.push(cell);
                }
                let context = format!(
                    "{rule:?} walk {walk} burst {burst}, {} stones",
                    played.len()
                );
                assert_matches_a_fresh_setup(&game, &context);
                for _ in 0..random.below(played.len() + 1) {
                    let Some(cell) = played.pop() else { break };
                    game.unmake_move(cell);
                }
                assert_matches_a_fresh_setup(&game, &format!("{context}, taken back"));
            }
            while let Some(cell) = played.pop() {
                game.unmake_move(cell);
            }
            assert!(game.keys == empty.keys, "{rule:?}: keys");
            assert!(game.lines == empty.lines, "{rule:?}: lines");
            assert!(game.threats == empty.threats, "{rule:?}: threats");
            assert!(game.values == empty.values, "{rule:?}: values");
            assert_eq!(game.counts, empty.counts);
            assert_eq!(game.totals, empty.totals);
        }
    }
}

#[test]
fn a_stone_of_the_set_up_position_is_taken_back_by_recomputing() {
    let mut game = Caro::new(15, Rule::Renju);
    play(&mut game, &[(7, 7), (7, 8), (8, 8), (6, 6), (9, 9), (8, 7)]);
    let stones: Vec<Option<Side>> = game
        .board_cells()
        .iter()
        .map(|&cell| game.stone_at(cell))
        .collect();
    let mut set_up = Caro::from_stones(15, Rule::Renju, &stones, game.side_to_move());
    // Moves made on the set-up board come back off it by the log …
    play(&mut set_up, &[(6, 8), (10, 10), (5, 9)]);
    for (row, column) in [(5, 9), (10, 10), (6, 8)] {
        let cell = set_up.cell(row, column);
        set_up.unmake_move(cell);
        assert_matches_a_fresh_setup(&set_up, &format!("took back {row},{column}"));
    }
    // … and a set-up stone, which the log never saw placed, by working the lines out (a
    // stone of the side that would have played it: unmaking hands the move back).
    let cell = set_up.cell(6, 6);
    set_up.unmake_move(cell);
    assert!(set_up.is_empty(cell));
    assert_matches_a_fresh_setup(&set_up, "took back a set-up stone");
    // Out of order too (a stone of the colour unmaking expects): the log is dropped and
    // what stays is still right.
    play(&mut set_up, &[(3, 3), (3, 4), (3, 5)]);
    let out_of_order = set_up.cell(3, 3);
    set_up.unmake_move(out_of_order);
    assert_matches_a_fresh_setup(&set_up, "took back a stone not the last");
    let next = set_up.cell(3, 4);
    set_up.unmake_move(next);
    assert_matches_a_fresh_setup(&set_up, "then the one before the last");
}
