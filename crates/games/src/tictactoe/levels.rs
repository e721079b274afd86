//! Tic-tac-toe's levels 1 to 8 (see [`ply_search::skill`]). The full engine never loses, so
//! the weaker levels are bounded by depth (plies ahead) more than by nodes: level 1 looks one
//! ply ahead (it does not see the reply), level 2 two (it blocks a line but walks into
//! forks); noise and the root margin are in open-line units (an open two counts 3).
//! Ratings: level 1 pinned at 1000, each level above adding what it scored against the one
//! below (README "Levels").

use ply_search::skill::{Ladder, RungParams};

const fn rung(depth: u32, noise: i32, margin: i32, elo: i32) -> RungParams {
    RungParams {
        nodes: Some(10_000),
        depth: Some(depth),
        noise,
        margin,
        lines: 9,
        elo,
    }
}

/// The ladder.
pub static LADDER: Ladder = Ladder {
    rungs: [
        rung(1, 3, 2, 1000),
        rung(2, 3, 2, 1241),
        rung(2, 1, 1, 1241),
        rung(3, 1, 0, 1311),
        rung(4, 1, 0, 1346),
        rung(5, 0, 0, 1346),
        rung(6, 0, 0, 1346),
        RungParams::full(1346),
    ],
};
