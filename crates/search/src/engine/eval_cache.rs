//! A search thread's cache of static values, for evaluators that name a key determining
//! their value ([`crate::Evaluator::cache_key`]).

/// Entries in one thread's cache: a power of two, 16 bytes each (256 KiB, within L2).
const ENTRIES: usize = 1 << 14;

/// A direct-mapped table of `(key, value)`; a slot with key 0 is empty, and a position
/// whose key is 0 is never cached.
pub(crate) struct EvalCache {
    slots: Vec<(u64, i32)>,
}

impl EvalCache {
    /// An empty cache, or one that holds nothing when `enabled` is false.
    pub fn new(enabled: bool) -> EvalCache {
        let size = if enabled { ENTRIES } else { 0 };
        EvalCache {
            slots: vec![(0, 0); size],
        }
    }

    /// The cached value under `key`, else `evaluate()`'s, remembered (with no key, always
    /// evaluated).
    #[inline]
    pub fn value(&mut self, key: Option<u64>, evaluate: impl FnOnce() -> i32) -> i32 {
        let Some(key) = key.filter(|&key| key != 0 && !self.slots.is_empty()) else {
            return evaluate();
        };
        let slot = &mut self.slots[(key as usize) & (ENTRIES - 1)];
        if slot.0 == key {
            return slot.1;
        }
        let value = evaluate();
        *slot = (key, value);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_value_is_returned_without_evaluating_again() {
        let mut cache = EvalCache::new(true);
        assert_eq!(cache.value(Some(42), || 7), 7);
        assert_eq!(cache.value(Some(42), || panic!("evaluated twice")), 7);
        // A colliding position replaces the slot and is evaluated.
        let other = 42 + ENTRIES as u64;
        assert_eq!(cache.value(Some(other), || -3), -3);
        assert_eq!(cache.value(Some(42), || 9), 9);
    }

    #[test]
    fn a_disabled_cache_always_evaluates() {
        let mut cache = EvalCache::new(false);
        assert_eq!(cache.value(Some(42), || 7), 7);
        assert_eq!(cache.value(Some(42), || 8), 8);
        let mut keyless = EvalCache::new(true);
        assert_eq!(keyless.value(None, || 7), 7);
        assert_eq!(keyless.value(None, || 8), 8);
        let mut zero = EvalCache::new(true);
        assert_eq!(zero.value(Some(0), || 1), 1);
        assert_eq!(zero.value(Some(0), || 2), 2);
    }
}
