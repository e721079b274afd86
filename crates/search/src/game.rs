//! The `Game` trait: what the search needs to know about a game's rules, and nothing about
//! how it is drawn, written or evaluated.

use std::fmt::Debug;

/// One of the two players. `First` moves first from the usual start position
/// (X in tic-tac-toe, Black in gomoku, Red in xiangqi, White in chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player who moves first from the start position.
    First,
    /// The player who moves second.
    Second,
}

impl Side {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-side tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side has won.
    Win(Side),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// +1 if `side` won, 0 for a draw, −1 if `side` lost.
    pub fn value_for(self, side: Side) -> i32 {
        match self {
            Outcome::Win(winner) if winner == side => 1,
            Outcome::Win(_) => -1,
            Outcome::Draw => 0,
        }
    }
}

/// The rules of a two-player, zero-sum, perfect-information game, as the search sees them.
///
/// Implementations keep whatever incremental state they like (a history of hashes for
/// repetition, pattern caches, a stack of boards for copy-make); the search only promises to
/// call `unmake_move` with the move it last made, in stack order.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move. Small and `Copy`; equality means "the same move in this position".
    type Move: Copy + Eq + Debug + Send + Sync + 'static;

    /// The player to move.
    fn side_to_move(&self) -> Side;

    /// Appends every legal move to `moves` (which the caller has cleared), in the game's
    /// natural order. For tic-tac-toe and caro that is reading order, top-left first.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move.
    fn make_move(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move made.
    fn unmake_move(&mut self, mv: Self::Move);

    /// The result if the game is over by a rule that needs no move generation (a line of
    /// three, a five, the fifty-move rule, repetition, insufficient material…), else `None`.
    /// A position whose side to move has no legal move is judged by [`Game::outcome_when_stuck`].
    fn outcome(&self) -> Option<Outcome>;

    /// The result when the side to move has no legal move: a full board is a draw in
    /// tic-tac-toe and caro, stalemate is a draw in chess and a loss in xiangqi.
    fn outcome_when_stuck(&self) -> Outcome;

    /// As [`Game::outcome`], but inside a search `ply` plies below the root. Games with
    /// repetition rules may treat any repetition inside the tree as decided; the default is
    /// the plain rule.
    fn search_outcome(&self, ply: usize) -> Option<Outcome> {
        let _ = ply;
        self.outcome()
    }

    /// A Zobrist-style hash of the position, side to move included.
    fn hash(&self) -> u64;

    /// A dense index of `mv` below [`Game::move_index_bound`], for history tables. Two moves
    /// may share an index (e.g. chess from–to), but it should separate what matters for ordering.
    fn move_index(&self, mv: Self::Move) -> usize;

    /// One more than the largest value [`Game::move_index`] returns.
    fn move_index_bound(&self) -> usize;

    /// A dense index of `mv` for continuation history, below
    /// [`Game::continuation_index_bound`]: usually the moving piece and its target square
    /// (chess: colour × piece × square, 768). Called before `mv` is made. The engine keeps a
    /// bound² table per thread, so it uses continuation history only for bounds up to 1024.
    fn continuation_index(&self, mv: Self::Move) -> usize {
        self.move_index(mv)
    }

    /// One more than the largest value [`Game::continuation_index`] returns.
    fn continuation_index_bound(&self) -> usize {
        self.move_index_bound()
    }

    /// `mv` packed into 16 bits for the transposition table. Distinct legal moves of one
    /// position must pack differently.
    fn pack_move(mv: Self::Move) -> u16;

    /// An upper bound on the plies left until the game must end, if the game has one (the
    /// empty cells of tic-tac-toe). A search at least this deep sees every line to its end,
    /// so its value is proven.
    fn remaining_plies_bound(&self) -> Option<u32> {
        None
    }

    /// The hash the position will have after `mv`, when it is cheap to know before the move
    /// is made (the engine then fetches the table's entry for it while the move is made).
    fn hash_after(&self, _mv: Self::Move) -> Option<u64> {
        None
    }

    /// Whether the side to move is in check (chess, xiangqi); used for check extensions and
    /// to switch off pruning.
    fn in_check(&self) -> bool {
        false
    }

    /// Whether passing the move is a sound probe here (null-move pruning): never for games
    /// with zugzwang-prone positions the engine cannot detect.
    fn null_move_allowed(&self) -> bool {
        false
    }

    /// Passes the move (only called when [`Game::null_move_allowed`] said yes).
    fn make_null_move(&mut self) {}

    /// Takes back a null move.
    fn unmake_null_move(&mut self) {}
}
