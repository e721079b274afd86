//! The lessons' positions, each from a real game: the seed tutorial's tic-tac-toe example,
//! Morphy's Opera game (Paris, 1858) and caro games ply's strong player won against its
//! classic one. Built by playing the game's own moves, so a position is never typed twice.

use super::figures::Source;
use crate::caro::{Caro, CaroConfig, Rule};
use ply_search::Game;

use crate::chess::{Chess, ChessConfig};
use crate::session::rules::Rules;
use crate::tictactoe::TicTacToe;

/// The seed tutorial's example: X in two corners, O in the centre, O to move.
pub const TUTORIAL: &str = "x2/1o1/2x o";

/// The Opera game, Paul Morphy against the Duke of Brunswick and Count Isouard, Paris 1858.
pub const OPERA: [&str; 33] = [
    "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
    "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
    "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
];

/// A tic-tac-toe position (the tutorial's, or the empty board for `None`).
pub fn tictactoe(position: Option<&str>) -> (TicTacToe, Source) {
    let game = position
        .and_then(|text| TicTacToe::from_position(&(), text).ok())
        .unwrap_or_default();
    let source = Source {
        game: if position.is_some() {
            "tutorial"
        } else {
            "empty"
        },
        after: String::new(),
    };
    (game, source)
}

/// The Opera game after its first `plies` moves, and the last move as a score sheet
/// writes it (`10. Nxb5`, `9… b5`).
pub fn opera(plies: usize) -> (Chess, Source) {
    let mut game = Chess::new_game(&ChessConfig::default());
    for text in OPERA.iter().take(plies) {
        // The moves are the game's own and legal: a failure would be a bug in the rules,
        // which the lessons' tests catch as a wrong position.
        if let Ok(mv) = game.parse_move(text) {
            game.make_move(mv);
        }
    }
    let after = match plies.checked_sub(1).and_then(|last| OPERA.get(last)) {
        Some(text) if plies % 2 == 1 => format!("{}. {text}", plies.div_ceil(2)),
        Some(text) => format!("{}… {text}", plies / 2),
        None => String::new(),
    };
    (
        game,
        Source {
            game: "opera",
            after,
        },
    )
}

/// A position of a caro game ply's strong player won against its classic one (15×15,
/// the rule named), as the game's position text.
pub fn caro(rule: Rule, board: &str) -> Option<(Caro, Source)> {
    let config = CaroConfig { size: 15, rule };
    let game = Caro::from_position(&config, board).ok()?;
    Some((
        game,
        Source {
            game: "ply_caro",
            after: String::new(),
        },
    ))
}
