//! Per-thread move-ordering memory: killer moves per ply and a history score per side and
//! move index, updated with "gravity" so old knowledge fades; beside it, the thread's
//! correction history of static values.

use super::correction::Correction;
use crate::game::Side;

pub use super::params::{CONTINUATION_BOUND_MAX, HISTORY_MAX};

/// Killers, history and continuation history of one search thread.
pub struct OrderingMemory<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    index_bound: usize,
    /// `continuation[previous * bound + current]`: how well a move (by continuation index)
    /// did after a given earlier move. Empty when unused.
    continuation: Vec<i16>,
    continuation_bound: usize,
    /// What searches taught about the static values (see [`Correction`]).
    pub correction: Correction,
}

impl<M: Copy + Eq> OrderingMemory<M> {
    /// Memory for `plies` plies and move indices below `index_bound`.
    pub fn new(plies: usize, index_bound: usize) -> Self {
        OrderingMemory {
            killers: vec![[None, None]; plies],
            history: vec![0; index_bound * 2],
            index_bound,
            continuation: Vec::new(),
            continuation_bound: 0,
            correction: Correction::off(),
        }
    }

    /// Keeps a continuation table for indices below `bound` (0, or a bound past
    /// [`CONTINUATION_BOUND_MAX`], for none). Kept, halved, when the size is unchanged.
    pub fn prepare_continuation(&mut self, bound: usize) {
        let bound = if bound > CONTINUATION_BOUND_MAX {
            0
        } else {
            bound
        };
        if bound != self.continuation_bound {
            self.continuation = vec![0; bound * bound];
            self.continuation_bound = bound;
        }
        for value in &mut self.continuation {
            *value /= 2;
        }
    }

    /// The continuation score of the move with continuation index `current` after the
    /// move with index `previous` (0 when unknown).
    #[inline]
    pub fn continuation(&self, previous: Option<usize>, current: usize) -> i32 {
        match previous {
            Some(previous) if current < self.continuation_bound => self
                .continuation
                .get(previous * self.continuation_bound + current)
                .map_or(0, |&value| i32::from(value)),
            _ => 0,
        }
    }

    /// Moves a continuation score towards ±`HISTORY_MAX` by `bonus`.
    pub fn update_continuation(&mut self, previous: Option<usize>, current: usize, bonus: i32) {
        let Some(previous) = previous else {
            return;
        };
        if current >= self.continuation_bound {
            return;
        }
        let slot = previous * self.continuation_bound + current;
        if let Some(value) = self.continuation.get_mut(slot) {
            let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            let old = i32::from(*value);
            *value = (old + bonus - old * bonus.abs() / HISTORY_MAX) as i16;
        }
    }

    /// Fits the tables to a game with `index_bound` move indices, clearing killers and
    /// keeping history when the size is unchanged.
    pub fn prepare(&mut self, index_bound: usize) {
        if index_bound != self.index_bound {
            self.history = vec![0; index_bound * 2];
            self.index_bound = index_bound;
        }
        for pair in &mut self.killers {
            *pair = [None, None];
        }
        for value in &mut self.history {
            *value /= 2;
        }
    }

    /// The killers stored at `ply`.
    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers.get(ply).copied().unwrap_or([None, None])
    }

    /// Remembers a quiet move that refuted a position at `ply`.
    pub fn add_killer(&mut self, ply: usize, mv: M) {
        if let Some(pair) = self.killers.get_mut(ply)
            && pair[0] != Some(mv)
        {
            pair[1] = pair[0];
            pair[0] = Some(mv);
        }
    }

    /// The history score of the move with `index` for `side`.
    #[inline]
    pub fn history(&self, side: Side, index: usize) -> i32 {
        self.history
            .get(side.index() * self.index_bound + index)
            .copied()
            .unwrap_or(0)
    }

    /// Moves the history score of `index` for `side` towards ±`HISTORY_MAX` by `bonus`.
    pub fn update_history(&mut self, side: Side, index: usize, bonus: i32) {
        let slot = side.index() * self.index_bound + index;
        if let Some(value) = self.history.get_mut(slot) {
            let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            *value += bonus - *value * bonus.abs() / HISTORY_MAX;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killers_keep_the_two_latest_distinct_moves() {
        let mut memory = OrderingMemory::<u8>::new(4, 10);
        memory.add_killer(2, 5);
        memory.add_killer(2, 5);
        assert_eq!(memory.killers(2), [Some(5), None]);
        memory.add_killer(2, 7);
        memory.add_killer(2, 9);
        assert_eq!(memory.killers(2), [Some(9), Some(7)]);
        assert_eq!(memory.killers(99), [None, None]);
    }

    #[test]
    fn history_saturates_and_is_per_side() {
        let mut memory = OrderingMemory::<u8>::new(1, 4);
        for _ in 0..1000 {
            memory.update_history(Side::First, 3, 2_000);
        }
        let value = memory.history(Side::First, 3);
        assert!(value > HISTORY_MAX / 2 && value <= HISTORY_MAX, "{value}");
        assert_eq!(memory.history(Side::Second, 3), 0);
        memory.update_history(Side::First, 3, -2_000);
        assert!(memory.history(Side::First, 3) < value);
    }

    #[test]
    fn continuation_is_per_pair_and_off_past_the_bound() {
        let mut memory = OrderingMemory::<u8>::new(1, 4);
        memory.prepare_continuation(8);
        memory.update_continuation(Some(2), 5, 1_000);
        assert!(memory.continuation(Some(2), 5) > 0);
        assert_eq!(memory.continuation(Some(3), 5), 0);
        assert_eq!(memory.continuation(None, 5), 0);
        for _ in 0..1000 {
            memory.update_continuation(Some(1), 1, -2_000);
        }
        assert!(memory.continuation(Some(1), 1) >= -HISTORY_MAX);
        memory.prepare_continuation(CONTINUATION_BOUND_MAX + 1);
        memory.update_continuation(Some(0), 0, 1_000);
        assert_eq!(memory.continuation(Some(0), 0), 0);
    }
}
