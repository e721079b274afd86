//! What front ends see of a game: the board as cells to draw, moves as text with the cells
//! they touch, the status, and scores in a form that says who wins.

use ply_search::{Outcome, Score, Side};
use serde::Serialize;

use super::notation::MoveNames;

/// How the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardKind {
    /// Pieces in the cells of a plain grid (tic-tac-toe).
    Cells,
    /// Stones on the points where lines cross (caro).
    Points,
    /// Pieces on a checkered board (chess).
    Checkered,
    /// Pieces on points, with the river between ranks 4 and 5 and the two palaces (xiangqi).
    RiverAndPalaces,
}

/// One piece or stone, as a front end draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// Its owner.
    #[serde(serialize_with = "serialize_side")]
    pub side: Side,
    /// A short, ASCII name of its kind: `x`, `o`, `K`, `n`, `R`, `c`…
    pub kind: String,
    /// The symbol to draw: `X`, `♞`, `帥`, `●`.
    pub symbol: String,
}

/// The board from the first player's side: `cells[rank * files + file]`, rank 0 at the top.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// Columns.
    pub files: usize,
    /// Rows.
    pub ranks: usize,
    /// How to draw it.
    pub kind: BoardKind,
    /// What stands on each cell, rank 0 (top) first.
    pub cells: Vec<Option<PieceView>>,
    /// Column labels, left to right.
    pub file_labels: Vec<String>,
    /// Row labels, top to bottom.
    pub rank_labels: Vec<String>,
    /// Cells of the last move (from and to).
    pub last_move: Vec<usize>,
    /// The cell of a general or king in check.
    pub check: Option<usize>,
    /// The player to move.
    #[serde(serialize_with = "serialize_side")]
    pub to_move: Side,
}

/// The labels along the board's edges as one notation numbers files and ranks, seen from
/// the first player's side: xiangqi's WXF numbers Red's files along Red's edge and Black's
/// along Black's; coordinates letter the files and number the ranks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardLabels {
    /// Along the first player's edge (the bottom), left to right.
    pub near: Vec<String>,
    /// Along the second player's edge (the top), left to right; empty when none.
    pub far: Vec<String>,
    /// Along the side, top to bottom; empty when none.
    pub ranks: Vec<String>,
}

/// A move as it crosses the layers: the game's own move packed into 16 bits (distinct for
/// the legal moves of one position). A record plays it only where it is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct MoveId(pub u16);

/// A move as front ends handle it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The move, typed.
    pub id: MoveId,
    /// Canonical coordinate notation, as protocols write it: `b2`, `h2e2`, `e7e8q`.
    pub name: String,
    /// The notation players read: `b2`, `C2=5`, `e8=Q+`.
    pub display: String,
    /// Its names in every notation the game offers, for players who chose another one.
    pub names: MoveNames,
    /// The cell the piece leaves (none for a placed stone).
    pub from: Option<usize>,
    /// The cell the move plays to.
    pub to: usize,
    /// The piece a pawn becomes, if this is a promotion.
    pub promotion: Option<String>,
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Status {
    /// Someone is to move.
    Ongoing {
        /// Who.
        #[serde(serialize_with = "serialize_side")]
        to_move: Side,
    },
    /// The game is over.
    Finished {
        /// The winner, or none for a draw.
        #[serde(serialize_with = "serialize_winner")]
        winner: Option<Side>,
        /// Why, in words: "three in a row", "checkmate", "stalemate", "full board"…
        reason: String,
    },
}

impl Status {
    /// The status of a finished game.
    pub fn finished(outcome: Outcome, reason: impl Into<String>) -> Status {
        Status::Finished {
            winner: match outcome {
                Outcome::Win(side) => Some(side),
                Outcome::Draw => None,
            },
            reason: reason.into(),
        }
    }

    /// True when the game is over.
    pub fn is_finished(&self) -> bool {
        matches!(self, Status::Finished { .. })
    }
}

/// A score as front ends show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum ScoreView {
    /// A heuristic or textbook value from the side to move's view.
    Value(i32),
    /// The side to move wins in this many plies.
    WinIn(u32),
    /// The side to move loses in this many plies.
    LossIn(u32),
}

impl ScoreView {
    /// The view of an engine score.
    pub fn from_score(score: Score) -> ScoreView {
        match score.mate_plies() {
            Some(plies) if plies > 0 => ScoreView::WinIn(plies as u32),
            Some(plies) => ScoreView::LossIn(plies.unsigned_abs()),
            None => ScoreView::Value(score.raw()),
        }
    }

    /// One number that orders scores as they should be ordered: wins above every value,
    /// sooner wins higher; losses below, later losses higher.
    pub fn ordering_value(self) -> i64 {
        match self {
            ScoreView::Value(value) => i64::from(value),
            ScoreView::WinIn(plies) => i64::from(Score::MATE) - i64::from(plies),
            ScoreView::LossIn(plies) => -(i64::from(Score::MATE) - i64::from(plies)),
        }
    }

    /// The same score seen by the other player.
    pub fn flipped(self) -> ScoreView {
        match self {
            ScoreView::Value(value) => ScoreView::Value(-value),
            ScoreView::WinIn(plies) => ScoreView::LossIn(plies),
            ScoreView::LossIn(plies) => ScoreView::WinIn(plies),
        }
    }
}

impl std::fmt::Display for ScoreView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScoreView::Value(value) => write!(f, "{value}"),
            ScoreView::WinIn(plies) => write!(f, "win in {plies}"),
            ScoreView::LossIn(plies) => write!(f, "loss in {plies}"),
        }
    }
}

/// Serialises a side as `"first"` or `"second"`.
pub fn serialize_side<S: serde::Serializer>(side: &Side, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(side_key(*side))
}

fn serialize_winner<S: serde::Serializer>(
    winner: &Option<Side>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match winner {
        Some(side) => serializer.serialize_str(side_key(*side)),
        None => serializer.serialize_none(),
    }
}

/// `"first"` or `"second"`.
pub fn side_key(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}
