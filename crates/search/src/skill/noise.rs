//! Noise in judgement: a number added to every static value, drawn from the position's
//! hash and a seed, so one position always looks the same to one player (a
//! consistent misjudgement, not a coin toss at every visit) and the search stays
//! deterministic with one thread and a node limit.

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

/// Noise in a player's judgement: [`noise`] of some amplitude under a seed, added by the
/// engine to every static value ([`Setup::noise`](crate::engine::Setup::noise)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Noise {
    /// Largest error, in the evaluator's units (0: none).
    pub amplitude: i32,
    /// Whose misjudgement: another seed misjudges other positions.
    pub seed: u64,
}

impl Noise {
    /// No noise: the evaluator's own values.
    pub const NONE: Noise = Noise {
        amplitude: 0,
        seed: 0,
    };

    /// Noise of `amplitude` (a negative one is none) under `seed`.
    pub fn new(amplitude: i32, seed: u64) -> Noise {
        Noise {
            amplitude: amplitude.max(0),
            seed,
        }
    }

    /// `value`, a static value of the position with `hash`, as this player sees it: with
    /// the noise added and kept below every mate score.
    pub fn apply(&self, value: i32, hash: u64) -> i32 {
        let bound = Score::MAX_EVAL - 1;
        value
            .saturating_add(noise(hash, self.seed, self.amplitude))
            .clamp(-bound, bound)
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
