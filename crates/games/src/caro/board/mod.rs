//! The caro position: stones on a square board padded with walls, the side to move, and
//! incremental line patterns for every empty cell (updated on make/unmake along the four
//! lines through the stone), with the threat counts the strong player reads. Wins are
//! checked around the last stone only.

use std::sync::OnceLock;

use ply_search::{Game, Outcome, Side, SplitMix64};

use super::line::{BLACK, EMPTY, HALF, Line, LineTables, WALL, WHITE, tables};
use super::rule::Rule;
use super::threat::{THREAT_KINDS, Threat};
use undo::UndoLog;

/// Walls around the board: as far as a line key looks.
pub const PAD: usize = HALF;
/// Largest board side.
pub const MAX_SIZE: usize = 25;
/// Smallest board side.
pub const MIN_SIZE: usize = 5;
const MAX_STRIDE: usize = MAX_SIZE + 2 * PAD;

/// A cell: its index in the padded board (see [`Caro::cell`]).
pub type Cell = u16;

fn zobrist() -> &'static [[u64; 2]] {
    static KEYS: OnceLock<Vec<[u64; 2]>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut random = SplitMix64::new(0xca50_5eed);
        (0..MAX_STRIDE * MAX_STRIDE)
            .map(|_| [random.next_u64(), random.next_u64()])
            .collect()
    })
}

const SIDE_KEY: u64 = 0x6a09_e667_f3bc_c908;

#[inline]
fn stone_code(side: Side) -> u8 {
    match side {
        Side::First => BLACK,
        Side::Second => WHITE,
    }
}

/// Bit position of the neighbour at `offset` (−5..=5, not 0) in a line key.
#[inline]
pub(super) fn key_shift(offset: isize) -> u32 {
    let position = if offset < 0 {
        offset + HALF as isize
    } else {
        offset + HALF as isize - 1
    };
    2 * position as u32
}

/// A caro position.
#[derive(Clone, Debug)]
pub struct Caro {
    size: usize,
    stride: usize,
    rule: Rule,
    tables: &'static LineTables,
    cells: Vec<u8>,
    keys: Vec<[u32; 4]>,
    lines: Vec<[[Line; 4]; 2]>,
    threats: Vec<[Threat; 2]>,
    values: Vec<[i32; 2]>,
    near: Vec<u8>,
    counts: [[u16; THREAT_KINDS]; 2],
    totals: [i32; 2],
    /// Renju: Black's empty cells whose lines make a line-local three-three (the only cells
    /// the board must judge beyond their own lines); kept only under renju.
    double_threes: u16,
    on_board: Vec<Cell>,
    to_move: Side,
    hash: u64,
    stones: usize,
    winner: Option<Side>,
    played: Vec<(Cell, Option<Side>)>,
    /// What each placing overwrote, for taking it back (see `undo.rs`).
    undo: UndoLog,
}

impl Caro {
    /// An empty `size`×`size` board (clamped to 5–25) under `rule`, Black (x) to move.
    pub fn new(size: usize, rule: Rule) -> Caro {
        let size = size.clamp(MIN_SIZE, MAX_SIZE);
        let stride = size + 2 * PAD;
        let mut cells = vec![WALL; stride * stride];
        let mut on_board = Vec::with_capacity(size * size);
        for row in 0..size {
            for column in 0..size {
                let index = (row + PAD) * stride + column + PAD;
                cells[index] = EMPTY;
                on_board.push(index as Cell);
            }
        }
        let mut counts = [[0; THREAT_KINDS]; 2];
        counts[0][Threat::None as usize] = on_board.len() as u16;
        counts[1][Threat::None as usize] = on_board.len() as u16;
        let mut game = Caro {
            size,
            stride,
            rule,
            tables: tables(rule),
            keys: vec![[0; 4]; cells.len()],
            lines: vec![[[Line::None; 4]; 2]; cells.len()],
            threats: vec![[Threat::None; 2]; cells.len()],
            values: vec![[0; 2]; cells.len()],
            near: vec![0; cells.len()],
            cells,
            counts,
            totals: [0; 2],
            double_threes: 0,
            on_board,
            to_move: Side::First,
            hash: 0,
            stones: 0,
            winner: None,
            played: Vec::new(),
            undo: UndoLog::default(),
        };
        for index in 0..game.on_board.len() {
            let cell = game.on_board[index];
            for direction in 0..4 {
                let step = game.step(direction);
                let mut key = 0;
                for offset in (-(HALF as isize)..=HALF as isize).filter(|&o| o != 0) {
                    let neighbour = (cell as isize + offset * step) as usize;
                    key |= u32::from(game.cells[neighbour]) << key_shift(offset);
                }
                game.keys[usize::from(cell)][direction] = key;
            }
            game.refresh(cell, true);
        }
        game.undo.clear();
        game
    }

    /// A position from stones given in reading order (`None` for empty), with `to_move`.
    /// Stones are placed without checking for wins; [`Caro::find_winner`] tells if one side
    /// already has a line.
    pub fn from_stones(size: usize, rule: Rule, stones: &[Option<Side>], to_move: Side) -> Caro {
        let mut game = Caro::new(size, rule);
        for (index, stone) in stones.iter().enumerate().take(game.size * game.size) {
            if let Some(side) = stone {
                let cell = game.cell(index / game.size, index % game.size);
                game.place(cell, *side);
            }
        }
        game.to_move = to_move;
        game.hash = game.stone_hash() ^ if to_move == Side::Second { SIDE_KEY } else { 0 };
        game.winner = game.find_winner();
        game.played.clear();
        // The set-up stones are not moves: nothing takes them back.
        game.undo.clear();
        game
    }

    fn stone_hash(&self) -> u64 {
        let keys = zobrist();
        self.on_board
            .iter()
            .filter_map(|&cell| {
                let side = self.stone_at(cell)?;
                keys.get(usize::from(cell)).map(|pair| pair[side.index()])
            })
            .fold(0, |hash, key| hash ^ key)
    }

    /// Board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The cell at `row` (from the top) and `column` (from the left), both 0-based.
    #[inline]
    pub fn cell(&self, row: usize, column: usize) -> Cell {
        ((row + PAD) * self.stride + column + PAD) as Cell
    }

    /// Row (from the top) and column of a cell.
    #[inline]
    pub fn row_column(&self, cell: Cell) -> (usize, usize) {
        let index = usize::from(cell);
        (
            (index / self.stride).saturating_sub(PAD),
            (index % self.stride).saturating_sub(PAD),
        )
    }

    /// Reading-order index (row × size + column) of a cell.
    pub fn reading_index(&self, cell: Cell) -> usize {
        let (row, column) = self.row_column(cell);
        row * self.size + column
    }

    /// Whether `cell` is on the board.
    pub fn is_on_board(&self, cell: Cell) -> bool {
        self.cells
            .get(usize::from(cell))
            .is_some_and(|&c| c != WALL)
    }

    /// The cells of the board in reading order.
    pub fn board_cells(&self) -> &[Cell] {
        &self.on_board
    }

    /// Who has a stone on `cell`.
    #[inline]
    pub fn stone_at(&self, cell: Cell) -> Option<Side> {
        match self.cells.get(usize::from(cell)) {
            Some(&BLACK) => Some(Side::First),
            Some(&WHITE) => Some(Side::Second),
            _ => None,
        }
    }

    /// Whether `cell` is on the board and empty.
    #[inline]
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.cells.get(usize::from(cell)) == Some(&EMPTY)
    }

    /// Stones on the board.
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// The winner, if a line has been made.
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// The last stone placed by a move, if any.
    pub fn last_move(&self) -> Option<Cell> {
        self.played.last().map(|&(cell, _)| cell)
    }

    /// The stone the side to move placed last (two moves back), if any.
    pub fn own_last_move(&self) -> Option<Cell> {
        let count = self.played.len();
        count
            .checked_sub(2)
            .and_then(|index| self.played.get(index))
            .map(|&(cell, _)| cell)
    }

    /// Moves played since the position was set up, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Cell> + '_ {
        self.played.iter().map(|&(cell, _)| cell)
    }

    /// The step between neighbours in `direction`: 0 across, 1 down, 2 down-right,
    /// 3 down-left.
    #[inline]
    pub fn step(&self, direction: usize) -> isize {
        match direction {
            0 => 1,
            1 => self.stride as isize,
            2 => self.stride as isize + 1,
            _ => self.stride as isize - 1,
        }
    }

    /// The neighbour of `cell` `offset` steps along `direction` (may be a wall cell).
    #[inline]
    pub fn neighbour(&self, cell: Cell, direction: usize, offset: isize) -> Cell {
        (cell as isize + offset * self.step(direction)) as Cell
    }

    /// The pattern `side` would make on empty `cell` along `direction`.
    #[inline]
    pub fn line(&self, cell: Cell, side: Side, direction: usize) -> Line {
        self.lines[usize::from(cell)][side.index()][direction]
    }

    /// The ten cells around `cell` along `direction`, two bits each (see [`key_shift`]).
    #[inline]
    pub(super) fn line_key(&self, cell: Cell, direction: usize) -> u32 {
        self.keys[usize::from(cell)][direction]
    }

    /// The state of a cell (empty, black, white or wall).
    #[inline]
    pub(super) fn code_at(&self, cell: Cell) -> u8 {
        self.cells.get(usize::from(cell)).copied().unwrap_or(WALL)
    }

    /// The pattern tables of the rule.
    #[inline]
    pub(super) fn line_tables(&self) -> &'static LineTables {
        self.tables
    }

    /// The threat `side` would make with a stone on empty `cell` (None when occupied).
    #[inline]
    pub fn threat(&self, cell: Cell, side: Side) -> Threat {
        self.threats[usize::from(cell)][side.index()]
    }

    /// The value of a stone of `side` on empty `cell` (0 when occupied or forbidden).
    #[inline]
    pub fn value(&self, cell: Cell, side: Side) -> i32 {
        self.values[usize::from(cell)][side.index()]
    }

    /// The move-order value of a stone of `side` on empty `cell`
    /// ([`super::params::ORDER_VALUE`]); renju Black's, whose false threes are judged on the
    /// board, is its [`Caro::value`].
    #[inline]
    pub fn order_value(&self, cell: Cell, side: Side) -> i32 {
        if self.rule.has_forbidden_moves(side) {
            return self.value(cell, side);
        }
        super::threat::order_value(self.lines[usize::from(cell)][side.index()])
    }

    /// How many empty cells give `side` the threat `kind`.
    #[inline]
    pub fn count(&self, side: Side, kind: Threat) -> u16 {
        self.counts[side.index()][kind as usize]
    }

    /// The sum of the values of every empty cell for `side`.
    #[inline]
    pub fn total_value(&self, side: Side) -> i32 {
        self.totals[side.index()]
    }

    /// Stones within two cells of `cell` (any colour).
    #[inline]
    pub fn stones_near(&self, cell: Cell) -> u8 {
        self.near[usize::from(cell)]
    }

    /// Whether `side` may play on empty `cell` (renju forbids Black some points).
    #[inline]
    pub fn is_allowed(&self, cell: Cell, side: Side) -> bool {
        !(self.rule.has_forbidden_moves(side) && self.threat(cell, side) == Threat::Forbidden)
    }

    /// Whether `side` has a five on the board through `cell` (which holds its stone).
    pub fn makes_five(&self, cell: Cell, side: Side) -> bool {
        let own = stone_code(side);
        let other = stone_code(side.opponent());
        let five = self.rule.five_rule(side);
        (0..4).any(|direction| {
            let mut length = 1;
            let mut closed = [false; 2];
            for (end, sign) in [(0, -1isize), (1, 1)] {
                let mut offset = sign;
                loop {
                    let code = self.cells[usize::from(self.neighbour(cell, direction, offset))];
                    if code == own {
                        length += 1;
                        offset += sign;
                    } else {
                        closed[end] = code == other;
                        break;
                    }
                }
            }
            five.wins(length, closed)
        })
    }

    /// A side with a winning line anywhere on the board (for positions set up from text).
    pub fn find_winner(&self) -> Option<Side> {
        [Side::First, Side::Second].into_iter().find(|&side| {
            self.on_board
                .iter()
                .any(|&cell| self.stone_at(cell) == Some(side) && self.makes_five(cell, side))
        })
    }

    /// The cells where `side` would make `kind` exactly, in reading order, into `out`.
    pub fn cells_with(&self, side: Side, kind: Threat, out: &mut Vec<Cell>) {
        out.extend(
            self.on_board
                .iter()
                .copied()
                .filter(|&cell| self.threat(cell, side) == kind)
                .take(usize::from(self.count(side, kind))),
        );
    }

    /// The moves that may stop `attacker`'s fives: every cell where it would make five
    /// and, under the caro rules (a five closed at both ends does not win), the empty cells
    /// just past the ends of each such five, which close it. A superset: the caller checks.
    pub fn five_defences(&self, attacker: Side, out: &mut Vec<Cell>) {
        if self.count(attacker, Threat::Five) == 0 {
            return;
        }
        let closable = matches!(
            self.rule.five_rule(attacker),
            super::rule::FiveRule::AtLeastOpen | super::rule::FiveRule::ExactlyOpen
        );
        let mut unseen = self.count(attacker, Threat::Five);
        for &five in &self.on_board {
            if unseen == 0 {
                break;
            }
            if self.threat(five, attacker) != Threat::Five {
                continue;
            }
            unseen -= 1;
            if !out.contains(&five) {
                out.push(five);
            }
            if !closable {
                continue;
            }
            for direction in 0..4 {
                if self.line(five, attacker, direction) != Line::Five {
                    continue;
                }
                for sign in [-1isize, 1] {
                    let mut distance = 1;
                    loop {
                        let next = self.neighbour(five, direction, sign * distance);
                        if self.stone_at(next) == Some(attacker) {
                            distance += 1;
                            continue;
                        }
                        if self.is_empty(next) && !out.contains(&next) {
                            out.push(next);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// The first cell where `side` would make five, if any.
    pub fn five_cell(&self, side: Side) -> Option<Cell> {
        if self.count(side, Threat::Five) == 0 {
            return None;
        }
        self.on_board
            .iter()
            .copied()
            .find(|&cell| self.threat(cell, side) == Threat::Five)
    }
}

impl Game for Caro {
    type Move = Cell;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Cell>) {
        if self.winner.is_some() {
            return;
        }
        let side = self.to_move;
        moves.extend(
            self.on_board
                .iter()
                .copied()
                .filter(|&cell| self.is_empty(cell) && self.is_allowed(cell, side)),
        );
    }

    fn make_move(&mut self, mv: Cell) {
        let side = self.to_move;
        let before = self.winner;
        self.place(mv, side);
        if before.is_none() && self.makes_five(mv, side) {
            self.winner = Some(side);
        }
        self.played.push((mv, before));
        self.to_move = side.opponent();
        self.hash ^= SIDE_KEY;
    }

    fn hash_after(&self, mv: Cell) -> Option<u64> {
        let stone = zobrist().get(usize::from(mv))?[self.to_move.index()];
        Some(self.hash ^ stone ^ SIDE_KEY)
    }

    fn unmake_move(&mut self, mv: Cell) {
        self.to_move = self.to_move.opponent();
        self.hash ^= SIDE_KEY;
        if let Some((_, before)) = self.played.pop() {
            self.winner = before;
        }
        self.remove(mv, self.to_move);
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(side) = self.winner {
            return Some(Outcome::Win(side));
        }
        (self.stones == self.on_board.len()).then_some(Outcome::Draw)
    }

    fn outcome_when_stuck(&self) -> Outcome {
        Outcome::Draw
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn move_index(&self, mv: Cell) -> usize {
        usize::from(mv)
    }

    fn move_index_bound(&self) -> usize {
        self.cells.len()
    }

    #[inline]
    fn pack_move(mv: Cell) -> u16 {
        mv
    }

    fn remaining_plies_bound(&self) -> Option<u32> {
        Some((self.on_board.len() - self.stones) as u32)
    }

    /// Passes (used by the threat-space search to ask what the opponent threatens).
    fn make_null_move(&mut self) {
        self.to_move = self.to_move.opponent();
        self.hash ^= SIDE_KEY;
    }

    fn unmake_null_move(&mut self) {
        self.make_null_move();
    }

    /// The opponent has a four: the side to move must block (or win at once).
    #[inline]
    fn in_check(&self) -> bool {
        self.winner.is_none() && self.count(self.to_move.opponent(), Threat::Five) > 0
    }
}

#[cfg(test)]
mod tests;
mod undo;
mod update;
