//! The seed's player: material (General 6000, Chariot 600, Cannon 285, Horse 270,
//! Elephant 120, Advisor 120, Soldier 30) plus the piece-square tables of Yen et al.'s
//! "Computer Chinese Chess" for chariot, cannon, horse and soldier, as the seed prints them
//! (interleaved there: Cannon/Chariot and Horse/Soldier one row each in turn). Row 0 of a
//! table is the opponent's back rank seen from the piece's owner; Black's tables are Red's
//! turned round. Moves are tried best first by the value they add to that sum, as the seed's
//! priority queue orders the positions it expands. No pruning hooks: the teaching baseline.

use ply_search::{Evaluator, Game, Side};

use super::game::Xiangqi;
use super::piece::{Kind, is_piece, kind_of, side_of};
use super::position::{Move, Position};
use super::square::{Square, file_of, rank_of};

/// The seed's material values, by kind (general first).
pub const SEED_VALUES: [i32; 7] = [6000, 120, 120, 270, 600, 285, 30];

/// The seed's chariot table, row 0 = the opponent's back rank.
pub const CHARIOT: [[i32; 9]; 10] = [
    [14, 14, 12, 18, 16, 18, 12, 14, 14],
    [16, 20, 18, 24, 26, 24, 18, 20, 16],
    [12, 12, 12, 18, 18, 18, 12, 12, 12],
    [12, 18, 16, 22, 22, 22, 16, 18, 12],
    [12, 14, 12, 18, 18, 18, 12, 14, 12],
    [12, 16, 14, 20, 20, 20, 14, 16, 12],
    [6, 10, 8, 14, 14, 14, 8, 10, 6],
    [4, 8, 6, 14, 12, 14, 6, 8, 4],
    [8, 4, 8, 16, 8, 16, 8, 4, 8],
    [-2, 10, 6, 14, 12, 14, 6, 10, -2],
];

/// The seed's cannon table.
pub const CANNON: [[i32; 9]; 10] = [
    [6, 4, 0, -10, -12, -10, 0, 4, 6],
    [2, 2, 0, -4, -14, -4, 0, 2, 2],
    [2, 2, 0, -10, -8, -10, 0, 2, 2],
    [0, 0, -2, 4, 10, 4, -2, 0, 0],
    [0, 0, 0, 2, 8, 2, 0, 0, 0],
    [-2, 0, 4, 2, 6, 2, 4, 0, -2],
    [0, 0, 0, 2, 4, 2, 0, 0, 0],
    [4, 0, 8, 6, 10, 6, 8, 0, 4],
    [0, 2, 4, 6, 6, 6, 4, 2, 0],
    [0, 0, 2, 6, 6, 6, 2, 0, 0],
];

/// The seed's horse table.
pub const HORSE: [[i32; 9]; 10] = [
    [4, 8, 16, 12, 4, 12, 16, 8, 4],
    [4, 10, 28, 16, 8, 16, 28, 10, 4],
    [12, 14, 16, 20, 18, 20, 16, 14, 12],
    [8, 24, 18, 24, 20, 24, 18, 24, 8],
    [6, 16, 14, 18, 16, 18, 14, 16, 6],
    [4, 12, 16, 14, 12, 14, 16, 12, 4],
    [2, 6, 8, 6, 10, 6, 8, 6, 2],
    [4, 2, 8, 8, 4, 8, 8, 2, 4],
    [0, 2, 4, 4, -2, 4, 4, 2, 0],
    [0, -4, 0, 0, 0, 0, 0, -4, 0],
];

/// The seed's soldier table: the river is crossed between rows 5 and 4.
pub const SOLDIER: [[i32; 9]; 10] = [
    [0, 3, 6, 9, 12, 9, 6, 3, 0],
    [18, 36, 56, 80, 120, 80, 56, 36, 18],
    [14, 26, 42, 60, 80, 60, 42, 26, 14],
    [10, 20, 30, 34, 40, 34, 30, 20, 10],
    [6, 12, 18, 18, 20, 18, 18, 12, 6],
    [2, 0, 8, 0, 8, 0, 8, 0, 2],
    [0, 0, -2, 0, 4, 0, -2, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

/// Row and column of `sq` in a seed table for `side`'s piece.
#[inline]
pub fn table_cell(side: Side, sq: Square) -> (usize, usize) {
    let (file, rank) = (usize::from(file_of(sq)), usize::from(rank_of(sq)));
    match side {
        Side::First => (9 - rank, file),
        Side::Second => (rank, 8 - file),
    }
}

/// The seed's value of `kind` owned by `side` on `sq`: material plus its table.
#[inline]
pub fn seed_value(side: Side, kind: Kind, sq: Square) -> i32 {
    let (row, column) = table_cell(side, sq);
    let table = match kind {
        Kind::Chariot => &CHARIOT,
        Kind::Cannon => &CANNON,
        Kind::Horse => &HORSE,
        Kind::Soldier => &SOLDIER,
        _ => return SEED_VALUES[kind as usize],
    };
    SEED_VALUES[kind as usize] + table[row][column]
}

/// The seed's evaluation: own pieces minus the opponent's.
#[derive(Clone, Copy, Debug, Default)]
pub struct Classic;

impl Evaluator<Xiangqi> for Classic {
    fn evaluate(&self, game: &Xiangqi) -> i32 {
        let position = game.position();
        let side = position.side_to_move();
        let mut total = 0;
        for owner in [Side::First, Side::Second] {
            let sign = if owner == side { 1 } else { -1 };
            for &sq in position.pieces(owner) {
                let code = position.at(sq);
                total += sign * seed_value(side_of(code), kind_of(code), sq);
            }
        }
        total
    }

    /// Every legal move, the one that raises the seed's value most first (ties by points).
    fn candidate_moves(&self, game: &Xiangqi, moves: &mut Vec<Move>) {
        game.generate_moves(moves);
        let position = game.position();
        moves.sort_unstable_by_key(|&mv| (std::cmp::Reverse(gain(position, mv)), mv));
    }
}

/// How much `mv` raises the seed's value for the side that plays it: its piece's new place
/// against its old one, plus what it takes.
pub fn gain(position: &Position, mv: Move) -> i32 {
    let piece = position.at(mv.from);
    let (side, kind) = (side_of(piece), kind_of(piece));
    let mut gain = seed_value(side, kind, mv.to) - seed_value(side, kind, mv.from);
    let captured = position.at(mv.to);
    if is_piece(captured) {
        gain += seed_value(side_of(captured), kind_of(captured), mv.to);
    }
    gain
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::square::square;

    #[test]
    fn seed_tables_are_read_from_the_owners_side() {
        // A Red soldier on its start point e3 is row 6 of the table; g3 is -2.
        assert_eq!(seed_value(Side::First, Kind::Soldier, square(4, 3)), 34);
        assert_eq!(seed_value(Side::First, Kind::Soldier, square(6, 3)), 28);
        // Across the river, one rank short of the palace: 120 on the middle file.
        assert_eq!(seed_value(Side::First, Kind::Soldier, square(4, 8)), 150);
        // Black's soldier on e6 mirrors Red's on e3.
        assert_eq!(seed_value(Side::Second, Kind::Soldier, square(4, 6)), 34);
        assert_eq!(seed_value(Side::First, Kind::Chariot, square(0, 0)), 598);
        assert_eq!(seed_value(Side::Second, Kind::Chariot, square(8, 9)), 598);
        assert_eq!(seed_value(Side::First, Kind::Cannon, square(1, 2)), 285);
        assert_eq!(seed_value(Side::First, Kind::Horse, square(1, 0)), 266);
        assert_eq!(seed_value(Side::First, Kind::General, square(4, 0)), 6000);
    }

    #[test]
    fn candidates_come_best_gain_first() {
        let game = Xiangqi::start();
        let mut moves = Vec::new();
        Classic.candidate_moves(&game, &mut moves);
        assert_eq!(moves.len(), 44);
        // A cannon takes a horse: 270 for the horse and the horse's table, and the cannon's
        // new point on Black's back rank (6 on the corner files' neighbour) against its old.
        let first = moves[0];
        assert!(game.captured_kind(first) == Some(Kind::Horse), "{first:?}");
        let gains: Vec<i32> = moves.iter().map(|&mv| gain(game.position(), mv)).collect();
        assert!(gains.windows(2).all(|pair| pair[0] >= pair[1]), "{gains:?}");
    }

    #[test]
    fn the_start_is_level() {
        let game = Xiangqi::start();
        assert_eq!(Classic.evaluate(&game), 0);
    }
}
