//! Slow references for the grid games, written from the rules alone on a plain array read
//! from the board string: which lines of stones win under each caro rule (and tic-tac-toe's
//! three in a row), and renju's forbidden points for Black (overline, four-four, three-three
//! where each three must really straighten, as RIF rules; a five always allowed), found by
//! trying stones on a copy of the board.

use ply_games::caro::Rule;

/// A board read from `x2/1o1/2x o`: 1 first player, 2 second, 0 empty.
#[derive(Clone)]
pub struct Grid {
    pub size: usize,
    pub cells: Vec<u8>,
    /// 1 or 2.
    pub to_move: u8,
}

const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// How deep a three's straightening points are checked for being forbidden themselves.
const RENJU_DEPTH: usize = 4;

impl Grid {
    pub fn parse(text: &str) -> Grid {
        let (rows, side) = text.trim().split_once(' ').expect("rows and a side");
        let mut cells = Vec::new();
        let mut size = 0;
        for row in rows.split('/') {
            size += 1;
            let mut run = String::new();
            for ch in row.chars() {
                if ch.is_ascii_digit() {
                    run.push(ch);
                    continue;
                }
                if !run.is_empty() {
                    cells.extend(std::iter::repeat_n(0, run.parse().expect("a run")));
                    run.clear();
                }
                cells.push(match ch {
                    'x' => 1,
                    'o' => 2,
                    _ => 0,
                });
            }
            if !run.is_empty() {
                cells.extend(std::iter::repeat_n(0, run.parse().expect("a run")));
            }
        }
        assert_eq!(cells.len(), size * size, "{text}");
        Grid {
            size,
            cells,
            to_move: if side == "x" { 1 } else { 2 },
        }
    }

    fn at(&self, row: i32, column: i32) -> Option<u8> {
        let n = self.size as i32;
        ((0..n).contains(&row) && (0..n).contains(&column))
            .then(|| self.cells[(row * n + column) as usize])
    }

    /// The canonical name (`h8`: column letter, row from the bottom) of cell `index`.
    pub fn name(&self, index: usize) -> String {
        let letter = (b'a' + (index % self.size) as u8) as char;
        format!("{letter}{}", self.size - index / self.size)
    }

    /// The run of `stone` through `index` along `direction`: its length and whether each end
    /// holds an opponent stone (the edge closes nothing).
    fn run(&self, index: usize, direction: (i32, i32), stone: u8) -> (usize, [bool; 2]) {
        let (row, column) = ((index / self.size) as i32, (index % self.size) as i32);
        let mut length = 1;
        let mut closed = [false; 2];
        for (end, sign) in [(0, -1), (1, 1)] {
            let mut step = 1;
            loop {
                match self.at(
                    row + sign * step * direction.0,
                    column + sign * step * direction.1,
                ) {
                    Some(s) if s == stone => length += 1,
                    Some(0) | None => break,
                    Some(_) => {
                        closed[end] = true;
                        break;
                    }
                }
                step += 1;
            }
        }
        (length, closed)
    }

    /// Whether `stone` has a winning line anywhere under `rule` (`None`: tic-tac-toe, three).
    pub fn has_win(&self, stone: u8, rule: Option<Rule>) -> bool {
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == stone)
            .any(|index| {
                DIRECTIONS.iter().any(|&direction| {
                    let (length, closed) = self.run(index, direction, stone);
                    let both = closed[0] && closed[1];
                    match (rule, stone) {
                        (None, _) => length >= 3,
                        (Some(Rule::Freestyle), _) | (Some(Rule::Renju), 2) => length >= 5,
                        (Some(Rule::Standard), _) | (Some(Rule::Renju), _) => length == 5,
                        (Some(Rule::Caro), _) => length >= 5 && !both,
                        (Some(Rule::Caro5), _) => length == 5 && !both,
                    }
                })
            })
    }

    /// Whether a black stone on empty `index` would make exactly five.
    fn black_five(&self, index: usize) -> bool {
        let mut after = self.clone();
        after.cells[index] = 1;
        DIRECTIONS.iter().any(|&d| after.run(index, d, 1).0 == 5)
    }

    /// Cells along `direction` through `index`, up to 5 either side, as board indices.
    fn line_cells(&self, index: usize, direction: (i32, i32)) -> Vec<Option<usize>> {
        let (row, column) = ((index / self.size) as i32, (index % self.size) as i32);
        let n = self.size as i32;
        (-5..=5)
            .map(|k| {
                let (r, c) = (row + k * direction.0, column + k * direction.1);
                ((0..n).contains(&r) && (0..n).contains(&c)).then_some((r * n + c) as usize)
            })
            .collect()
    }

    /// Fours Black has through `index` (a black stone) along `direction`: distinct sets of
    /// four stones that one more stone turns into exactly five.
    fn fours(&self, index: usize, direction: (i32, i32)) -> usize {
        let mut sets: Vec<Vec<usize>> = Vec::new();
        for empty in self.line_cells(index, direction).into_iter().flatten() {
            if self.cells[empty] != 0 {
                continue;
            }
            let mut after = self.clone();
            after.cells[empty] = 1;
            let (length, _) = after.run(empty, direction, 1);
            if length == 5
                && after.run(index, direction, 1).0 == 5
                && after.same_run(index, empty, direction)
            {
                let mut stones = after.run_cells(empty, direction);
                stones.retain(|&c| c != empty);
                if !sets.contains(&stones) {
                    sets.push(stones);
                }
            }
        }
        sets.len()
    }

    fn run_cells(&self, index: usize, direction: (i32, i32)) -> Vec<usize> {
        let line = self.line_cells(index, direction);
        let centre = 5;
        let mut low = centre;
        while low > 0 && line[low - 1].is_some_and(|c| self.cells[c] == 1) {
            low -= 1;
        }
        let mut high = centre;
        while high < 10 && line[high + 1].is_some_and(|c| self.cells[c] == 1) {
            high += 1;
        }
        line[low..=high].iter().flatten().copied().collect()
    }

    fn same_run(&self, a: usize, b: usize, direction: (i32, i32)) -> bool {
        self.run_cells(a, direction).contains(&b)
    }

    /// Whether Black (stone on `index`) has a real open three along `direction`: one more
    /// stone, on a point not itself forbidden (RIF, checked `RENJU_DEPTH` levels deep), makes
    /// a straight four (four in a row, both ends empty and each making exactly five).
    fn open_three(&self, index: usize, direction: (i32, i32), depth: usize) -> bool {
        self.line_cells(index, direction)
            .into_iter()
            .flatten()
            .any(|empty| {
                if self.cells[empty] != 0 {
                    return false;
                }
                let mut after = self.clone();
                after.cells[empty] = 1;
                let run = after.run_cells(index, direction);
                if run.len() != 4 || !run.contains(&empty) {
                    return false;
                }
                let line = after.line_cells(index, direction);
                let ends: Vec<Option<usize>> = {
                    let first = line
                        .iter()
                        .position(|c| *c == Some(run[0]))
                        .expect("in line");
                    let last = line
                        .iter()
                        .position(|c| *c == Some(run[3]))
                        .expect("in line");
                    vec![
                        first.checked_sub(1).and_then(|i| line[i]),
                        line.get(last + 1).copied().flatten(),
                    ]
                };
                ends.iter()
                    .all(|end| end.is_some_and(|c| after.cells[c] == 0 && after.black_five(c)))
                    && (depth >= RENJU_DEPTH || !self.forbidden_at(empty, depth + 1))
            })
    }

    /// Whether renju forbids Black the empty cell `index` (overline, four-four, or two
    /// real open threes; a five is always allowed).
    pub fn renju_forbidden(&self, index: usize) -> bool {
        self.forbidden_at(index, 0)
    }

    /// `renju_forbidden`, `depth` levels into the check of a three's straightening points.
    fn forbidden_at(&self, index: usize, depth: usize) -> bool {
        // Without two black stones on its lines within four points nothing can be made.
        let near: usize = DIRECTIONS
            .iter()
            .map(|&d| {
                let line = self.line_cells(index, d);
                line[1..10]
                    .iter()
                    .flatten()
                    .filter(|&&c| self.cells[c] == 1)
                    .count()
            })
            .sum();
        if near < 2 {
            return false;
        }
        if self.black_five(index) {
            return false;
        }
        let mut after = self.clone();
        after.cells[index] = 1;
        if DIRECTIONS.iter().any(|&d| after.run(index, d, 1).0 >= 6) {
            return true;
        }
        let fours: usize = DIRECTIONS.iter().map(|&d| after.fours(index, d)).sum();
        let threes = DIRECTIONS
            .iter()
            .filter(|&&d| after.open_three(index, d, depth))
            .count();
        fours >= 2 || threes >= 2
    }

    /// The legal moves by the rules: nothing once someone has won, else every empty cell
    /// (less renju's forbidden ones for Black).
    pub fn legal_moves(&self, rule: Option<Rule>) -> Vec<String> {
        if self.has_win(1, rule) || self.has_win(2, rule) {
            return Vec::new();
        }
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == 0)
            .filter(|&i| {
                !(rule == Some(Rule::Renju) && self.to_move == 1 && self.renju_forbidden(i))
            })
            .map(|i| self.name(i))
            .collect()
    }
}
