//! What the games' integration tests share: a game in progress with its thinker beside it,
//! as a front end holds them, started by name with options.

#![allow(dead_code)]

use std::ops::{Deref, DerefMut};

use ply_games::{
    GameOptions, LabReport, LabRequest, MoveError, MoveView, OptionValue, Record, ThinkError,
    ThinkEvent, ThinkRequest, ThinkResult, Thinker, new_game,
};
use ply_search::SearchControl;

/// A record and the thinker that thinks about it.
pub struct Played {
    /// The game.
    pub record: Box<dyn Record>,
    /// Its engines.
    pub thinker: Box<dyn Thinker>,
}

impl Played {
    /// Wraps a record with a fresh thinker.
    pub fn new(record: Box<dyn Record>) -> Played {
        let thinker = record.thinker();
        Played { record, thinker }
    }

    /// Thinks about the current position, reporting events to `on_event`.
    pub fn think_with(
        &mut self,
        request: &ThinkRequest,
        control: &SearchControl,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> Result<ThinkResult, ThinkError> {
        self.thinker
            .think(&self.record.snapshot(), request, control, on_event)
    }

    /// Thinks about the current position to the end of `request`'s limits.
    pub fn think(&mut self, request: &ThinkRequest) -> ThinkResult {
        self.think_with(request, &SearchControl::default(), &mut |_| {})
            .expect("thinks")
    }

    /// The lab's searches of the current position.
    pub fn lab(&mut self, request: &LabRequest) -> Result<LabReport, ThinkError> {
        self.thinker.lab(&self.record.snapshot(), request)
    }
}

impl Deref for Played {
    type Target = dyn Record;
    fn deref(&self) -> &Self::Target {
        self.record.as_ref()
    }
}

impl DerefMut for Played {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.record.as_mut()
    }
}

/// Reads a move typed in any notation into the legal move it names, with its names.
pub fn read(record: &dyn Record, text: &str) -> Result<MoveView, MoveError> {
    let mv = record.parse_move(text)?;
    Ok(record
        .legal_move(mv)
        .cloned()
        .expect("a parsed move is legal"))
}

/// Starts `game` with `options`.
pub fn start(game: &str, options: &GameOptions) -> Played {
    Played::new(new_game(game, options).unwrap_or_else(|e| panic!("{game}: {e}")))
}

/// Options from an optional start position.
pub fn at(position: Option<&str>) -> GameOptions {
    GameOptions {
        position: position.map(String::from),
        ..GameOptions::default()
    }
}

/// A number option.
pub fn int(name: &str, value: i64) -> (String, OptionValue) {
    (name.to_string(), OptionValue::Int(value))
}

/// A named option.
pub fn text(name: &str, value: &str) -> (String, OptionValue) {
    (name.to_string(), OptionValue::Text(value.to_string()))
}
