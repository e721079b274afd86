//! The one seeded random generator of the workspace (SplitMix64): the same seed gives the same
//! numbers in every run and on every machine, at compile time too, for Zobrist keys, random
//! openings and test playouts. Not for anything that must be unpredictable.

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by a fixed odd step and
/// mixed on the way out. Every seed, zero included, starts a sequence of period 2^64.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

/// The step: 2^64 divided by the golden ratio, made odd.
const STEP: u64 = 0x9e37_79b9_7f4a_7c15;

impl SplitMix64 {
    /// A generator whose numbers follow from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(STEP);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// An index below `bound` (0 when `bound` is 0): the next number modulo `bound`, which
    /// favours small indices by less than `bound` / 2^64 — nothing a game or test can see.
    pub const fn below(&mut self, bound: usize) -> usize {
        let bound = if bound == 0 { 1 } else { bound as u64 };
        (self.next_u64() % bound) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_the_published_one() {
        // The reference implementation (splitmix64.c, Vigna) seeded with 1234567.
        let mut random = SplitMix64::new(1_234_567);
        let first: Vec<u64> = (0..3).map(|_| random.next_u64()).collect();
        assert_eq!(
            first,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423
            ]
        );
    }

    #[test]
    fn it_runs_at_compile_time() {
        const FIRST: u64 = SplitMix64::new(1_234_567).next_u64();
        assert_eq!(FIRST, 6_457_827_717_110_365_317);
    }

    #[test]
    fn indices_stay_below_their_bound() {
        let mut random = SplitMix64::new(0);
        assert_eq!(random.below(0), 0);
        assert_eq!(random.below(1), 0);
        let mut seen = [false; 7];
        for _ in 0..1_000 {
            seen[random.below(7)] = true;
        }
        assert!(seen.iter().all(|&hit| hit), "every index of 7 comes up");
    }
}
