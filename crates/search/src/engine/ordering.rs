//! Move ordering: the table's move first, then good tactical moves, killers, quiet moves by
//! history, and bad tactical moves last; picked one at a time (selection), so a cutoff on an
//! early move saves sorting the rest.

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
                        let mut score = memory.history(side, game.move_index(mv));
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
        let mut best = index;
        for candidate in index + 1..self.moves.len() {
            if self.scores[candidate] > self.scores[best] {
                best = candidate;
            }
        }
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
