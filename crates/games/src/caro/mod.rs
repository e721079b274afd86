//! Caro (gomoku) on square boards from 5×5 to 25×25 under five rules (freestyle, standard,
//! caro, caro5, renju): the position with incremental line patterns, the seed's classic
//! player, the strong player with its threat-space solver, and the notation (`h8`, the
//! seed's `row col`).

pub mod advice;
pub mod board;
pub mod classic;
mod fail_cache;
pub mod levels;
pub mod line;
mod move_lists;
pub mod params;
pub mod renju;
mod role;
pub mod rule;
pub mod spec;
pub mod strong;
pub mod threat;
pub mod vcf;
pub mod vct;

pub use board::{Caro, Cell};
pub use classic::Classic;
pub use rule::Rule;
pub use strong::Strong;

use ply_search::teaching::{LeafValues, TeachingSettings};
use ply_search::{Game, Outcome, Side};

use crate::grid::{self, cell_name, format_rows, parse_cell, parse_rows, side_from_counts};
use crate::session::{
    BoardKind, BoardView, Level, MoveError, MoveId, MoveView, PieceView, PositionError, Rules,
    SetupProblem,
};
use threat::Threat;

/// The settings of a caro game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaroConfig {
    /// Board side, 5–25.
    pub size: usize,
    /// The rule.
    pub rule: Rule,
}

/// Column letters, `a` first.
const LETTERS: &str = "abcdefghijklmnopqrstuvwxy";

impl Caro {
    /// Why `side` may not play on `cell` under renju, if it may not.
    pub fn forbidden_reason(&self, cell: Cell, side: Side) -> Option<&'static str> {
        if self.is_allowed(cell, side) {
            return None;
        }
        let lines: Vec<line::Line> = (0..4).map(|d| self.line(cell, side, d)).collect();
        Some(if lines.contains(&line::Line::Overline) {
            "an overline (six or more) is forbidden for black in renju"
        } else if lines.iter().filter(|line| line.is_four()).count()
            + 2 * lines
                .iter()
                .filter(|line| **line == line::Line::DoubleFour)
                .count()
            >= 2
        {
            "a four-four is forbidden for black in renju"
        } else {
            "a three-three is forbidden for black in renju"
        })
    }

    /// The cell named `text` (`h8`, or `row col` from the top-left), if on the board.
    pub fn parse_cell(&self, text: &str) -> Option<Cell> {
        parse_cell(text, self.size(), self.size())
            .map(|index| self.cell(index / self.size(), index % self.size()))
    }

    /// The name of a cell: column letter and row number from the bottom (`h8`).
    pub fn cell_name(&self, cell: Cell) -> String {
        cell_name(self.reading_index(cell), self.size(), self.size())
    }
}

impl Rules for Caro {
    type Config = CaroConfig;
    type Classic = Classic;
    type Strong = Strong;

    const NAME: &'static str = "caro";

    fn spec() -> &'static crate::spec::GameSpec {
        &spec::SPEC
    }

    fn title(config: &CaroConfig) -> String {
        format!("Caro {0}×{0}, {1}", config.size, config.rule)
    }

    fn side_names() -> [&'static str; 2] {
        ["X", "O"]
    }

    fn new_game(config: &CaroConfig) -> Self {
        Caro::new(config.size, config.rule)
    }

    fn from_position(config: &CaroConfig, text: &str) -> Result<Self, PositionError> {
        let rows = parse_rows(text)?;
        if rows.width != rows.height {
            return Err(PositionError::new(
                text,
                format!(
                    "caro boards are square; this one is {}×{}",
                    rows.width, rows.height
                ),
            ));
        }
        if rows.width != config.size {
            return Err(PositionError::impossible(
                text,
                SetupProblem::BoardSize {
                    width: rows.width,
                    height: rows.height,
                    size: config.size,
                },
            ));
        }
        let count = |side: Side| rows.cells.iter().filter(|c| **c == Some(side)).count();
        let implied = side_from_counts(count(Side::First), count(Side::Second))
            .map_err(|problem| PositionError::impossible(text, problem))?;
        if let Some(given) = rows.to_move
            && given != implied
        {
            return Err(PositionError::impossible(
                text,
                SetupProblem::WrongTurn { implied, given },
            ));
        }
        let game = Caro::from_stones(config.size, config.rule, &rows.cells, implied);
        if let Some(winner) = game.winner() {
            let other = winner.opponent();
            let also = game
                .board_cells()
                .iter()
                .any(|&cell| game.stone_at(cell) == Some(other) && game.makes_five(cell, other));
            if also {
                return Err(PositionError::impossible(text, SetupProblem::BothWon));
            }
        }
        Ok(game)
    }

    fn position_text(&self) -> String {
        let cells: Vec<Option<Side>> = self
            .board_cells()
            .iter()
            .map(|&cell| self.stone_at(cell))
            .collect();
        format_rows(&cells, self.size(), self.side_to_move())
    }

    fn classic(&self) -> Classic {
        Classic::new(self.side_to_move())
    }

    fn strong(&self) -> Strong {
        Strong
    }

    fn ladder() -> &'static ply_search::skill::Ladder {
        &levels::LADDER
    }

    fn teaching_settings(&self, _level: Level) -> TeachingSettings {
        TeachingSettings {
            depth: classic::DEPTH,
            leaves: LeafValues {
                win: classic::WIN,
                depth_bonus: true,
            },
        }
    }

    fn parse_move(&self, text: &str) -> Result<Cell, MoveError> {
        let size = self.size();
        let last = LETTERS.chars().nth(size - 1).unwrap_or('y');
        let cell = self.parse_cell(text).ok_or_else(|| {
            MoveError::unreadable(
                text,
                format!(
                    "expected a cell like h8 (column a-{last}, row 1-{size} from the bottom) or a 'row col' pair from 0 0 (top-left) to {0} {0}",
                    size - 1
                ),
            )
        })?;
        if let Some(winner) = self.winner() {
            return Err(MoveError::GameOver {
                reason: format!("{} has five in a row", Self::side_names()[winner.index()]),
            });
        }
        if let Some(owner) = self.stone_at(cell) {
            return Err(MoveError::illegal(
                text,
                format!(
                    "{} is taken by {}",
                    self.cell_name(cell),
                    Self::side_names()[owner.index()]
                ),
            ));
        }
        let side = self.side_to_move();
        if let Some(reason) = self.forbidden_reason(cell, side) {
            return Err(MoveError::illegal(text, reason));
        }
        Ok(cell)
    }

    fn move_name(&self, mv: Cell) -> String {
        self.cell_name(mv)
    }

    fn move_view(&self, mv: Cell) -> MoveView {
        let name = self.move_name(mv);
        MoveView {
            id: MoveId(Self::pack_move(mv)),
            display: name.clone(),
            names: self.move_names(mv),
            name,
            from: None,
            to: self.reading_index(mv),
            promotion: None,
        }
    }

    fn board_view(&self) -> BoardView {
        let size = self.size();
        let names = Self::side_names();
        BoardView {
            files: size,
            ranks: size,
            kind: BoardKind::Points,
            cells: self
                .board_cells()
                .iter()
                .map(|&cell| {
                    self.stone_at(cell).map(|side| PieceView {
                        side,
                        kind: grid::stone_letter(side).to_string(),
                        symbol: names[side.index()].to_string(),
                    })
                })
                .collect(),
            file_labels: LETTERS.chars().take(size).map(String::from).collect(),
            rank_labels: (1..=size).rev().map(|rank| rank.to_string()).collect(),
            last_move: Vec::new(),
            check: None,
            to_move: self.side_to_move(),
        }
    }

    fn forbidden_cells(&self) -> Vec<(usize, String)> {
        let side = self.side_to_move();
        if !self.rule().has_forbidden_moves(side) {
            return Vec::new();
        }
        let size = self.size();
        (0..size * size)
            .map(|index| self.cell(index / size, index % size))
            .filter(|&cell| self.stone_at(cell).is_none())
            .filter_map(|cell| {
                let reason = self.forbidden_reason(cell, side)?;
                Some((self.reading_index(cell), reason.to_string()))
            })
            .collect()
    }

    fn outcome_reason(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win(side) => match self.rule().five_rule(side) {
                rule::FiveRule::AtLeast => "five in a row",
                rule::FiveRule::Exactly => "exactly five in a row",
                rule::FiveRule::AtLeastOpen => "five in a row, not blocked at both ends",
                rule::FiveRule::ExactlyOpen => "exactly five, not blocked at both ends",
            }
            .to_string(),
            Outcome::Draw => "full board".to_string(),
        }
    }
}

/// Whether the side to move must answer a four right now (for front ends' hints).
pub fn must_block(game: &Caro) -> bool {
    game.count(game.side_to_move().opponent(), Threat::Five) > 0
}
