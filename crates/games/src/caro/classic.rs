//! The seed tutorial's player, faithfully: every 5-cell window on the board scores
//! 1/10/100/1000/100000 by how many stones of one colour it holds (windows with both colours
//! score nothing, the opponent's count double against), seen from the machine (the side to
//! move when it starts thinking). Candidates are the empty cells next to a stone (8
//! neighbours), each scored by the evaluation after placing the mover's stone there, best
//! first, the best 12 kept; on an empty board the centre. The teaching alpha-beta searches
//! them 3 plies deep with wins worth 1,000,000 + the depth left.

use ply_search::{Evaluator, Game, Side};

use super::board::{Caro, Cell};

/// Window scores by stones in the window (index 0–5).
const WINDOW: [i32; 6] = [0, 1, 10, 100, 1_000, 100_000];
/// Candidates kept per node.
pub const KEPT: usize = 12;
/// Search depth of the seed.
pub const DEPTH: u32 = 3;
/// What a win is worth in the seed (`THANG`).
pub const WIN: i32 = 1_000_000;

/// The seed's evaluator, from the view of `machine`.
#[derive(Clone, Copy, Debug)]
pub struct Classic {
    machine: Side,
}

impl Classic {
    /// The seed's player thinking for `machine`.
    pub fn new(machine: Side) -> Classic {
        Classic { machine }
    }

    /// The score of one window holding `machine` and `human` stones, machine's view.
    #[inline]
    fn window_score(machine: usize, human: usize) -> i32 {
        if machine > 0 && human == 0 {
            WINDOW[machine.min(5)]
        } else if human > 0 && machine == 0 {
            -WINDOW[human.min(5)] * 2
        } else {
            0
        }
    }

    /// The seed's whole-board evaluation from the machine's view (`danhGia`).
    pub fn board_score(&self, game: &Caro) -> i32 {
        let size = game.size() as isize;
        let mut total = 0;
        for row in 0..size {
            for column in 0..size {
                let start = game.cell(row as usize, column as usize);
                for (direction, (dr, dc)) in [(0, 1), (1, 0), (1, 1), (1, -1)].iter().enumerate() {
                    let (end_row, end_column) = (row + 4 * dr, column + 4 * dc);
                    if end_row < 0 || end_row >= size || end_column < 0 || end_column >= size {
                        continue;
                    }
                    let (machine, human) = self.count_window(game, start, direction, None);
                    total += Self::window_score(machine, human);
                }
            }
        }
        total
    }

    /// Stones of each side in the window of five from `start` along `direction`, with an
    /// extra stone assumed on a cell.
    #[inline]
    fn count_window(
        &self,
        game: &Caro,
        start: Cell,
        direction: usize,
        extra: Option<(Cell, Side)>,
    ) -> (usize, usize) {
        let mut machine = 0;
        let mut human = 0;
        for offset in 0..5 {
            let cell = game.neighbour(start, direction, offset);
            let stone = match extra {
                Some((extra_cell, side)) if extra_cell == cell => Some(side),
                _ => game.stone_at(cell),
            };
            match stone {
                Some(side) if side == self.machine => machine += 1,
                Some(_) => human += 1,
                None => {}
            }
        }
        (machine, human)
    }

    /// The evaluation after `side` plays on empty `cell`, given the evaluation `before`:
    /// only the windows through the cell change.
    fn score_after(&self, game: &Caro, before: i32, cell: Cell, side: Side) -> i32 {
        let (row, column) = game.row_column(cell);
        let size = game.size() as isize;
        let (row, column) = (row as isize, column as isize);
        let mut score = before;
        for (direction, (dr, dc)) in [(0, 1), (1, 0), (1, 1), (1, -1)].iter().enumerate() {
            for back in 0..5isize {
                let (start_row, start_column) = (row - back * dr, column - back * dc);
                let (end_row, end_column) = (start_row + 4 * dr, start_column + 4 * dc);
                let inside = |r: isize, c: isize| r >= 0 && r < size && c >= 0 && c < size;
                if !inside(start_row, start_column) || !inside(end_row, end_column) {
                    continue;
                }
                let start = game.cell(start_row as usize, start_column as usize);
                let (m, h) = self.count_window(game, start, direction, None);
                let (m2, h2) = self.count_window(game, start, direction, Some((cell, side)));
                score += Self::window_score(m2, h2) - Self::window_score(m, h);
            }
        }
        score
    }

    fn touches_a_stone(game: &Caro, cell: Cell) -> bool {
        (0..4).any(|direction| {
            [-1, 1].into_iter().any(|offset| {
                game.stone_at(game.neighbour(cell, direction, offset))
                    .is_some()
            })
        })
    }
}

impl Evaluator<Caro> for Classic {
    fn evaluate(&self, game: &Caro) -> i32 {
        let score = self.board_score(game);
        if game.side_to_move() == self.machine {
            score
        } else {
            -score
        }
    }

    fn candidate_moves(&self, game: &Caro, moves: &mut Vec<Cell>) {
        if game.outcome().is_some() {
            return;
        }
        let side = game.side_to_move();
        let before = self.board_score(game);
        let mut scored: Vec<(i32, Cell)> = game
            .board_cells()
            .iter()
            .copied()
            .filter(|&cell| {
                game.is_empty(cell)
                    && game.is_allowed(cell, side)
                    && Self::touches_a_stone(game, cell)
            })
            .map(|cell| {
                let after = self.score_after(game, before, cell, side);
                (if side == self.machine { after } else { -after }, cell)
            })
            .collect();
        if scored.is_empty() {
            // The seed plays the centre on an empty board (and anywhere if nothing touches).
            let centre = game.cell(game.size() / 2, game.size() / 2);
            if game.is_empty(centre) && game.is_allowed(centre, side) {
                moves.push(centre);
            } else {
                game.generate_moves(moves);
            }
            return;
        }
        // Stable: equal scores keep reading order (the seed's std::sort leaves ties unspecified).
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        moves.extend(scored.iter().take(KEPT).map(|&(_, cell)| cell));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caro::rule::Rule;

    #[test]
    fn incremental_candidate_scores_equal_the_full_evaluation() {
        let mut game = Caro::new(10, Rule::Freestyle);
        for (row, column) in [(4, 4), (5, 5), (4, 5), (3, 3), (6, 4)] {
            let cell = game.cell(row, column);
            game.make_move(cell);
        }
        let classic = Classic::new(game.side_to_move());
        let before = classic.board_score(&game);
        for &cell in game.board_cells() {
            if !game.is_empty(cell) {
                continue;
            }
            let side = game.side_to_move();
            let quick = classic.score_after(&game, before, cell, side);
            let mut placed = game.clone();
            placed.make_move(cell);
            assert_eq!(quick, classic.board_score(&placed), "cell {cell}");
        }
    }

    #[test]
    fn the_empty_board_gets_the_centre_and_a_stone_gets_twelve_neighbours_at_most() {
        let game = Caro::new(10, Rule::Freestyle);
        let classic = Classic::new(Side::First);
        let mut moves = Vec::new();
        classic.candidate_moves(&game, &mut moves);
        assert_eq!(moves, vec![game.cell(5, 5)]);
        let mut game = game;
        game.make_move(game.cell(5, 5));
        game.make_move(game.cell(4, 4));
        moves.clear();
        Classic::new(Side::First).candidate_moves(&game, &mut moves);
        assert_eq!(moves.len(), KEPT);
    }
}
