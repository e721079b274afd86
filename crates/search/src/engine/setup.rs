//! What an engine runs with beside its evaluator's judgement: the features and refinements
//! the evaluator proposes, its root look, and a weaker level's noise. A lesson or a level
//! changes these on the engine instead of wrapping the evaluator.

use crate::evaluator::{Evaluator, Features, Refinements};
use crate::game::Game;
use crate::skill::Noise;

/// The engine's switches for one evaluator ([`Engine::set_setup`](super::Engine::set_setup)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Pruning hooks and search techniques.
    pub features: Features,
    /// Refinements of ordering and selectivity.
    pub refinements: Refinements,
    /// Ask the evaluator's root look ([`Evaluator::root_advice`]) before searching.
    pub root_advice: bool,
    /// Added to every static value: a weaker level's misjudgement.
    pub noise: Noise,
}

impl Setup {
    /// What `evaluator` proposes: its features and refinements, its root look, no noise.
    pub fn of<G: Game, E: Evaluator<G>>(evaluator: &E) -> Setup {
        Setup {
            features: evaluator.features(),
            refinements: evaluator.refinements(),
            root_advice: true,
            noise: Noise::NONE,
        }
    }

    /// Exact alpha-beta with ordering: every pruning hook, refinement and root look off,
    /// so the engine's value is plain minimax's at the same depth.
    pub fn exact() -> Setup {
        Setup {
            features: Features::EXACT,
            refinements: Refinements::default(),
            root_advice: false,
            noise: Noise::NONE,
        }
    }
}
