//! The threat solvers' memory of positions where the attacker was shown to have no win
//! within a budget (fours left for a VCF, threats left for a VCT), so a transposition is not
//! searched twice; a failure holds for that budget and any smaller one.

/// Positions without a win, by hash, each with the budget it was searched to.
pub struct FailCache {
    bits: u32,
    entries: Vec<(u64, u32)>,
}

impl FailCache {
    /// A cache of `2^bits` entries, each slot keeping the latest position that fell in it.
    pub fn new(bits: u32) -> FailCache {
        FailCache {
            bits,
            entries: vec![(0, 0); 1 << bits],
        }
    }

    fn slot(&self, hash: u64) -> usize {
        (hash >> (64 - self.bits)) as usize
    }

    /// Whether the position was searched without a win with at least `budget` to spend.
    pub fn failed(&self, hash: u64, budget: u32) -> bool {
        self.covering(hash, budget).is_some()
    }

    /// The budget the position was searched to without a win, if it covers `budget`.
    pub fn covering(&self, hash: u64, budget: u32) -> Option<u32> {
        self.entries
            .get(self.slot(hash))
            .filter(|&&(h, searched)| h == hash && searched >= budget)
            .map(|&(_, searched)| searched)
    }

    /// The position has no win within `budget`.
    pub fn remember(&mut self, hash: u64, budget: u32) {
        let slot = self.slot(hash);
        if let Some(entry) = self.entries.get_mut(slot) {
            *entry = (hash, budget);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::FailCache;

    #[test]
    fn a_failure_holds_for_its_budget_and_smaller_ones_only() {
        let mut cache = FailCache::new(4);
        let hash = 0xdead_beef_0000_0001;
        assert!(!cache.failed(hash, 1), "nothing known yet");
        cache.remember(hash, 3);
        assert!(cache.failed(hash, 3));
        assert_eq!(cache.covering(hash, 2), Some(3), "what it was searched to");
        assert!(cache.failed(hash, 1), "less to spend fails too");
        assert!(
            !cache.failed(hash, 5),
            "a larger budget may find a win the smaller one could not reach"
        );
        assert!(
            !cache.failed(hash ^ 1, 1),
            "another position in the same slot is not known"
        );
        cache.remember(hash ^ 1, 9);
        assert!(
            !cache.failed(hash, 1),
            "the slot now holds the other position"
        );
    }
}
