//! A `Tracer` watches a teaching search node by node, for the lab's tree and its stepper.

/// What kind of node a teaching search just left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The game is over here.
    Terminal,
    /// The depth ran out; the evaluator judged the position.
    Horizon,
    /// The value came from the children.
    Interior,
}

/// Receives every step of a teaching search. All methods default to doing nothing, and `()`
/// is the tracer that records nothing (it costs nothing).
pub trait Tracer<M> {
    /// The search enters a node `ply` plies below the root, reached by `mv`, with the
    /// window it has there (±`i32::MAX` when not pruning).
    fn enter(&mut self, ply: usize, mv: Option<M>, alpha: i32, beta: i32) {
        let _ = (ply, mv, alpha, beta);
    }

    /// The search leaves the node at `ply` with `value` (from the root player's view).
    fn leave(&mut self, ply: usize, value: i32, kind: NodeKind) {
        let _ = (ply, value, kind);
    }

    /// At `ply`, alpha met beta: `pruned` are the moves never searched.
    fn cutoff(&mut self, ply: usize, alpha: i32, beta: i32, pruned: &[M]) {
        let _ = (ply, alpha, beta, pruned);
    }

    /// Asked before each move is searched: `true` gives up the search at once (a node cap,
    /// "move now"). Once it has said `true` it must keep saying so. Nodes given up are never
    /// reported to [`Tracer::leave`]; the values the search returns and anything reported
    /// afterwards mean nothing, and the tracer that asked knows it.
    fn should_stop(&mut self) -> bool {
        false
    }
}

impl<M> Tracer<M> for () {}
