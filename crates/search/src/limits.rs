//! What bounds a search (depth, nodes, time, a clock) and the shared switches that stop it
//! or end pondering from another thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A player's clock, as UCI and UCCI send it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search. Unset limits do not bound; with none set the search runs
/// until stopped or until the game's result is proven.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most nodes (checked at every node, so one thread is deterministic).
    pub nodes: Option<u64>,
    /// Exact time for this move.
    pub movetime: Option<Duration>,
    /// The clock of the side to move.
    pub clock: Option<Clock>,
    /// Stop once a win in at most this many moves is found.
    pub mate: Option<u32>,
    /// Ignore time; run until [`SearchControl::stop`] (UCI `go infinite`).
    pub infinite: bool,
    /// Time kept back for the communication lag of a protocol.
    pub move_overhead: Duration,
}

impl Limits {
    /// A search to exactly `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A search of `movetime`.
    pub fn movetime(movetime: Duration) -> Limits {
        Limits {
            movetime: Some(movetime),
            ..Limits::default()
        }
    }

    /// True when neither time nor nodes nor depth bound the search.
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.clock.is_none()
            && !self.infinite
    }
}

/// Switches another thread flips while a search runs: stop now, or the pondered move was
/// played (`ponderhit`), so time limits apply from here on.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
}

impl SearchControl {
    /// A fresh control, shared between the searcher and whoever may stop it.
    pub fn new() -> Arc<SearchControl> {
        Arc::new(SearchControl::default())
    }

    /// Asks the search to return as soon as it can, with the best move so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Clears the flags before a new search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Marks the search as a ponder search: no time limit applies until [`Self::ponderhit`].
    pub fn start_pondering(&self) {
        self.pondering.store(true, Ordering::Relaxed);
    }

    /// The opponent played the expected move: time limits apply from now on.
    pub fn ponderhit(&self) {
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether the search is pondering.
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
}
