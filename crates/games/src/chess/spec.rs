//! Chess as the registry lists it: the Chess960 option (also `UCI_Chess960`), the bench
//! positions, and the constructor.

use super::{Chess, ChessConfig};
use crate::session::{GameError, GameRecord, Record};
use crate::spec::{BenchSpec, GameOptions, GameSpec, OptionKind, OptionSpec, ScoreStyle, Text};

/// Chess960 (Fischer random) castling rules and notation.
pub const CHESS960: OptionSpec = OptionSpec {
    name: "chess960",
    kind: OptionKind::Flag { default: false },
    label: Text {
        en: "Chess960 (Fischer random)",
        vi: "Cờ vua 960 (Fischer ngẫu nhiên)",
    },
    uci: Some("UCI_Chess960"),
};

/// Chess.
pub static SPEC: GameSpec = GameSpec {
    name: "chess",
    aliases: &["covua"],
    title: Text {
        en: "Chess",
        vi: "Cờ vua",
    },
    options: &[CHESS960],
    uci_variant: true,
    score_style: ScoreStyle::Pawns,
    default_movetime_ms: Some(1_000),
    analysis_depth: Some(10),
    lab_positions: crate::session::MAX_LAB_NODES,
    opening_plies: 2,
    bench: BenchSpec {
        positions: &[
            "",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
            "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 11",
            "2r2rk1/1bq1bppp/p2ppn2/1p6/3NP3/1BN1B3/PPP2PPP/R2Q1RK1 w - - 0 14",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "3r1rk1/p4ppp/1p2p3/2q5/2P5/1P3Q2/P4PPP/3R1RK1 b - - 0 21",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r1bq1rk1/pp3ppp/2n1pn2/2pp4/1bPP4/2NBPN2/PP3PPP/R1BQK2R w KQ - 0 8",
            "6k1/5pp1/7p/8/3P4/6P1/5PKP/2r5 w - - 0 40",
            "8/8/4kpp1/3p4/p2P1P2/P3K1P1/8/8 w - - 0 45",
            "2kr3r/ppp2ppp/2n5/2b1p3/4P1b1/2PP1N2/PP3PPP/RNB2RK1 w - - 0 12",
            "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 15",
        ],
        depth: 11,
        refit: None,
    },
    reference_table: &[],
    create,
};

fn create(options: &GameOptions) -> Result<Box<dyn Record>, GameError> {
    let config = ChessConfig {
        chess960: options.flag(CHESS960.name),
    };
    GameRecord::<Chess>::boxed(config, options)
}
