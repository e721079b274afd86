//! Tic-tac-toe as the registry lists it: no options, the bench positions of the seed's demo.

use super::TicTacToe;
use crate::session::{GameError, GameRecord, Record};
use crate::spec::{BenchSpec, GameOptions, GameSpec, ScoreStyle, Text};

/// Tic-tac-toe.
pub static SPEC: GameSpec = GameSpec {
    name: "tictactoe",
    aliases: &["ttt", "tic-tac-toe"],
    title: Text {
        en: "Tic-tac-toe",
        vi: "Cờ ca-rô 3×3",
    },
    options: &[],
    uci_variant: false,
    score_style: ScoreStyle::Plain,
    default_movetime_ms: None,
    analysis_depth: None,
    lab_positions: crate::session::MAX_LAB_NODES,
    opening_plies: 1,
    bench: BenchSpec {
        positions: &[
            "",
            "x2/1o1/2x o",
            "1x1/3/3 o",
            "3/1x1/3 o",
            "x2/3/2o x",
            "o2/1x1/3 x",
            "2x/1o1/x2 o",
            "xo1/3/3 x",
        ],
        depth: 9,
        refit: None,
    },
    reference_table: &[],
    create,
};

fn create(options: &GameOptions) -> Result<Box<dyn Record>, GameError> {
    GameRecord::<TicTacToe>::boxed((), options)
}
