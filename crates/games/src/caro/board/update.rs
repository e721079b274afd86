//! Keeping a caro position's line patterns and judgements up to date as stones come and
//! go: the keys of the cells along the stone's four lines, each empty cell's patterns for
//! both players, their threats and values, the counts and totals the evaluation reads.

use ply_search::Side;

use super::{Caro, Cell, key_shift, stone_code, zobrist};
use crate::caro::line::{EMPTY, HALF, Line};
use crate::caro::renju::is_line_three_three;
use crate::caro::threat::{Threat, combine};

impl Caro {
    /// Recomputes what the cell offers both players: its four lines when `all_lines`,
    /// else only its threat and value from the stored lines.
    pub(super) fn refresh(&mut self, cell: Cell, all_lines: bool) {
        let index = usize::from(cell);
        self.save_cell(index);
        if self.cells[index] != EMPTY {
            self.set_judged(index, [(Threat::None, 0); 2]);
            return;
        }
        let mut lines = self.lines[index];
        if all_lines {
            for (direction, &key) in self.keys[index].iter().enumerate() {
                let [black, white] = self.tables.patterns(key);
                lines[0][direction] = black;
                lines[1][direction] = white;
            }
            self.lines[index] = lines;
            // The cell was taken (or the board new): its old lines were not counted.
            self.count_double_three(lines[0], 1);
        }
        self.judge_both(cell, lines);
    }

    /// Stores the patterns both players would make on empty `cell` along direction `D`, and
    /// judges the cell again. The direction is a constant so that the cell's eight line
    /// patterns stay in a register: written into a copy on the stack at a variable place
    /// and read back whole, they stalled the processor (a store that cannot be forwarded
    /// to a wider load), which cost a third of the time spent updating lines.
    #[inline]
    fn refresh_line<const D: usize>(&mut self, cell: Cell, patterns: [Line; 2]) {
        let index = usize::from(cell);
        let mut lines = self.lines[index];
        // A stone that changes the cell's key but neither player's pattern changes nothing
        // the cell's judgement reads (renju's three-threes, which look further, are judged
        // again after every move).
        let changed = [lines[0][D] != patterns[0], lines[1][D] != patterns[1]];
        if changed == [false, false] {
            return;
        }
        self.save_cell(index);
        self.count_double_three(lines[0], -1);
        lines[0][D] = patterns[0];
        lines[1][D] = patterns[1];
        self.lines[index] = lines;
        self.count_double_three(lines[0], 1);
        // A player whose pattern stayed keeps the judgement it had.
        for (s, side) in [Side::First, Side::Second].into_iter().enumerate() {
            if changed[s] {
                let judged = self.judge(cell, side, lines[s]);
                self.set_judged_for(index, s, judged);
            }
        }
    }

    /// Renju: counts an empty cell's Black `lines` in or out of the line-local three-threes.
    #[inline]
    fn count_double_three(&mut self, lines: [Line; 4], delta: i16) {
        if self.rule.has_forbidden_moves(Side::First) && is_line_three_three(lines) {
            self.double_threes = self.double_threes.wrapping_add_signed(delta);
        }
    }

    #[inline]
    fn judge_both(&mut self, cell: Cell, lines: [[Line; 4]; 2]) {
        let judged = [
            self.judge(cell, Side::First, lines[0]),
            self.judge(cell, Side::Second, lines[1]),
        ];
        self.set_judged(usize::from(cell), judged);
    }

    /// Records the threat and value of the cell at `index` for each player, keeping the
    /// counts and totals.
    #[inline]
    fn set_judged(&mut self, index: usize, judged: [(Threat, i32); 2]) {
        for (s, judged) in judged.into_iter().enumerate() {
            self.set_judged_for(index, s, judged);
        }
    }

    /// Records the threat and value of the cell at `index` for the player `s` (0: First).
    #[inline]
    fn set_judged_for(&mut self, index: usize, s: usize, (threat, value): (Threat, i32)) {
        let old_threat = self.threats[index][s];
        let old_value = self.values[index][s];
        self.counts[s][old_threat as usize] -= 1;
        self.counts[s][threat as usize] += 1;
        self.totals[s] += value - old_value;
        self.threats[index][s] = threat;
        self.values[index][s] = value;
    }

    /// The threat and value of empty `cell` for `side` from its `lines`; a renju three-three
    /// is checked on the board (a three whose straight-four points are all forbidden is no
    /// three).
    #[inline]
    fn judge(&self, cell: Cell, side: Side, lines: [Line; 4]) -> (Threat, i32) {
        let renju_black = self.rule.has_forbidden_moves(side);
        let judged = combine(lines, renju_black);
        if renju_black && judged.0 == Threat::Forbidden && is_line_three_three(lines) {
            let real = self.without_false_threes(cell, lines);
            if real != lines {
                return combine(real, renju_black);
            }
        }
        judged
    }

    /// Renju: re-judges Black's line-local three-threes once every line is up to date (whether
    /// a three is real depends on cells beyond its own lines).
    fn rejudge_three_threes(&mut self) {
        if !self.rule.has_forbidden_moves(Side::First) || self.double_threes == 0 {
            return;
        }
        for index in 0..self.on_board.len() {
            let cell = self.on_board[index];
            if self.cells[usize::from(cell)] == EMPTY
                && is_line_three_three(self.lines[usize::from(cell)][Side::First.index()])
            {
                self.refresh(cell, false);
            }
        }
    }

    /// Puts a stone of `side` on `cell` and updates the lines through it.
    pub(super) fn place(&mut self, cell: Cell, side: Side) {
        let code = stone_code(side);
        let index = usize::from(cell);
        self.open_frame(cell);
        self.count_double_three(self.lines[index][0], -1);
        self.cells[index] = code;
        self.hash ^= zobrist()[index][side.index()];
        self.stones += 1;
        self.update_lines::<true>(cell, u32::from(code));
        self.refresh(cell, false);
        self.touch_near(cell, 1);
        self.rejudge_three_threes();
    }

    /// Takes the stone off `cell`: restores what placing it changed when it is the newest
    /// stone on record (as in a search), else works the lines out again.
    pub(super) fn remove(&mut self, cell: Cell, side: Side) {
        let index = usize::from(cell);
        self.cells[index] = EMPTY;
        self.hash ^= zobrist()[index][side.index()];
        self.stones -= 1;
        self.touch_near(cell, -1);
        if self.restore(cell) {
            self.update_lines::<false>(cell, 0);
            return;
        }
        self.update_lines::<true>(cell, 0);
        self.refresh(cell, true);
        self.rejudge_three_threes();
        self.undo.clear();
    }

    /// Writes `code` for `cell` into the keys of the ten cells on each of its four lines,
    /// and (when `JUDGE`) refreshes the empty ones within the rule's reach.
    fn update_lines<const JUDGE: bool>(&mut self, cell: Cell, code: u32) {
        self.update_line::<0, JUDGE>(cell, code);
        self.update_line::<1, JUDGE>(cell, code);
        self.update_line::<2, JUDGE>(cell, code);
        self.update_line::<3, JUDGE>(cell, code);
    }

    /// [`Caro::update_lines`] along direction `D`.
    #[inline]
    fn update_line<const D: usize, const JUDGE: bool>(&mut self, cell: Cell, code: u32) {
        let reach = self.tables.reach() as isize;
        let step = self.step(D);
        for distance in 1..=HALF as isize {
            for (neighbour, offset_seen) in [
                (cell as isize + distance * step, -distance),
                (cell as isize - distance * step, distance),
            ] {
                let n = neighbour as usize;
                let shift = key_shift(offset_seen);
                let key = (self.keys[n][D] & !(3 << shift)) | code << shift;
                self.keys[n][D] = key;
                if JUDGE && distance <= reach && self.cells[n] == EMPTY {
                    self.refresh_line::<D>(n as Cell, self.tables.patterns(key));
                }
            }
        }
    }

    fn touch_near(&mut self, cell: Cell, delta: i8) {
        let stride = self.stride as isize;
        for dr in -2..=2isize {
            for dc in -2..=2isize {
                let n = (cell as isize + dr * stride + dc) as usize;
                self.near[n] = self.near[n].wrapping_add_signed(delta);
            }
        }
    }
}
