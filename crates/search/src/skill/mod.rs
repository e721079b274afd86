//! Playing strength below the full engine: a ladder of eight levels per game, from a
//! beginner who can be beaten (level 1) to the full engine (level 8). A weaker level
//! searches fewer nodes (never a time limit, so it plays the same on a busy or a quiet
//! machine), judges positions with deterministic noise ([`Noise`], which the engine adds) and sometimes picks
//! another root move whose exact score is close to the best ([`choose_move`]). The numbers
//! are a game's [`Ladder`]; nothing here knows a game.

mod choice;
mod ladder;
mod noise;

pub use choice::choose_move;
pub use ladder::{Ladder, Rung, RungParams, Strength};
pub use noise::{Noise, noise};

/// How a weaker player plays one game: its strength and the seed of its noise and choices
/// (the same seed gives the same moves from the same positions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    /// Where on the ladder.
    pub strength: Strength,
    /// Seed of the evaluation noise and of the choice among close root moves.
    pub seed: u64,
}

impl Skill {
    /// Level `rung` with `seed`.
    pub fn level(rung: Rung, seed: u64) -> Skill {
        Skill {
            strength: Strength::Level(rung),
            seed,
        }
    }
}
