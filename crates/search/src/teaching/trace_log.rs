//! A tracer that keeps every step of a teaching search as a list of events, moves included.

use super::{NodeKind, Tracer};

/// One step of a teaching search, as the search reported it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceEvent<M> {
    /// The search entered a node.
    Enter {
        /// Plies below the root.
        ply: usize,
        /// The move that reached it; `None` for the root.
        mv: Option<M>,
        /// The window on entry; `None`: minus infinity (and always `None` for minimax).
        alpha: Option<i32>,
        /// The window on entry; `None`: plus infinity.
        beta: Option<i32>,
    },
    /// The search left a node with its value (from the root player's view).
    Leave {
        /// Plies below the root.
        ply: usize,
        /// The value it returned.
        value: i32,
        /// Where the value came from.
        kind: NodeKind,
    },
    /// At a node, alpha met beta.
    Cutoff {
        /// Plies below the root.
        ply: usize,
        /// Alpha when it happened.
        alpha: i32,
        /// Beta when it happened.
        beta: i32,
        /// The moves never searched (possibly none, after the last move).
        pruned: Vec<M>,
    },
}

/// Records the events of a teaching search, at most `limit` of them: past that it asks the
/// search to stop and says so in [`TraceLog::overflowed`].
#[derive(Clone, Debug)]
pub struct TraceLog<M> {
    /// The events, in the order the search reported them.
    pub events: Vec<TraceEvent<M>>,
    /// True when the search was stopped at the limit (the events are then incomplete).
    pub overflowed: bool,
    limit: usize,
}

impl<M> TraceLog<M> {
    /// An empty log keeping at most `limit` events.
    pub fn new(limit: usize) -> TraceLog<M> {
        TraceLog {
            events: Vec::new(),
            overflowed: false,
            limit,
        }
    }
}

impl<M: Copy> Tracer<M> for TraceLog<M> {
    fn enter(&mut self, ply: usize, mv: Option<M>, alpha: i32, beta: i32) {
        if self.overflowed {
            return;
        }
        self.events.push(TraceEvent::Enter {
            ply,
            mv,
            alpha: (alpha > i32::MIN + 1).then_some(alpha),
            beta: (beta < i32::MAX).then_some(beta),
        });
    }

    fn leave(&mut self, ply: usize, value: i32, kind: NodeKind) {
        if !self.overflowed {
            self.events.push(TraceEvent::Leave { ply, value, kind });
        }
    }

    fn cutoff(&mut self, ply: usize, alpha: i32, beta: i32, pruned: &[M]) {
        if !self.overflowed {
            self.events.push(TraceEvent::Cutoff {
                ply,
                alpha,
                beta,
                pruned: pruned.to_vec(),
            });
        }
    }

    fn should_stop(&mut self) -> bool {
        if self.events.len() >= self.limit {
            self.overflowed = true;
        }
        self.overflowed
    }
}
