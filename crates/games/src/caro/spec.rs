//! Caro as the registry lists it: the board size and the rule as options, the bench
//! positions (moved onto other board sizes), and the constructor.

use super::board::{MAX_SIZE, MIN_SIZE};
use super::{Caro, CaroConfig, Rule};
use crate::grid;
use crate::session::{GameError, GameRecord, PositionError, Record};
use crate::spec::{BenchSpec, GameOptions, GameSpec, OptionKind, OptionSpec, ScoreStyle, Text};

/// The board's side.
pub const SIZE: OptionSpec = OptionSpec {
    name: "size",
    kind: OptionKind::Range {
        min: MIN_SIZE as i64,
        max: MAX_SIZE as i64,
        default: DEFAULT_SIZE as i64,
    },
    label: Text {
        en: "Board size",
        vi: "Cỡ bàn cờ",
    },
    uci: None,
};

/// Which lines of five win.
pub const RULE: OptionSpec = OptionSpec {
    name: "rule",
    kind: OptionKind::Choice {
        values: &Rule::NAMES,
    },
    label: Text {
        en: "Rule",
        vi: "Luật",
    },
    uci: None,
};

/// The board the seed tutorial plays on.
const DEFAULT_SIZE: usize = 10;

/// Caro (gomoku).
pub static SPEC: GameSpec = GameSpec {
    name: "caro",
    aliases: &["gomoku"],
    title: Text {
        en: "Caro (gomoku)",
        vi: "Cờ ca-rô",
    },
    options: &[SIZE, RULE],
    uci_variant: false,
    score_style: ScoreStyle::Threats {
        decided: super::params::OPEN_FOUR_NEXT,
    },
    default_movetime_ms: Some(1_000),
    analysis_depth: Some(6),
    lab_positions: 400_000,
    opening_plies: 3,
    bench: BenchSpec {
        positions: &[
            "",
            "10/10/10/4x5/3ox5/4xo4/10/10/10/10 o",
            "10/10/4o5/5o4/4o1o3/3x1x4/4x5/3x6/10/10 x",
            "10/10/4o5/4oo4/4o1o3/3xxxox2/4x5/3x6/2x7/1o8 x",
            "10/10/10/10/7ox1/5xxo2/5xoo2/4xo1x2/4o5/3x6 o",
        ],
        depth: 8,
        refit: Some(refit),
    },
    reference_table: &[],
    create,
};

/// A bench position (written for the default board) on the board `options` ask for.
fn refit(position: &str, options: &GameOptions) -> Option<String> {
    match options.int(SIZE.name) {
        Some(size) if size as usize != DEFAULT_SIZE => {
            grid::recentre(position, DEFAULT_SIZE, size as usize)
        }
        _ => Some(position.to_string()),
    }
}

fn create(options: &GameOptions) -> Result<Box<dyn Record>, GameError> {
    let rule = match options.text(RULE.name) {
        Some(name) => name
            .parse::<Rule>()
            .map_err(|error| GameError::BadOption(error.to_string()))?,
        None => Rule::default(),
    };
    // A position given without a size sets the board's size.
    let size = match (options.int(SIZE.name), &options.position) {
        (Some(size), _) => size as usize,
        (None, Some(position)) => grid::parse_rows(position)?.width,
        (None, None) => DEFAULT_SIZE,
    };
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(GameError::Position(PositionError::new(
            options.position.as_deref().unwrap_or(""),
            format!("a {size}×{size} board is out of range: caro takes {MIN_SIZE} to {MAX_SIZE}"),
        )));
    }
    GameRecord::<Caro>::boxed(CaroConfig { size, rule }, options)
}

impl Default for CaroConfig {
    fn default() -> Self {
        CaroConfig {
            size: DEFAULT_SIZE,
            rule: Rule::Freestyle,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::OptionValue;

    #[test]
    fn bench_positions_fit_every_board_size() {
        let stones = |text: &str| text.chars().filter(|c| *c == 'x' || *c == 'o').count();
        let written = SPEC.bench_positions(&GameOptions::default());
        let sized = |size: i64| GameOptions::default().with("size", OptionValue::Int(size));
        assert_eq!(written, SPEC.bench_positions(&sized(10)));
        for size in [5, 7, 15, 20, 25] {
            let positions = SPEC.bench_positions(&sized(size));
            assert_eq!(positions.first().map(String::as_str), Some(""));
            if size >= 10 {
                assert_eq!(positions.len(), written.len(), "size {size}");
            }
            for position in positions.iter().filter(|p| !p.is_empty()) {
                let mut record = SPEC.new_game(&sized(size)).expect("record");
                record.set_position(position).expect(position);
                assert!(written.iter().any(|w| stones(w) == stones(position)));
            }
        }
        // 15×15: the 10×10 stones moved by (2, 2), side to move kept.
        let moved = &SPEC.bench_positions(&sized(15))[1];
        assert!(moved.starts_with("15/15/15/15/15/6x8/"), "{moved}");
        assert!(moved.ends_with(" o"), "{moved}");
    }
}
