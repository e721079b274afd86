//! Tic-tac-toe: rules, notation (`b2`, the seed's `row col`, or the demo's cell number 1–9)
//! and the two players.

mod board;
mod eval;
pub mod levels;
pub mod quiz;
pub mod spec;

pub use board::TicTacToe;
pub use eval::{OpenLines, Textbook};

use ply_search::teaching::{LeafValues, TeachingSettings};
use ply_search::{Game, Outcome, Side};

use crate::grid::{self, cell_name, format_rows, parse_cell, parse_rows, side_from_counts};
use crate::session::{
    BoardKind, BoardView, Level, MoveError, MoveId, MoveView, PieceView, PositionError, Rules,
    SetupProblem,
};

const SIZE: usize = 3;
const ACCEPTED: &str = "expected a cell like b2 (column a-c, row 1-3 from the bottom), a 'row col' pair from 0 0 (top-left) to 2 2, or a cell number 1-9 in reading order";

impl Rules for TicTacToe {
    type Config = ();
    type Classic = Textbook;
    type Strong = OpenLines;

    const NAME: &'static str = "tictactoe";

    fn spec() -> &'static crate::spec::GameSpec {
        &spec::SPEC
    }

    fn title(_config: &()) -> String {
        "Tic-tac-toe".to_string()
    }

    fn side_names() -> [&'static str; 2] {
        ["X", "O"]
    }

    fn new_game(_config: &()) -> Self {
        TicTacToe::default()
    }

    fn from_position(_config: &(), text: &str) -> Result<Self, PositionError> {
        let rows = parse_rows(text)?;
        if rows.width != SIZE || rows.height != SIZE {
            return Err(PositionError::impossible(
                text,
                SetupProblem::BoardSize {
                    width: rows.width,
                    height: rows.height,
                    size: SIZE,
                },
            ));
        }
        let mask = |side: Side| {
            rows.cells
                .iter()
                .enumerate()
                .filter(|(_, cell)| **cell == Some(side))
                .fold(0u16, |mask, (index, _)| mask | 1 << index)
        };
        let (first, second) = (mask(Side::First), mask(Side::Second));
        let implied = side_from_counts(first.count_ones() as usize, second.count_ones() as usize)
            .map_err(|problem| PositionError::impossible(text, problem))?;
        if let Some(given) = rows.to_move
            && given != implied
        {
            return Err(PositionError::impossible(
                text,
                SetupProblem::WrongTurn { implied, given },
            ));
        }
        let game = TicTacToe::from_stones(first, second, implied);
        let both = [Side::First, Side::Second].map(|side| board::has_line(game.stones(side)));
        if both[0] && both[1] {
            return Err(PositionError::impossible(text, SetupProblem::BothWon));
        }
        Ok(game)
    }

    fn position_text(&self) -> String {
        let cells: Vec<Option<Side>> = (0..SIZE * SIZE).map(|cell| self.stone(cell)).collect();
        format_rows(&cells, SIZE, self.side_to_move())
    }

    fn classic(&self) -> Textbook {
        Textbook
    }

    fn strong(&self) -> OpenLines {
        OpenLines
    }

    fn ladder() -> &'static ply_search::skill::Ladder {
        &levels::LADDER
    }

    fn teaching_settings(&self, _level: Level) -> TeachingSettings {
        TeachingSettings {
            depth: self.remaining_plies_bound().unwrap_or(9),
            leaves: LeafValues::TEXTBOOK,
        }
    }

    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        let trimmed = text.trim();
        let cell = match trimmed.parse::<usize>() {
            Ok(number) if (1..=9).contains(&number) => Some(number - 1),
            _ => parse_cell(trimmed, SIZE, SIZE),
        }
        .ok_or_else(|| MoveError::unreadable(text, ACCEPTED))?;
        if let Some(side) = self.winner() {
            return Err(MoveError::GameOver {
                reason: format!("{} has three in a row", Self::side_names()[side.index()]),
            });
        }
        if let Some(owner) = self.stone(cell) {
            return Err(MoveError::illegal(
                text,
                format!(
                    "{} is taken by {}",
                    cell_name(cell, SIZE, SIZE),
                    Self::side_names()[owner.index()]
                ),
            ));
        }
        Ok(cell as u8)
    }

    fn move_name(&self, mv: u8) -> String {
        cell_name(usize::from(mv), SIZE, SIZE)
    }

    fn move_view(&self, mv: u8) -> MoveView {
        let name = self.move_name(mv);
        MoveView {
            id: MoveId(Self::pack_move(mv)),
            display: name.clone(),
            names: self.move_names(mv),
            name,
            from: None,
            to: usize::from(mv),
            promotion: None,
        }
    }

    fn board_view(&self) -> BoardView {
        let names = Self::side_names();
        BoardView {
            files: SIZE,
            ranks: SIZE,
            kind: BoardKind::Cells,
            cells: (0..SIZE * SIZE)
                .map(|cell| {
                    self.stone(cell).map(|side| PieceView {
                        side,
                        kind: grid::stone_letter(side).to_string(),
                        symbol: names[side.index()].to_string(),
                    })
                })
                .collect(),
            file_labels: ["a", "b", "c"].map(String::from).to_vec(),
            rank_labels: ["3", "2", "1"].map(String::from).to_vec(),
            last_move: Vec::new(),
            check: None,
            to_move: self.side_to_move(),
        }
    }

    fn outcome_reason(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win(_) => "three in a row".to_string(),
            Outcome::Draw => "full board".to_string(),
        }
    }
}
