//! Xiangqi as the registry lists it: no options, the bench positions, and the seed report's
//! time-to-depth table to compare with.

use super::Xiangqi;
use crate::session::{GameError, GameRecord, Record};
use crate::spec::{BenchSpec, GameOptions, GameSpec, ScoreStyle, Text};

/// Xiangqi.
pub static SPEC: GameSpec = GameSpec {
    name: "xiangqi",
    aliases: &["cotuong", "chinese-chess"],
    title: Text {
        en: "Xiangqi (cờ tướng)",
        vi: "Cờ tướng",
    },
    options: &[],
    uci_variant: true,
    score_style: ScoreStyle::Pawns,
    default_movetime_ms: Some(1_000),
    analysis_depth: Some(8),
    lab_positions: crate::session::MAX_LAB_NODES,
    opening_plies: 2,
    bench: BenchSpec {
        positions: &[
            "",
            "rn1akabnr/7C1/c3b4/p1p1p1p1p/4c4/1C2P4/P1P3P1P/2N1B4/9/R1BAKA1NR w - - 12 7",
            "2bak1b2/4a3r/2n5n/p1c1p1p1p/9/2P1P1P2/Pr6P/NC6N/4A2c1/R1B1KAB1R w - - 4 16",
            "r3kab2/4a4/1C6C/2p5p/p4np2/2c1p4/2P3PrP/6NR1/3N1K3/3A1AB1R w - - 8 31",
            "rn2k1b2/4a4/3a4b/7P1/p1p1p4/2P3r2/1R2P4/4B1N2/3K2CR1/2B2A3 w - - 13 51",
        ],
        depth: 8,
        refit: None,
    },
    reference_table: &[
        (1, 5, 60),
        (2, 15, 75),
        (3, 16, 80),
        (4, 94, 85),
        (5, 229, 90),
        (6, 896, 450),
        (7, 4_260, 550),
    ],
    create,
};

fn create(options: &GameOptions) -> Result<Box<dyn Record>, GameError> {
    GameRecord::<Xiangqi>::boxed((), options)
}
