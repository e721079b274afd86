//! Noise in judgement: an evaluator that adds to every static value a number drawn from the
//! position's hash and a seed, so one position always looks the same to one player (a
//! consistent misjudgement, not a coin toss at every visit) and the search stays
//! deterministic with one thread and a node limit.

use crate::engine::SearchParams;
use crate::evaluator::{AdviceBudget, Evaluator, Features, Refinements, RootAdvice};
use crate::game::Game;
use crate::random::SplitMix64;
use crate::score::Score;

/// The noise for the position with `hash` under `seed`: the sum of two uniform draws, so a
/// triangular spread over `-amplitude..=amplitude` with small errors likelier than large
/// ones. Zero when `amplitude` is not positive.
pub fn noise(hash: u64, seed: u64, amplitude: i32) -> i32 {
    if amplitude <= 0 {
        return 0;
    }
    let bits = SplitMix64::new(hash ^ seed.rotate_left(29)).next_u64();
    let span = amplitude as u64 + 1;
    let first = (bits & 0xffff_ffff) % span;
    let second = (bits >> 32) % span;
    (first + second) as i32 - amplitude
}

/// An evaluator whose static values carry [`noise`]; everything else (candidates, noisy
/// moves, ordering, the root look, engine features) is the inner evaluator's.
#[derive(Clone, Debug)]
pub struct Noisy<E> {
    inner: E,
    amplitude: i32,
    seed: u64,
}

impl<E> Noisy<E> {
    /// `inner` with noise of `amplitude` (in the inner evaluator's units) under `seed`.
    pub fn new(inner: E, amplitude: i32, seed: u64) -> Noisy<E> {
        Noisy {
            inner,
            amplitude: amplitude.max(0),
            seed,
        }
    }

    /// The noise's amplitude and seed.
    pub fn setting(&self) -> (i32, u64) {
        (self.amplitude, self.seed)
    }
}

impl<G: Game, E: Evaluator<G>> Evaluator<G> for Noisy<E> {
    fn evaluate(&self, game: &G) -> i32 {
        let value = self.inner.evaluate(game);
        let bound = Score::MAX_EVAL - 1;
        value
            .saturating_add(noise(game.hash(), self.seed, self.amplitude))
            .clamp(-bound, bound)
    }

    /// The inner evaluator's key: the noise reads only the hash, which that key holds.
    fn cache_key(&self, game: &G) -> Option<u64> {
        self.inner.cache_key(game)
    }

    fn correction_key(&self, game: &G) -> Option<u64> {
        self.inner.correction_key(game)
    }

    fn candidate_moves(&self, game: &G, moves: &mut Vec<G::Move>) {
        self.inner.candidate_moves(game, moves);
    }

    fn noisy_moves(&self, game: &G, moves: &mut Vec<G::Move>) {
        self.inner.noisy_moves(game, moves);
    }

    fn noisy_moves_below(&self, game: &G, below_horizon: u32, moves: &mut Vec<G::Move>) {
        self.inner.noisy_moves_below(game, below_horizon, moves);
    }

    fn quiescence_plies(&self) -> Option<u32> {
        self.inner.quiescence_plies()
    }

    fn tactical_score(&self, game: &G, mv: G::Move) -> Option<i32> {
        self.inner.tactical_score(game, mv)
    }

    fn quiet_score(&self, game: &G, mv: G::Move) -> i32 {
        self.inner.quiet_score(game, mv)
    }

    fn exchange(&self, game: &G, mv: G::Move) -> Option<i32> {
        self.inner.exchange(game, mv)
    }

    fn under_threat(&self, game: &G) -> bool {
        self.inner.under_threat(game)
    }

    fn root_advice(&self, game: &G, budget: AdviceBudget) -> RootAdvice<G::Move> {
        self.inner.root_advice(game, budget)
    }

    fn features(&self) -> Features {
        self.inner.features()
    }

    fn refinements(&self) -> Refinements {
        self.inner.refinements()
    }

    fn search_params(&self) -> SearchParams {
        self.inner.search_params()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noise_stays_within_its_amplitude_and_follows_the_seed() {
        let mut seen_negative = false;
        let mut seen_positive = false;
        for hash in 0..2_000u64 {
            let value = noise(hash.wrapping_mul(0x9e37_79b9), 7, 50);
            assert!((-50..=50).contains(&value));
            seen_negative |= value < 0;
            seen_positive |= value > 0;
            assert_eq!(value, noise(hash.wrapping_mul(0x9e37_79b9), 7, 50));
        }
        assert!(seen_negative && seen_positive);
        let differ = (0..100u64).any(|hash| noise(hash, 1, 50) != noise(hash, 2, 50));
        assert!(differ, "another seed gives other noise");
        assert_eq!(noise(12345, 1, 0), 0);
    }
}
