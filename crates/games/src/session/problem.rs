//! Why a set-up position cannot be played, as a typed value: the position parsers (chess and
//! xiangqi FEN, the tic-tac-toe and caro board strings) name the rule a position breaks, so
//! a front end can say it in the player's language. Syntax slips (a rank too wide, a letter
//! that is no piece) are named too; anything else stays a sentence in [`PositionError`].
//!
//! [`PositionError`]: super::PositionError

use ply_search::Side;
use serde::Serialize;
use thiserror::Error;

use super::view::serialize_side;

fn side_word(side: Side, names: [&str; 2]) -> &str {
    match side {
        Side::First => names[0],
        Side::Second => names[1],
    }
}

/// A rule a set-up position breaks, or the part of its text that cannot be read. Serialised
/// with a `code` (snake case) and its fields, sides as `first`/`second`.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum SetupProblem {
    /// The board has the wrong number of ranks (rows).
    #[error("the board has {found} ranks separated by '/': it needs {expected}")]
    RankCount {
        /// Ranks given.
        found: usize,
        /// Ranks the board has.
        expected: usize,
    },
    /// A rank (row, counted from the top as written) has the wrong number of squares.
    #[error("rank {rank} has {found} squares: it needs {expected}")]
    RankWidth {
        /// The rank as the game names it.
        rank: String,
        /// Squares given.
        found: usize,
        /// Squares a rank has.
        expected: usize,
    },
    /// A letter that is no piece of this game.
    #[error("'{letter}' is not a piece letter here")]
    PieceLetter {
        /// The letter.
        letter: char,
    },
    /// The side-to-move field is not one the game reads.
    #[error("the side to move is '{given}': expected {expected}")]
    SideField {
        /// What was given.
        given: String,
        /// What is read.
        expected: String,
    },
    /// A side has no king, or more than one (chess).
    #[error("{} has {count} kings: each side has exactly one", side_word(*side, ["White", "Black"]))]
    KingCount {
        /// Whose.
        #[serde(serialize_with = "serialize_side")]
        side: Side,
        /// How many.
        count: usize,
    },
    /// A side has no general, or more than one (xiangqi).
    #[error("{} has {count} generals: each side has exactly one", side_word(*side, ["Red", "Black"]))]
    GeneralCount {
        /// Whose.
        #[serde(serialize_with = "serialize_side")]
        side: Side,
        /// How many.
        count: usize,
    },
    /// More pieces of a kind than the set has (and, in chess, promotions could give).
    #[error("{side_name} has {count} {piece}s: at most {most}", side_name = side_word(*side, ["the first side", "the second side"]))]
    TooManyOfKind {
        /// Whose.
        #[serde(serialize_with = "serialize_side")]
        side: Side,
        /// The piece's name (`pawn`, `queen`, `soldier`, `elephant`…).
        piece: &'static str,
        /// How many stand on the board.
        count: usize,
        /// How many a game can have.
        most: usize,
    },
    /// More pieces than a side starts with.
    #[error("{} has {count} pieces: a side has at most {most}", side_word(*side, ["the first side", "the second side"]))]
    TooManyPieces {
        /// Whose.
        #[serde(serialize_with = "serialize_side")]
        side: Side,
        /// How many.
        count: usize,
        /// The most a side has.
        most: usize,
    },
    /// Chess: more pieces beyond the set than missing pawns could have promoted to.
    #[error("{} has {promoted} pieces beyond the set but only {missing} missing pawns could have promoted", side_word(*side, ["White", "Black"]))]
    TooManyPromoted {
        /// Whose.
        #[serde(serialize_with = "serialize_side")]
        side: Side,
        /// Pieces beyond a set's two knights, bishops, rooks and one queen.
        promoted: usize,
        /// Pawns missing from the eight.
        missing: usize,
    },
    /// Chess: a pawn on the first or last rank.
    #[error("a pawn cannot stand on {square}: pawns never stand on the first or last rank")]
    PawnOnBackRank {
        /// The square.
        square: String,
    },
    /// The side that has just moved is in check: its king or general could be taken.
    #[error("{} is in check but it is the other side's turn", side_word(*side, ["the first side", "the second side"]))]
    NotToMoveInCheck {
        /// The side in check (not to move).
        #[serde(serialize_with = "serialize_side")]
        side: Side,
    },
    /// Chess: more checking pieces, or checks along lines, than one move can give.
    #[error("the check on the side to move could not come from one move")]
    ImpossibleCheck,
    /// Chess: a castling right with the king off its start rank.
    #[error("castling right '{letter}' but that king is not on its first rank")]
    CastlingKing {
        /// The castling letter.
        letter: char,
    },
    /// Chess: a castling right with no rook where it should be.
    #[error("castling right '{letter}' but no rook of that side stands there")]
    CastlingRook {
        /// The castling letter.
        letter: char,
    },
    /// Chess: an en-passant square no pawn has just passed.
    #[error("en passant on {square}, but no pawn has just advanced two squares past it")]
    EnPassant {
        /// The square.
        square: String,
    },
    /// Xiangqi: a general outside its palace.
    #[error("the general on {point} is outside its palace")]
    GeneralOutsidePalace {
        /// Whose.
        #[serde(serialize_with = "serialize_side")]
        side: Side,
        /// Where it stands.
        point: String,
    },
    /// Xiangqi: an advisor, elephant or soldier on a point it can never reach.
    #[error("a {piece} can never stand on {point}")]
    UnreachablePoint {
        /// Whose.
        #[serde(serialize_with = "serialize_side")]
        side: Side,
        /// `advisor`, `elephant` or `soldier`.
        piece: &'static str,
        /// Where it stands.
        point: String,
    },
    /// Xiangqi: the two generals face each other on an open file.
    #[error("the generals face each other on an open file")]
    GeneralsFaceToFace,
    /// Stone games: the counts do not fit the first player moving first.
    #[error(
        "x has {first} stones and o has {second}: x moves first, so x has as many stones as o or one more"
    )]
    StoneCounts {
        /// Stones of the first player.
        first: usize,
        /// Stones of the second player.
        second: usize,
    },
    /// Stone games: the side to move given disagrees with the stone counts.
    #[error("with these stones it is {}'s turn, not {}'s", side_word(*implied, ["x", "o"]), side_word(*given, ["x", "o"]))]
    WrongTurn {
        /// The side the counts give.
        #[serde(serialize_with = "serialize_side")]
        implied: Side,
        /// The side given.
        #[serde(serialize_with = "serialize_side")]
        given: Side,
    },
    /// Stone games: both players have a winning line.
    #[error("both x and o have a winning line")]
    BothWon,
    /// Stone games: a board of another size than the game's.
    #[error("the board is {width}×{height} but the game is {size}×{size}")]
    BoardSize {
        /// Columns given.
        width: usize,
        /// Rows given.
        height: usize,
        /// The game's size.
        size: usize,
    },
    /// The position is already over by the rules: there is nothing to play.
    #[error("the game is already over here ({reason})")]
    AlreadyOver {
        /// How it ended.
        reason: String,
    },
}
