//! Chess's levels 1 to 8 (see [`ply_search::skill`]): nodes per move, evaluation noise and
//! the margin of the root choice in centipawns, lines with exact scores, and each level's
//! rating on the Stockfish `UCI_Elo` scale (README "Levels"): levels 5, 6 and 7 from 40
//! games each against Stockfish 15.1 with `UCI_LimitStrength`, levels 1 to 4 from there
//! down the chain of level-against-level matches, level 8 from its match against level 7.

use ply_search::skill::{Ladder, RungParams};

/// The ladder.
pub static LADDER: Ladder = Ladder {
    rungs: [
        RungParams::limited(400, 150, 120, 4, 430),
        RungParams::limited(1_000, 120, 95, 4, 500),
        RungParams::limited(2_000, 95, 75, 4, 500),
        RungParams::limited(4_500, 70, 55, 3, 1012),
        RungParams::limited(10_000, 50, 40, 3, 1448),
        RungParams::limited(25_000, 30, 25, 2, 1757),
        RungParams::limited(70_000, 15, 10, 2, 1842),
        RungParams::full(2354),
    ],
};
