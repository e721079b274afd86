//! Caro's levels 1 to 8 (see [`ply_search::skill`]): nodes per move, evaluation noise and
//! the margin of the root choice in the strong evaluation's units (an open four is 20,000;
//! quiet positions score in the tens and hundreds), lines with exact scores (with one line
//! the threat-space solver also runs at the root), and each level's rating: level 1 is pinned
//! at 1000 and each level above adds the Elo it scored against the one below in the
//! calibration matches (README "Levels"). Level 8 against level 7 was not measured: its rating
//! assumes 200 more.

use ply_search::skill::{Ladder, RungParams};

const fn rung(nodes: u64, noise: i32, margin: i32, lines: usize, elo: i32) -> RungParams {
    RungParams {
        nodes: Some(nodes),
        depth: None,
        noise,
        margin,
        lines,
        elo,
    }
}

/// The ladder.
pub static LADDER: Ladder = Ladder {
    rungs: [
        rung(150, 120, 100, 4, 1000),
        rung(400, 90, 75, 4, 1191),
        rung(1_000, 65, 55, 4, 1226),
        rung(2_500, 45, 40, 3, 1373),
        rung(6_000, 30, 25, 3, 1443),
        rung(15_000, 15, 10, 2, 1591),
        rung(40_000, 8, 0, 1, 1738),
        RungParams::full(1938),
    ],
};
