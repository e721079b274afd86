//! Xiangqi's levels 1 to 8 (see [`ply_search::skill`]): nodes per move, evaluation noise and
//! the margin of the root choice in the strong evaluation's units (a soldier about 30, a
//! horse about 270), lines with exact scores, and each level's rating: level 1 is pinned at
//! 1000 and each level above adds the Elo it scored against the one below in the
//! calibration matches (README "Levels"); no outside engine anchors this scale. Level 8
//! against level 7 was not measured: its rating assumes 200 more.

use ply_search::skill::{Ladder, RungParams};

/// The ladder.
pub static LADDER: Ladder = Ladder {
    rungs: [
        RungParams::limited(400, 180, 150, 4, 1000),
        RungParams::limited(1_000, 145, 115, 4, 1070),
        RungParams::limited(2_000, 115, 90, 4, 1088),
        RungParams::limited(4_500, 85, 65, 3, 1389),
        RungParams::limited(10_000, 60, 45, 3, 1690),
        RungParams::limited(25_000, 35, 30, 2, 2202),
        RungParams::limited(70_000, 18, 12, 2, 2584),
        RungParams::full(2784),
    ],
};
