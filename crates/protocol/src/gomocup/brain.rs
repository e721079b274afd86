//! The brain's state between commands: the board, the manager's settings (time, memory,
//! rule) and the engine with its table; turns a position into a move within the time the
//! manager allows.

use std::time::{Duration, Instant};

use crate::lag::LagMeter;
use ply_games::caro::threat::Threat;
use ply_games::caro::{Caro, Cell, Rule, Strong};
use ply_search::{Engine, EngineOptions, Game, Limits, Score, SearchControl, SearchRequest, Side};

/// Time per move when the manager gives none.
const DEFAULT_TURN_MS: u64 = 5_000;
/// Moves a match is assumed to still last when sharing `time_left`.
const MOVES_TO_PLAN: u64 = 25;
/// Time kept back from a long turn for answering, beyond a twentieth of the turn.
const RESERVE_BASE_MS: u64 = 60;
/// Transposition table when the manager sets no memory limit.
const DEFAULT_HASH_MIB: usize = 64;

/// The manager's settings.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// `timeout_turn` in ms (0: as fast as possible).
    pub timeout_turn: Option<u64>,
    /// `timeout_match` in ms (0: no limit).
    pub timeout_match: Option<u64>,
    /// `time_left` in ms.
    pub time_left: Option<u64>,
    /// `max_memory` in bytes (0: no limit).
    pub max_memory: Option<u64>,
    /// `max_node` (Yixin-Board's extension, Rapfi reads it too): positions searched per
    /// move at most (0: no limit); the turn's time still bounds the search.
    pub max_node: Option<u64>,
    /// The rule.
    pub rule: Rule,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            timeout_turn: None,
            timeout_match: None,
            time_left: None,
            max_memory: None,
            max_node: None,
            rule: Rule::Freestyle,
        }
    }
}

impl Settings {
    /// The time to think about one move, lag kept back.
    pub fn move_time(&self, empty_cells: usize) -> Duration {
        let mut ms = match self.timeout_turn {
            Some(0) => 100,
            Some(turn) => turn,
            None => DEFAULT_TURN_MS,
        };
        if let Some(left) = self.time_left.filter(|_| self.timeout_match != Some(0)) {
            let moves = MOVES_TO_PLAN.min((empty_cells as u64 / 2).max(1)).max(1);
            ms = ms.min(left / moves).min(left / 3);
        }
        // Keep back a quarter of a short turn (at least 10 ms) for answering on a busy
        // machine: with a fifth, 500 games at 100 ms a move on a loaded machine saw a 103 ms
        // answer. A long turn keeps back `RESERVE_BASE_MS` and a twentieth (at most 300):
        // a quarter of a 1 s turn left a tenth of the thinking time unused.
        let lag = (ms / 4).min(RESERVE_BASE_MS + ms / 20).clamp(10, 300);
        Duration::from_millis(ms.saturating_sub(lag).max(1))
    }

    /// `time_left` when a match clock is running (`timeout_match` above 0).
    fn match_time_left(&self) -> Option<u64> {
        self.time_left
            .filter(|_| self.timeout_match.is_some_and(|total| total > 0))
    }

    /// Transposition table size within `max_memory`.
    pub fn hash_mib(&self) -> usize {
        match self.max_memory {
            Some(bytes) if bytes > 0 => {
                let mib = bytes / (1024 * 1024);
                // Line tables and the rest of the brain take about 24 MiB.
                (mib.saturating_sub(24) / 2).clamp(1, 512) as usize
            }
            _ => DEFAULT_HASH_MIB,
        }
    }
}

/// The brain's move and what it thinks of it.
#[derive(Clone, Debug)]
pub struct Thought {
    /// The move played.
    pub cell: Cell,
    /// Its score for the brain.
    pub score: Score,
    /// Depth, score, nodes and time in words.
    pub summary: String,
}

/// A game in progress as the brain sees it.
pub struct Brain {
    /// The manager's settings.
    pub settings: Settings,
    size: usize,
    start: Caro,
    game: Caro,
    moves: Vec<Cell>,
    engine: Engine<Caro, Strong>,
    /// What the manager's `time_left` reports charge beyond our own measure.
    lag: LagMeter,
}

impl Brain {
    /// A brain with no game yet (a 15×15 board until `START`).
    pub fn new() -> Brain {
        let settings = Settings::default();
        let game = Caro::new(15, settings.rule);
        Brain {
            settings,
            size: 15,
            start: game.clone(),
            game,
            moves: Vec::new(),
            engine: Engine::new(
                Strong,
                EngineOptions {
                    hash_mib: settings.hash_mib(),
                    threads: 1,
                },
            ),
            lag: LagMeter::default(),
        }
    }

    /// Starts a new game on a `size`×`size` board.
    pub fn start(&mut self, size: usize) {
        self.size = size;
        self.restart();
    }

    /// Starts a new game on the same board (also after a rule change).
    pub fn restart(&mut self) {
        self.game = Caro::new(self.size, self.settings.rule);
        self.start = self.game.clone();
        self.moves.clear();
        self.engine.clear();
    }

    /// Resizes the table after a `max_memory` change.
    pub fn apply_memory(&mut self) {
        let mib = self.settings.hash_mib();
        if self.engine.table().size_mib() != mib {
            self.engine.set_hash_mib(mib);
        }
    }

    /// Board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The current position.
    pub fn game(&self) -> &Caro {
        &self.game
    }

    /// The cell at Gomocup `x,y` (column, row from the top), if on the board.
    pub fn cell(&self, x: usize, y: usize) -> Option<Cell> {
        (x < self.size && y < self.size).then(|| self.game.cell(y, x))
    }

    /// Gomocup `x,y` of a cell.
    pub fn coordinates(&self, cell: Cell) -> (usize, usize) {
        let (row, column) = self.game.row_column(cell);
        (column, row)
    }

    /// Plays a stone for the side to move at `x,y`, or says why not.
    pub fn play(&mut self, x: usize, y: usize) -> Result<(), String> {
        let cell = self
            .cell(x, y)
            .ok_or_else(|| format!("{x},{y} is off the {0}x{0} board", self.size))?;
        if !self.game.is_empty(cell) {
            return Err(format!("{x},{y} is already taken"));
        }
        if self.game.winner().is_some() {
            return Err("the game is already won".to_string());
        }
        self.game.make_move(cell);
        self.moves.push(cell);
        Ok(())
    }

    /// Sets the position from `BOARD` stones in the order given: `own` says whether each
    /// stone is the brain's. The brain is to move afterwards.
    pub fn set_board(&mut self, stones: &[(usize, usize, bool)]) -> Result<(), String> {
        let own = stones.iter().filter(|stone| stone.2).count();
        let theirs = stones.len() - own;
        let me = if own == theirs {
            Side::First
        } else if theirs == own + 1 {
            Side::Second
        } else {
            return Err(format!(
                "{own} own stones and {theirs} of the opponent's cannot be our turn"
            ));
        };
        let mut cells: Vec<Option<Side>> = vec![None; self.size * self.size];
        for &(x, y, mine) in stones {
            if x >= self.size || y >= self.size {
                return Err(format!("{x},{y} is off the {0}x{0} board", self.size));
            }
            let slot = &mut cells[y * self.size + x];
            if slot.is_some() {
                return Err(format!("{x},{y} is given twice"));
            }
            *slot = Some(if mine { me } else { me.opponent() });
        }
        self.game = Caro::from_stones(self.size, self.settings.rule, &cells, me);
        self.start = self.game.clone();
        self.moves.clear();
        Ok(())
    }

    /// Takes back the stone on `x,y`.
    pub fn takeback(&mut self, x: usize, y: usize) -> Result<(), String> {
        let cell = self
            .cell(x, y)
            .ok_or_else(|| format!("{x},{y} is off the board"))?;
        if self.moves.last() == Some(&cell) {
            self.game.unmake_move(cell);
            self.moves.pop();
            return Ok(());
        }
        if self.game.stone_at(cell).is_none() {
            return Err(format!("{x},{y} has no stone"));
        }
        // Not the last move: rebuild the position without that stone.
        let mut cells: Vec<Option<Side>> = self
            .game
            .board_cells()
            .iter()
            .map(|&c| self.game.stone_at(c))
            .collect();
        cells[self.game.reading_index(cell)] = None;
        let first = cells.iter().filter(|c| **c == Some(Side::First)).count();
        let second = cells.iter().filter(|c| **c == Some(Side::Second)).count();
        let to_move = if first > second {
            Side::Second
        } else {
            Side::First
        };
        self.game = Caro::from_stones(self.size, self.settings.rule, &cells, to_move);
        self.start = self.game.clone();
        self.moves.clear();
        Ok(())
    }

    /// Thinks and plays the brain's move, or says why there is none.
    pub fn think(&mut self, control: &SearchControl) -> Result<Thought, String> {
        if self.game.winner().is_some() {
            return Err("the game is already won".to_string());
        }
        let empty = self.size * self.size - self.game.stone_count();
        if empty == 0 {
            return Err("the board is full".to_string());
        }
        // With a match clock the manager reports `time_left` before each turn: what it
        // charged beyond our own measure is learnt and kept back from every turn after.
        let started = Instant::now();
        match self.settings.match_time_left() {
            Some(left) => self
                .lag
                .start(0, Duration::from_millis(left), Duration::ZERO, started),
            None => self.lag.untimed(),
        }
        let time = self
            .settings
            .move_time(empty)
            .saturating_sub(self.lag.estimate())
            .max(Duration::from_millis(1));
        let mut limits = Limits::movetime(time);
        limits.nodes = self.settings.max_node.filter(|&nodes| nodes > 0);
        let request = SearchRequest::new(limits);
        let result = self
            .engine
            .search(&self.game, &request, control, &mut |_| {});
        self.lag.answered(Instant::now());
        let cell = result
            .best_move
            .or_else(|| self.any_move())
            .ok_or_else(|| "no move is possible".to_string())?;
        let summary = format!(
            "depth {} score {} nodes {} time {} ms",
            result.depth,
            result.score,
            result.nodes,
            result.time.as_millis()
        );
        self.game.make_move(cell);
        self.moves.push(cell);
        Ok(Thought {
            cell,
            score: result.score,
            summary,
        })
    }

    fn any_move(&self) -> Option<Cell> {
        let mut moves = Vec::new();
        self.game.generate_moves(&mut moves);
        moves.first().copied()
    }

    /// Whether the side to move must block a four now (for tests and messages).
    pub fn must_block(&self) -> bool {
        self.game
            .count(self.game.side_to_move().opponent(), Threat::Five)
            > 0
    }
}

impl Default for Brain {
    fn default() -> Self {
        Brain::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_turn_keeps_a_quarter_back_and_a_long_one_less() {
        let turn = |ms| {
            let settings = Settings {
                timeout_turn: Some(ms),
                ..Settings::default()
            };
            settings.move_time(225).as_millis()
        };
        assert_eq!(turn(100), 75);
        assert_eq!(turn(200), 150);
        assert_eq!(turn(1_000), 890);
        assert_eq!(turn(5_000), 4_700);
        // A match clock shares what is left: 400 ms for each of 25 moves, 80 kept back.
        let settings = Settings {
            timeout_turn: Some(1_000),
            timeout_match: Some(60_000),
            time_left: Some(10_000),
            ..Settings::default()
        };
        assert_eq!(settings.move_time(225).as_millis(), 320);
    }

    #[test]
    fn the_lag_a_match_clock_reveals_comes_off_the_next_turns() {
        let mut brain = Brain::new();
        brain.start(10);
        brain.settings.timeout_turn = Some(50);
        brain.settings.timeout_match = Some(100_000);
        brain.settings.time_left = Some(60_000);
        let control = SearchControl::new();
        let before = Instant::now();
        brain.think(&control).expect("a move");
        let spent = before.elapsed().as_millis() as u64;
        // The manager says 300 ms more went than the brain spent.
        brain.settings.time_left = Some(60_000 - spent - 300);
        brain.think(&control).expect("a move");
        // 300 ms, plus whatever this test's own measure adds around the brain's (scheduling).
        let lag = brain.lag.estimate().as_millis();
        assert!((299..=500).contains(&lag), "learnt {lag} ms");
        // Without a match clock nothing is learnt from `time_left`.
        brain.settings.timeout_match = Some(0);
        brain.settings.time_left = Some(1_000);
        brain.think(&control).expect("a move");
        assert_eq!(brain.lag.estimate().as_millis(), lag, "kept, not relearnt");
    }
}
