//! A small m,n,k-game (k in a row on an m×n board) for testing the search without any of
//! ply's real games: tic-tac-toe is 3,3,3.

#![allow(dead_code)]

use ply_search::teaching::LeafValues;
use ply_search::{
    Engine, EngineOptions, Evaluator, Game, Outcome, Score, SearchControl, SearchRequest,
    SearchResult, Side, SplitMix64,
};

#[derive(Clone, Debug)]
pub struct Mnk {
    pub width: usize,
    pub height: usize,
    pub k: usize,
    cells: Vec<Option<Side>>,
    to_move: Side,
    winner: Option<Side>,
    winners: Vec<Option<Side>>,
    hash: u64,
    pub nulls_allowed: bool,
    keys: Vec<[u64; 2]>,
}

const SIDE_KEY: u64 = 0x5bd1_e995_1234_5678;

impl Mnk {
    pub fn new(width: usize, height: usize, k: usize) -> Mnk {
        let mut random = SplitMix64::new(0x1234_5678);
        let keys = (0..width * height)
            .map(|_| [random.next_u64(), random.next_u64()])
            .collect();
        Mnk {
            width,
            height,
            k,
            cells: vec![None; width * height],
            to_move: Side::First,
            winner: None,
            winners: Vec::new(),
            hash: 0,
            nulls_allowed: false,
            keys,
        }
    }

    /// Rows from the top: `x`, `o`, `.`; then the side to move.
    pub fn from_rows(width: usize, height: usize, k: usize, rows: &str, to_move: Side) -> Mnk {
        let mut game = Mnk::new(width, height, k);
        for (index, ch) in rows
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/')
            .enumerate()
        {
            let side = match ch {
                'x' => Some(Side::First),
                'o' => Some(Side::Second),
                _ => None,
            };
            if let Some(side) = side {
                game.cells[index] = Some(side);
                game.hash ^= game.keys[index][side.index()];
            }
        }
        game.to_move = to_move;
        if to_move == Side::Second {
            game.hash ^= SIDE_KEY;
        }
        game.winner = game.any_line();
        game
    }

    fn any_line(&self) -> Option<Side> {
        (0..self.cells.len()).find_map(|cell| {
            let side = self.cells[cell]?;
            self.line_through(cell, side).then_some(side)
        })
    }

    fn line_through(&self, cell: usize, side: Side) -> bool {
        let (x, y) = ((cell % self.width) as i32, (cell / self.width) as i32);
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let mut count = 1;
            for sign in [1, -1] {
                let (mut cx, mut cy) = (x + dx * sign, y + dy * sign);
                while cx >= 0
                    && cy >= 0
                    && (cx as usize) < self.width
                    && (cy as usize) < self.height
                    && self.cells[cy as usize * self.width + cx as usize] == Some(side)
                {
                    count += 1;
                    cx += dx * sign;
                    cy += dy * sign;
                }
            }
            count >= self.k
        })
    }

    pub fn empty_cells(&self) -> usize {
        self.cells.iter().filter(|c| c.is_none()).count()
    }
}

impl Game for Mnk {
    type Move = u8;

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        if self.winner.is_some() {
            return;
        }
        moves.extend(
            (0..self.cells.len())
                .filter(|&c| self.cells[c].is_none())
                .map(|c| c as u8),
        );
    }

    fn make_move(&mut self, mv: u8) {
        let cell = mv as usize;
        let side = self.to_move;
        self.cells[cell] = Some(side);
        self.hash ^= self.keys[cell][side.index()] ^ SIDE_KEY;
        self.winners.push(self.winner);
        if self.winner.is_none() && self.line_through(cell, side) {
            self.winner = Some(side);
        }
        self.to_move = side.opponent();
    }

    fn unmake_move(&mut self, mv: u8) {
        let cell = mv as usize;
        self.to_move = self.to_move.opponent();
        self.cells[cell] = None;
        self.hash ^= self.keys[cell][self.to_move.index()] ^ SIDE_KEY;
        self.winner = self.winners.pop().flatten();
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(side) = self.winner {
            return Some(Outcome::Win(side));
        }
        (self.empty_cells() == 0).then_some(Outcome::Draw)
    }

    fn outcome_when_stuck(&self) -> Outcome {
        Outcome::Draw
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn move_index(&self, mv: u8) -> usize {
        mv as usize
    }

    fn move_index_bound(&self) -> usize {
        self.cells.len()
    }

    fn pack_move(mv: u8) -> u16 {
        u16::from(mv)
    }

    fn remaining_plies_bound(&self) -> Option<u32> {
        Some(self.empty_cells() as u32)
    }

    fn null_move_allowed(&self) -> bool {
        self.nulls_allowed
    }

    fn make_null_move(&mut self) {
        self.to_move = self.to_move.opponent();
        self.hash ^= SIDE_KEY;
    }

    fn unmake_null_move(&mut self) {
        self.make_null_move();
    }
}

/// Every pruning hook on, winning moves as the noisy ones: exercises the engine's
/// selective paths (the values are not exact any more).
#[derive(Clone, Copy, Debug)]
pub struct Selective;

impl Selective {
    fn wins(game: &Mnk, mv: u8) -> bool {
        let mut probe = game.clone();
        probe.make_move(mv);
        probe.winner.is_some()
    }
}

impl Evaluator<Mnk> for Selective {
    fn evaluate(&self, game: &Mnk) -> i32 {
        OpenLines.evaluate(game) * 10
    }

    fn noisy_moves(&self, game: &Mnk, moves: &mut Vec<u8>) {
        let mut all = Vec::new();
        game.generate_moves(&mut all);
        moves.extend(all.into_iter().filter(|&mv| Self::wins(game, mv)));
    }

    fn tactical_score(&self, game: &Mnk, mv: u8) -> Option<i32> {
        Self::wins(game, mv).then_some(100)
    }

    fn features(&self) -> ply_search::Features {
        ply_search::Features {
            quiescence: true,
            quiescence_check_evasions: true,
            null_move: true,
            late_move_reductions: true,
            late_move_pruning: true,
            futility_pruning: true,
            reverse_futility_pruning: true,
            bad_tactic_pruning: true,
            check_extension: true,
            aspiration_windows: true,
            futility_margin: 20,
            reverse_futility_margin: 30,
            aspiration_window: 5,
        }
    }
}

/// Leaves are worth nothing until the game ends: exhaustive searches only.
#[derive(Clone, Copy, Debug)]
pub struct Blind;

impl Evaluator<Mnk> for Blind {
    fn evaluate(&self, _game: &Mnk) -> i32 {
        0
    }
}

/// Lines still open for each side, weighted by stones: enough to make depth-limited
/// searches disagree unless they are exact.
#[derive(Clone, Copy, Debug)]
pub struct OpenLines;

impl Evaluator<Mnk> for OpenLines {
    fn evaluate(&self, game: &Mnk) -> i32 {
        let mut total = 0i32;
        let (w, h, k) = (game.width as i32, game.height as i32, game.k as i32);
        for y in 0..h {
            for x in 0..w {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ex, ey) = (x + dx * (k - 1), y + dy * (k - 1));
                    if ex < 0 || ey < 0 || ex >= w || ey >= h {
                        continue;
                    }
                    let (mut mine, mut theirs) = (0, 0);
                    for step in 0..k {
                        match game.cells[((y + dy * step) * w + x + dx * step) as usize] {
                            Some(side) if side == game.to_move => mine += 1,
                            Some(_) => theirs += 1,
                            None => {}
                        }
                    }
                    if theirs == 0 {
                        total += mine * mine;
                    } else if mine == 0 {
                        total -= theirs * theirs;
                    }
                }
            }
        }
        total
    }
}

/// A deterministic pseudo-random position: `stones` random moves from the empty board,
/// stopping early if the game ends.
pub fn random_position(width: usize, height: usize, k: usize, stones: usize, seed: u64) -> Mnk {
    let mut game = Mnk::new(width, height, k);
    let mut random = SplitMix64::new(seed);
    let mut moves = Vec::new();
    for _ in 0..stones {
        moves.clear();
        game.generate_moves(&mut moves);
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        let pick = moves[random.below(moves.len())];
        game.make_move(pick);
        if game.outcome().is_some() {
            game.unmake_move(pick);
            break;
        }
    }
    game
}

/// Leaf values that make a teaching search at `depth` count in the engine's units: a win
/// `ply` plies from the root is worth `Score::MATE - ply`.
pub fn engine_units(depth: u32) -> LeafValues {
    LeafValues {
        win: Score::MATE - depth as i32 - 1,
        depth_bonus: true,
    }
}

/// A fresh engine's search of `game` with `evaluator`, reporting to nobody.
pub fn search<E: Evaluator<Mnk>>(
    game: &Mnk,
    evaluator: E,
    options: EngineOptions,
    request: SearchRequest<u8>,
) -> SearchResult<u8> {
    let mut engine = Engine::new(evaluator, options);
    let control = SearchControl::new();
    engine.search(game, &request, &control, &mut |_| {})
}
