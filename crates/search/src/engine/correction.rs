//! Correction history: per side and structure key (the evaluator's choice; chess keys the
//! pawns), a running average of how far searched values stood from static values, added to
//! later static values of the same structure.

use super::params::{CORRECTION_GRAIN, CORRECTION_SLOTS, CORRECTION_WEIGHT_MAX};
use crate::game::Side;

/// One thread's correction table, in `CORRECTION_GRAIN`ths of the evaluator's unit.
pub struct Correction {
    table: Vec<i32>,
    /// The largest correction, in the evaluator's units (0: off, and no table).
    limit: i32,
}

impl Correction {
    /// No table: every correction is 0.
    pub fn off() -> Self {
        Correction {
            table: Vec::new(),
            limit: 0,
        }
    }

    /// Keeps a table whose corrections stay within ±`limit` (0 for none). What it learnt is
    /// kept while the limit stays the same.
    pub fn prepare(&mut self, limit: i32) {
        if limit != self.limit {
            self.table = if limit > 0 {
                vec![0; 2 * CORRECTION_SLOTS]
            } else {
                Vec::new()
            };
            self.limit = limit;
        }
    }

    #[inline]
    fn slot(side: Side, key: u64) -> usize {
        side.index() * CORRECTION_SLOTS + (key as usize & (CORRECTION_SLOTS - 1))
    }

    /// What to add to a static value of the position with `key`, `side` to move.
    #[inline]
    pub fn of(&self, side: Side, key: u64) -> i32 {
        self.table
            .get(Self::slot(side, key))
            .map_or(0, |&value| value / CORRECTION_GRAIN)
    }

    /// Moves the correction of `key` towards `searched - raw` (the searched value less the
    /// uncorrected static value), the faster the deeper the search that found it.
    pub fn learn(&mut self, side: Side, key: u64, depth: i32, searched: i32, raw: i32) {
        let limit = self.limit * CORRECTION_GRAIN;
        if let Some(value) = self.table.get_mut(Self::slot(side, key)) {
            let weight = (depth + 1).clamp(1, CORRECTION_WEIGHT_MAX);
            let target = (searched - raw).clamp(-self.limit, self.limit) * CORRECTION_GRAIN;
            let moved = (*value * (256 - weight) + target * weight) / 256;
            *value = moved.clamp(-limit, limit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_searched_values_within_the_limit_and_per_side() {
        let mut correction = Correction::off();
        correction.learn(Side::First, 7, 10, 500, 0);
        assert_eq!(correction.of(Side::First, 7), 0, "off learns nothing");
        correction.prepare(40);
        for _ in 0..200 {
            correction.learn(Side::First, 7, 10, 130, 100);
        }
        let learnt = correction.of(Side::First, 7);
        assert!((27..=30).contains(&learnt), "{learnt}");
        assert_eq!(correction.of(Side::Second, 7), 0);
        for _ in 0..500 {
            correction.learn(Side::First, 7, 20, -900, 100);
        }
        let floor = correction.of(Side::First, 7);
        assert!(
            (-40..=-38).contains(&floor),
            "at the limit, not past it: {floor}"
        );
        correction.prepare(40);
        assert_eq!(
            correction.of(Side::First, 7),
            floor,
            "kept while the limit holds"
        );
        correction.prepare(0);
        assert_eq!(correction.of(Side::First, 7), 0);
    }
}
