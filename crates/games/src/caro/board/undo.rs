//! The undo log: what placing a stone overwrote (each touched cell's patterns, threats and
//! values, and the position's counts and totals), so that taking the stone back restores
//! it instead of working the lines out again.

use super::{Caro, Cell};
use crate::caro::line::Line;
use crate::caro::threat::{THREAT_KINDS, Threat};

/// An empty cell's judgement as it stood before a placing changed it.
#[derive(Clone, Copy, Debug)]
struct Saved {
    cell: Cell,
    lines: [[Line; 4]; 2],
    threats: [Threat; 2],
    values: [i32; 2],
}

/// One placing: its stone, where its saved cells start, and the counts and totals it found.
#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: Cell,
    start: usize,
    counts: [[u16; THREAT_KINDS]; 2],
    totals: [i32; 2],
    double_threes: u16,
}

/// The placings that can be taken back by restoring, newest last.
#[derive(Clone, Debug, Default)]
pub(super) struct UndoLog {
    saved: Vec<Saved>,
    frames: Vec<Frame>,
}

impl UndoLog {
    /// Forgets every placing (their stones are then taken back by recomputing).
    pub(super) fn clear(&mut self) {
        self.saved.clear();
        self.frames.clear();
    }
}

impl Caro {
    /// Opens the record of placing a stone on `cell`, before anything changes.
    #[inline]
    pub(super) fn open_frame(&mut self, cell: Cell) {
        let frame = Frame {
            cell,
            start: self.undo.saved.len(),
            counts: self.counts,
            totals: self.totals,
            double_threes: self.double_threes,
        };
        self.undo.frames.push(frame);
    }

    /// Records the cell at `index` as it stands, before it is judged again.
    #[inline]
    pub(super) fn save_cell(&mut self, index: usize) {
        let saved = Saved {
            cell: index as Cell,
            lines: self.lines[index],
            threats: self.threats[index],
            values: self.values[index],
        };
        self.undo.saved.push(saved);
    }

    /// Restores what placing the stone on `cell` changed, if that placing is the newest on
    /// record, and answers whether it did. When it did not (a stone taken back out of order,
    /// or one placed when the position was set up) the caller recomputes and drops the log.
    pub(super) fn restore(&mut self, cell: Cell) -> bool {
        if self
            .undo
            .frames
            .last()
            .is_none_or(|frame| frame.cell != cell)
        {
            return false;
        }
        let Some(frame) = self.undo.frames.pop() else {
            return false;
        };
        for saved in self.undo.saved.drain(frame.start..).rev() {
            let index = usize::from(saved.cell);
            self.lines[index] = saved.lines;
            self.threats[index] = saved.threats;
            self.values[index] = saved.values;
        }
        self.counts = frame.counts;
        self.totals = frame.totals;
        self.double_threes = frame.double_threes;
        true
    }
}
