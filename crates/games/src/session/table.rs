//! `Table`: a game and its thinker side by side, for front ends that think on the thread
//! that holds the game (the terminal, analysis, benchmarks, tests). It reads as the record
//! it holds; `think` hands the thinker a snapshot of the current position.

use std::ops::{Deref, DerefMut};

use ply_search::SearchControl;

use super::error::{GameError, ThinkError};
use super::lab::{LabReport, LabRequest};
use super::think::{ThinkEvent, ThinkRequest, ThinkResult};
use super::{Record, Thinker};
use crate::spec::GameOptions;

/// A record and the thinker that thinks about it.
pub struct Table {
    /// The game.
    pub record: Box<dyn Record>,
    /// Its engines.
    pub thinker: Box<dyn Thinker>,
}

impl Table {
    /// Sets a record on the table with a fresh thinker beside it.
    pub fn new(record: Box<dyn Record>) -> Table {
        let thinker = record.thinker();
        Table { record, thinker }
    }

    /// Starts the game called `name` with `options`.
    pub fn start(name: &str, options: &GameOptions) -> Result<Table, GameError> {
        Ok(Table::new(crate::registry::new_game(name, options)?))
    }

    /// Thinks about the current position; events arrive on this thread, `control` may stop
    /// the search from another.
    pub fn think(
        &mut self,
        request: &ThinkRequest,
        control: &SearchControl,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> Result<ThinkResult, ThinkError> {
        self.thinker
            .think(&self.record.snapshot(), request, control, on_event)
    }

    /// The lab's searches of the current position.
    pub fn lab(&mut self, request: &LabRequest) -> Result<LabReport, ThinkError> {
        let request = request.within(self.record.spec());
        self.thinker.lab(&self.record.snapshot(), &request)
    }
}

impl Deref for Table {
    type Target = dyn Record;
    fn deref(&self) -> &Self::Target {
        self.record.as_ref()
    }
}

impl DerefMut for Table {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.record.as_mut()
    }
}
