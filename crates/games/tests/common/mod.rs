//! What the games' integration tests share: a game in progress with its thinker beside it,
//! as a front end holds them, started by name with options.

#![allow(dead_code)]

use ply_games::{
    GameOptions, MoveError, MoveView, OptionValue, Record, Table, ThinkRequest, ThinkResult,
};
use ply_search::SearchControl;

/// A game with its thinker, the way front ends hold one.
pub type Played = Table;

/// Thinks about the current position to the end of `request`'s limits.
pub fn think_fully(table: &mut Table, request: &ThinkRequest) -> ThinkResult {
    table
        .think(request, &SearchControl::default(), &mut |_| {})
        .expect("thinks")
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
pub fn start(game: &str, options: &GameOptions) -> Table {
    Table::start(game, options).unwrap_or_else(|e| panic!("{game}: {e}"))
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
