//! Caro's levels 1 to 8 (see [`ply_search::skill`]): nodes per move, evaluation noise and
//! the margin of the root choice in the strong evaluation's units (an open four is 20,000;
//! quiet positions score in the tens and hundreds), lines with exact scores (with one line
//! the threat-space solver also runs at the root), and each level's rating: level 1 is pinned
//! at 1000 and each level above adds the Elo it scored against the one below in the
//! calibration matches (README "Levels"). Level 8 against level 7 was not measured: its rating
//! assumes 200 more.

use ply_search::skill::{Ladder, RungParams};

/// The ladder. Noise and margins were scaled by 2.5 when the evaluation's values were fitted
/// to ply's games (threes and fours score 2-3 times what they did); the ratings are from
/// before and want re-measuring.
pub static LADDER: Ladder = Ladder {
    rungs: [
        RungParams::limited(150, 300, 250, 4, 1000),
        RungParams::limited(400, 225, 190, 4, 1191),
        RungParams::limited(1_000, 160, 140, 4, 1226),
        RungParams::limited(2_500, 110, 100, 3, 1373),
        RungParams::limited(6_000, 75, 60, 3, 1443),
        RungParams::limited(15_000, 40, 25, 2, 1591),
        RungParams::limited(40_000, 20, 0, 1, 1738),
        RungParams::full(1938),
    ],
};
