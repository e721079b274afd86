//! Move ordering: the table's move first, then good tactical moves, killers, quiet moves by
//! history and the evaluator's quiet score, and bad tactical moves last; picked one at a
//! time (selection), so a cutoff on an early move saves sorting the rest.

use super::history::OrderingMemory;
use crate::evaluator::Evaluator;
use crate::game::Game;

const TT_MOVE: i32 = i32::MAX;
const GOOD_TACTIC: i32 = 1_000_000_000;
const KILLER: i32 = 500_000_000;
const BAD_TACTIC: i32 = -1_000_000_000;
const TACTIC_SPAN: i32 = 100_000_000;

/// A move list with an ordering score per move; reused from node to node.
pub struct ScoredMoves<M> {
    /// The moves.
    pub moves: Vec<M>,
    scores: Vec<i32>,
    quiet: Vec<bool>,
}

impl<M: Copy + Eq> ScoredMoves<M> {
    /// An empty list with room for `capacity` moves.
    pub fn with_capacity(capacity: usize) -> Self {
        ScoredMoves {
            moves: Vec::with_capacity(capacity),
            scores: Vec::with_capacity(capacity),
            quiet: Vec::with_capacity(capacity),
        }
    }

    /// Scores every move in `self.moves` for the position `game` at `ply`, where
    /// `previous` holds the continuation indices of the last two moves (latest first).
    pub fn score<G, E>(
        &mut self,
        game: &G,
        evaluator: &E,
        memory: &OrderingMemory<M>,
        ply: usize,
        tt_move: Option<u16>,
        previous: [Option<usize>; 2],
    ) where
        G: Game<Move = M>,
        E: Evaluator<G>,
    {
        self.scores.clear();
        self.quiet.clear();
        let killers = memory.killers(ply);
        let side = game.side_to_move();
        for &mv in &self.moves {
            let tactic = evaluator.tactical_score(game, mv);
            let score = if tt_move == Some(G::pack_move(mv)) {
                TT_MOVE
            } else {
                match tactic {
                    Some(value) if value >= 0 => GOOD_TACTIC + value.min(TACTIC_SPAN),
                    Some(value) => BAD_TACTIC + value.max(-TACTIC_SPAN) + TACTIC_SPAN,
                    None if killers[0] == Some(mv) => KILLER,
                    None if killers[1] == Some(mv) => KILLER - 1,
                    None => {
                        let mut score = memory.history(side, game.move_index(mv))
                            + evaluator.quiet_score(game, mv);
                        if previous[0].is_some() || previous[1].is_some() {
                            let index = game.continuation_index(mv);
                            score += memory.continuation(previous[0], index)
                                + memory.continuation(previous[1], index);
                        }
                        score
                    }
                }
            };
            self.scores.push(score);
            self.quiet.push(tactic.is_none());
        }
    }

    /// Scores the moves for quiescence: tactical value only, the table's move first.
    pub fn score_tactical<G, E>(&mut self, game: &G, evaluator: &E, tt_move: Option<u16>)
    where
        G: Game<Move = M>,
        E: Evaluator<G>,
    {
        self.scores.clear();
        self.quiet.clear();
        for &mv in &self.moves {
            let tactic = evaluator.tactical_score(game, mv);
            let score = if tt_move == Some(G::pack_move(mv)) {
                TT_MOVE
            } else {
                match tactic {
                    Some(value) if value >= 0 => GOOD_TACTIC + value.min(TACTIC_SPAN),
                    Some(value) => BAD_TACTIC + value.max(-TACTIC_SPAN) + TACTIC_SPAN,
                    None => 0,
                }
            };
            self.scores.push(score);
            self.quiet.push(tactic.is_none());
        }
    }

    /// Moves the best remaining move to `index` and returns it with whether it is quiet and
    /// its tactical standing (negative for a bad tactic).
    pub fn pick(&mut self, index: usize) -> Option<Picked<M>> {
        if index >= self.moves.len() {
            return None;
        }
        // The first of the highest scores, in two branch-free passes (a running arg-max
        // mispredicts its branch at every new maximum).
        let rest = &self.scores[index..];
        let top = rest.iter().copied().max().unwrap_or(i32::MIN);
        let best = index + rest.iter().position(|&score| score == top).unwrap_or(0);
        self.moves.swap(index, best);
        self.scores.swap(index, best);
        self.quiet.swap(index, best);
        let score = self.scores[index];
        let quiet = self.quiet[index];
        Some(Picked {
            mv: self.moves[index],
            quiet,
            bad_tactic: !quiet && score < KILLER && score != TT_MOVE,
            history: if quiet && score.abs() < KILLER - 1 {
                score
            } else {
                0
            },
        })
    }

    /// Whether the move now at `position` is quiet.
    pub fn is_quiet(&self, position: usize) -> bool {
        self.quiet.get(position).copied().unwrap_or(false)
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when there are no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Empties the list, keeping its memory.
    pub fn clear(&mut self) {
        self.moves.clear();
        self.scores.clear();
        self.quiet.clear();
    }
}

/// A move taken from a [`ScoredMoves`].
#[derive(Clone, Copy, Debug)]
pub struct Picked<M> {
    /// The move.
    pub mv: M,
    /// Not tactical: killers, history and quiet-move pruning apply.
    pub quiet: bool,
    /// Tactical but judged losing by the evaluator.
    pub bad_tactic: bool,
    /// For a quiet move that is neither the table's move nor a killer: its history (and
    /// continuation) score; else 0.
    pub history: i32,
}

#[cfg(test)]
mod tests {
    //! The picker is a selection sort over scores: whatever the table move, killers, history
    //! and tactical scores, it must hand out every generated move exactly once, in
    //! non-increasing order of its ordering score.

    use super::*;
    use crate::game::{Outcome, Side};
    use crate::random::SplitMix64;

    /// A game whose moves are the numbers `0..count`; nothing else matters here.
    #[derive(Clone)]
    struct Numbers {
        count: u16,
        side: Side,
    }

    impl Game for Numbers {
        type Move = u16;
        fn side_to_move(&self) -> Side {
            self.side
        }
        fn generate_moves(&self, moves: &mut Vec<u16>) {
            moves.extend(0..self.count);
        }
        fn make_move(&mut self, _mv: u16) {}
        fn unmake_move(&mut self, _mv: u16) {}
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn outcome_when_stuck(&self) -> Outcome {
            Outcome::Draw
        }
        fn hash(&self) -> u64 {
            0
        }
        fn move_index(&self, mv: u16) -> usize {
            usize::from(mv) % 64
        }
        fn move_index_bound(&self) -> usize {
            64
        }
        fn pack_move(mv: u16) -> u16 {
            mv
        }
    }

    /// Tactical scores from a seeded table: some good, some bad, some quiet.
    #[derive(Clone)]
    struct Tactics(Vec<Option<i32>>);

    impl Evaluator<Numbers> for Tactics {
        fn evaluate(&self, _game: &Numbers) -> i32 {
            0
        }
        fn tactical_score(&self, _game: &Numbers, mv: u16) -> Option<i32> {
            self.0.get(usize::from(mv)).copied().flatten()
        }
    }

    /// Every move quiet, ordered by the evaluator's own score: the move's number.
    #[derive(Clone)]
    struct Judged;

    impl Evaluator<Numbers> for Judged {
        fn evaluate(&self, _game: &Numbers) -> i32 {
            0
        }
        fn quiet_score(&self, _game: &Numbers, mv: u16) -> i32 {
            i32::from(mv) * 100
        }
    }

    #[test]
    fn quiet_moves_are_ordered_by_history_plus_the_evaluators_quiet_score() {
        let game = Numbers {
            count: 10,
            side: Side::First,
        };
        let mut memory = OrderingMemory::new(4, game.move_index_bound());
        // History lifts move 2 (200 + 650 = 850) past 8 (800), not past 9 (900).
        memory.update_history(Side::First, game.move_index(2), 650);
        // A killer still comes before every quiet score.
        memory.add_killer(0, 1);
        let mut list = ScoredMoves::with_capacity(10);
        game.generate_moves(&mut list.moves);
        list.score(&game, &Judged, &memory, 0, None, [None, None]);
        let mut order = Vec::new();
        let mut index = 0;
        while let Some(picked) = list.pick(index) {
            assert!(picked.quiet);
            order.push(picked.mv);
            index += 1;
        }
        assert_eq!(order, [1, 9, 2, 8, 7, 6, 5, 4, 3, 0]);
    }

    #[test]
    fn the_picker_yields_every_move_once_in_score_order() {
        let mut random = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
        for trial in 0..2_000 {
            let count = random.below(80) as u16;
            let game = Numbers {
                count,
                side: if trial % 2 == 0 {
                    Side::First
                } else {
                    Side::Second
                },
            };
            let tactics = Tactics(
                (0..count)
                    .map(|_| match random.below(4) {
                        0 => None,
                        1 => Some(random.below(300_000_000) as i32),
                        2 => Some(-(random.below(300_000_000) as i32)),
                        _ => Some(0),
                    })
                    .collect(),
            );
            let mut memory = OrderingMemory::new(8, game.move_index_bound());
            memory.prepare_continuation(game.continuation_index_bound());
            for _ in 0..random.below(40) {
                let mv = random.below(usize::from(count.max(1))) as u16;
                let side = if random.below(2) == 0 {
                    Side::First
                } else {
                    Side::Second
                };
                let bonus = random.below(4_000) as i32 - 2_000;
                memory.update_history(side, game.move_index(mv), bonus);
                let previous = random.below(64);
                memory.update_continuation(Some(previous), game.move_index(mv), bonus);
                if random.below(3) == 0 {
                    memory.add_killer(random.below(8), mv);
                }
            }
            let ply = random.below(8);
            let tt_move = (random.below(3) != 0).then(|| random.below(100) as u16);
            let previous = [
                (random.below(2) == 0).then(|| random.below(64)),
                (random.below(2) == 0).then(|| random.below(64)),
            ];
            let mut list = ScoredMoves::with_capacity(8);
            game.generate_moves(&mut list.moves);
            let quick = random.below(4) == 0;
            if quick {
                list.score_tactical(&game, &tactics, tt_move);
            } else {
                list.score(&game, &tactics, &memory, ply, tt_move, previous);
            }
            let mut seen = vec![false; usize::from(count)];
            let mut last_score = i32::MAX;
            let mut index = 0;
            while let Some(picked) = list.pick(index) {
                let mv = usize::from(picked.mv);
                assert!(mv < seen.len(), "trial {trial}: {mv} was never generated");
                assert!(!seen[mv], "trial {trial}: {mv} picked twice");
                seen[mv] = true;
                let score = list.scores[index];
                assert!(
                    score <= last_score,
                    "trial {trial}: order broken at {index}"
                );
                last_score = score;
                assert_eq!(picked.quiet, tactics.0[mv].is_none(), "trial {trial}");
                assert_eq!(list.is_quiet(index), picked.quiet, "trial {trial}");
                if tt_move == Some(picked.mv) {
                    assert_eq!(index, 0, "trial {trial}: the table move comes first");
                }
                index += 1;
            }
            assert_eq!(
                index,
                usize::from(count),
                "trial {trial}: every move picked"
            );
            assert!(seen.iter().all(|&s| s), "trial {trial}");
            assert!(list.pick(index).is_none());
        }
    }
}
