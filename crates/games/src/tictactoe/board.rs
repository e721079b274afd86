//! Tic-tac-toe rules on two 9-bit boards: moves in reading order from the top-left, a line
//! of three wins, a full board draws.

use ply_search::{Game, Outcome, Side};

/// The eight lines of three, as bit masks (bit 0 is the top-left cell).
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// Whether the cells in `mask` include a whole line.
pub fn has_line(mask: u16) -> bool {
    LINES.iter().any(|&line| (mask & line).count_ones() == 3)
}

/// A tic-tac-toe position. A move is the index of a cell, 0 (top-left) to 8 (bottom-right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    stones: [u16; 2],
    to_move: Side,
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe {
            stones: [0, 0],
            to_move: Side::First,
        }
    }
}

impl TicTacToe {
    /// A position from its stones (bit masks, bit 0 top-left) and the side to move. The
    /// caller has checked that the counts are possible.
    pub fn from_stones(first: u16, second: u16, to_move: Side) -> TicTacToe {
        TicTacToe {
            stones: [first & FULL, second & FULL & !first],
            to_move,
        }
    }

    /// Who has a stone on `cell`.
    pub fn stone(&self, cell: usize) -> Option<Side> {
        let bit = 1u16 << cell;
        if self.stones[0] & bit != 0 {
            Some(Side::First)
        } else if self.stones[1] & bit != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// The stones of `side` as a bit mask.
    pub fn stones(&self, side: Side) -> u16 {
        self.stones[side.index()]
    }

    /// Empty cells as a bit mask.
    pub fn empty(&self) -> u16 {
        FULL & !(self.stones[0] | self.stones[1])
    }

    /// The side with a line of three, if any.
    pub fn winner(&self) -> Option<Side> {
        if has_line(self.stones[0]) {
            Some(Side::First)
        } else if has_line(self.stones[1]) {
            Some(Side::Second)
        } else {
            None
        }
    }
}

impl Game for TicTacToe {
    type Move = u8;

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        if self.winner().is_some() {
            return;
        }
        let mut empty = self.empty();
        while empty != 0 {
            moves.push(empty.trailing_zeros() as u8);
            empty &= empty - 1;
        }
    }

    fn make_move(&mut self, mv: u8) {
        self.stones[self.to_move.index()] |= 1 << mv;
        self.to_move = self.to_move.opponent();
    }

    fn unmake_move(&mut self, mv: u8) {
        self.to_move = self.to_move.opponent();
        self.stones[self.to_move.index()] &= !(1 << mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(side) = self.winner() {
            return Some(Outcome::Win(side));
        }
        (self.empty() == 0).then_some(Outcome::Draw)
    }

    fn outcome_when_stuck(&self) -> Outcome {
        Outcome::Draw
    }

    fn hash(&self) -> u64 {
        // The position fits in 19 bits; spread them over the word for the table's index.
        let packed = u64::from(self.stones[0])
            | u64::from(self.stones[1]) << 9
            | (self.to_move.index() as u64) << 18;
        (packed + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    fn move_index(&self, mv: u8) -> usize {
        usize::from(mv)
    }

    fn move_index_bound(&self) -> usize {
        9
    }

    fn pack_move(mv: u8) -> u16 {
        u16::from(mv)
    }

    fn remaining_plies_bound(&self) -> Option<u32> {
        Some(self.empty().count_ones())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn make_and_unmake_restore_the_position() {
        let mut game = TicTacToe::default();
        let before = game;
        game.make_move(4);
        assert_eq!(game.stone(4), Some(Side::First));
        assert_eq!(game.side_to_move(), Side::Second);
        game.unmake_move(4);
        assert_eq!(game, before);
        assert_eq!(game.hash(), before.hash());
    }

    #[test]
    fn a_line_ends_the_game_and_the_moves() {
        let game = TicTacToe::from_stones(0b000_000_111, 0b000_011_000, Side::Second);
        assert_eq!(game.outcome(), Some(Outcome::Win(Side::First)));
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        // x o x / x o o / o x x
        let game = TicTacToe::from_stones(0b110_001_101, 0b001_110_010, Side::Second);
        assert_eq!(game.winner(), None);
        assert_eq!(game.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn moves_come_in_reading_order() {
        let game = TicTacToe::from_stones(0b000_000_001, 0b000_010_000, Side::First);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        assert_eq!(moves, vec![1, 2, 3, 5, 6, 7, 8]);
    }
}
