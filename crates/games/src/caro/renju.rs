//! Renju's forbidden points for Black, judged as the RIF rules judge them: an overline or a
//! four-four is forbidden; a three-three only when at least two of the threes are real, a
//! three being real when one more stone makes it a straight four on a point that is not
//! itself forbidden (the recursive check); a move that makes five is never forbidden.
//!
//! The line tables see one line at a time, so they call a cell a three-three whenever two of
//! its lines are open threes. This module looks at the board: it places the stones of the
//! hypothesis in the line keys (no board copy, no allocation) and recurses.

use ply_search::Side;

use super::board::{Caro, Cell};
use super::line::{BLACK, EMPTY, HALF, Line};

/// How deep the check recurses (a three's four-point whose own threes need their own
/// four-points checked, …); past it a line-local three counts as real.
const MAX_DEPTH: usize = 4;
/// Stones assumed on the board at most: one per level.
const MAX_ASSUMED: usize = MAX_DEPTH + 1;

/// Black stones assumed on empty cells while judging a point.
#[derive(Clone, Copy)]
struct Assumed {
    cells: [Cell; MAX_ASSUMED],
    len: usize,
}

impl Assumed {
    const NONE: Assumed = Assumed {
        cells: [0; MAX_ASSUMED],
        len: 0,
    };

    fn with(mut self, cell: Cell) -> Assumed {
        if let Some(slot) = self.cells.get_mut(self.len) {
            *slot = cell;
            self.len += 1;
        }
        self
    }

    fn contains(&self, cell: Cell) -> bool {
        self.cells[..self.len].contains(&cell)
    }
}

/// Whether the line-local patterns make `lines` a three-three and nothing stronger: the
/// only case in which the board decides.
#[inline]
pub fn is_line_three_three(lines: [Line; 4]) -> bool {
    let mut threes = 0;
    let mut fours = 0;
    for line in lines {
        match line {
            Line::Five | Line::Overline | Line::DoubleFour => return false,
            Line::Flex4 | Line::Block4 => fours += 1,
            Line::Flex3 => threes += 1,
            _ => {}
        }
    }
    fours < 2 && threes >= 2
}

impl Caro {
    /// Black's pattern on empty `cell` along `direction` with the `assumed` black stones.
    fn line_assuming(&self, cell: Cell, direction: usize, assumed: &Assumed) -> Line {
        let mut key = self.line_key(cell, direction);
        let step = self.step(direction);
        for &stone in &assumed.cells[..assumed.len] {
            let delta = stone as isize - cell as isize;
            if delta % step != 0 {
                continue;
            }
            let offset = delta / step;
            if offset == 0 || offset.unsigned_abs() > HALF {
                continue;
            }
            let shift = super::board::key_shift(offset);
            key = (key & !(3 << shift)) | u32::from(BLACK) << shift;
        }
        self.line_tables().pattern(Side::First, key)
    }

    /// Whether an empty cell holds no stone, real or assumed.
    fn is_free(&self, cell: Cell, assumed: &Assumed) -> bool {
        self.code_at(cell) == EMPTY && !assumed.contains(cell)
    }

    /// Whether Black may not play on empty `cell` with the `assumed` stones on the board.
    fn forbidden_assuming(&self, cell: Cell, assumed: &Assumed, depth: usize) -> bool {
        let lines: [Line; 4] =
            std::array::from_fn(|direction| self.line_assuming(cell, direction, assumed));
        if lines.contains(&Line::Five) {
            return false;
        }
        if lines.contains(&Line::Overline) || lines.contains(&Line::DoubleFour) {
            return true;
        }
        if lines.iter().filter(|line| line.is_four()).count() >= 2 {
            return true;
        }
        if !is_line_three_three(lines) {
            return false;
        }
        self.real_threes(cell, lines, assumed, depth) >= 2
    }

    /// How many of the open threes in `lines` (Black on `cell`) are real.
    fn real_threes(&self, cell: Cell, lines: [Line; 4], assumed: &Assumed, depth: usize) -> usize {
        let mut real = 0;
        for (direction, line) in lines.into_iter().enumerate() {
            if line != Line::Flex3 {
                continue;
            }
            if depth >= MAX_DEPTH || self.three_is_real(cell, direction, assumed, depth) {
                real += 1;
                if real >= 2 {
                    break;
                }
            }
        }
        real
    }

    /// Whether Black's open three through `cell` along `direction` (with a stone on `cell`)
    /// can become a straight four on a point that is not forbidden.
    fn three_is_real(&self, cell: Cell, direction: usize, assumed: &Assumed, depth: usize) -> bool {
        let placed = assumed.with(cell);
        for offset in (-(HALF as isize - 1)..HALF as isize).filter(|&o| o != 0) {
            let point = self.neighbour(cell, direction, offset);
            if !self.is_free(point, &placed) {
                continue;
            }
            if self.line_assuming(point, direction, &placed) != Line::Flex4 {
                continue;
            }
            if !self.forbidden_assuming(point, &placed, depth + 1) {
                return true;
            }
        }
        false
    }

    /// `lines` with every open three that is not real (Black on `cell`) counted as a plain
    /// three: what a false three-three offers Black.
    pub fn without_false_threes(&self, cell: Cell, lines: [Line; 4]) -> [Line; 4] {
        let mut out = lines;
        for (direction, line) in out.iter_mut().enumerate() {
            if *line == Line::Flex3 && !self.three_is_real(cell, direction, &Assumed::NONE, 0) {
                *line = Line::Block3;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caro::rule::Rule;
    use crate::caro::threat::Threat;
    use ply_search::Game;

    /// A 15×15 renju board with Black stones at `black`, White at `white` (row, column from
    /// the top-left), Black to move.
    fn board(black: &[(usize, usize)], white: &[(usize, usize)]) -> Caro {
        let mut stones = vec![None; 15 * 15];
        for &(row, column) in black {
            stones[row * 15 + column] = Some(Side::First);
        }
        for &(row, column) in white {
            stones[row * 15 + column] = Some(Side::Second);
        }
        Caro::from_stones(15, Rule::Renju, &stones, Side::First)
    }

    fn threat(game: &Caro, row: usize, column: usize) -> Threat {
        game.threat(game.cell(row, column), Side::First)
    }

    #[test]
    fn line_three_three_is_only_threes() {
        use Line::*;
        assert!(is_line_three_three([Flex3, Flex3, None, None]));
        assert!(is_line_three_three([Flex3, Flex3, Block4, None]));
        assert!(!is_line_three_three([Flex3, Flex3, Five, None]));
        assert!(!is_line_three_three([Flex3, Block3, Flex2, None]));
        assert!(!is_line_three_three([Flex3, Flex3, Block4, Flex4]));
    }

    #[test]
    fn a_true_three_three_is_forbidden() {
        // (7,7) makes a horizontal three with (7,6), (7,8) and a vertical one with (6,7),
        // (8,7); all four straight-four points are free.
        let game = board(
            &[(7, 6), (7, 8), (6, 7), (8, 7)],
            &[(0, 0), (0, 2), (0, 4), (0, 6)],
        );
        assert_eq!(threat(&game, 7, 7), Threat::Forbidden);
        assert!(!game.is_allowed(game.cell(7, 7), Side::First));
    }

    #[test]
    fn a_three_whose_straight_four_points_are_overlines_is_false() {
        let mut black = vec![(7, 6), (7, 8), (6, 7), (8, 7)];
        // Stones on the f and j files make f8 and j8 overline points.
        for row in [4, 5, 6, 8, 9] {
            black.push((row, 5));
            black.push((row, 9));
        }
        let white: Vec<(usize, usize)> = (0..14).map(|i| (13 + i % 2, i)).collect();
        let game = board(&black, &white);
        assert_eq!(threat(&game, 7, 5), Threat::Forbidden);
        // One real three (the vertical one) and one false: an open three, not forbidden.
        assert_eq!(threat(&game, 7, 7), Threat::Three);
        // Without j6, j8 makes five on the j file (not forbidden): h8 is a real
        // three-three; playing j6 makes j8 an overline point again, incrementally.
        let j6 = (9, 9);
        let without: Vec<_> = black.iter().copied().filter(|&s| s != j6).collect();
        let mut game = board(&without, &white[..13]);
        assert_eq!(threat(&game, 7, 7), Threat::Forbidden);
        let j6 = game.cell(j6.0, j6.1);
        game.make_move(j6);
        assert_eq!(threat(&game, 7, 7), Threat::Three);
        game.unmake_move(j6);
        assert_eq!(threat(&game, 7, 7), Threat::Forbidden);
    }
}
