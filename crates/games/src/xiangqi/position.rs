//! The position without its past: the padded board, each side's piece list, the generals'
//! points, the side to move and the Zobrist hash. `Copy`, so a rule judge can replay a
//! cycle on a copy without allocating; the game's history lives in [`super::Xiangqi`].

use ply_search::Side;

use super::piece::{Code, EMPTY, Kind, OFF, code, is_piece, kind_of, side_of};
use super::square::{
    EAST, NORTH, ON_BOARD, ORTHOGONAL, SOUTH, Square, WEST, forward, offset, on_home_half,
};
use super::zobrist::{BLACK_TO_MOVE, piece_key};

/// Most pieces a side can have.
pub const MAX_PIECES: usize = 16;

/// A move: the point a piece leaves and the point it goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes (capturing what stands there).
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

/// The horse's four legs with the two points each one opens: `(leg, [target, target])`.
pub const HORSE_JUMPS: [(i8, [i8; 2]); 4] = [
    (NORTH, [2 * NORTH + EAST, 2 * NORTH + WEST]),
    (SOUTH, [2 * SOUTH + EAST, 2 * SOUTH + WEST]),
    (EAST, [2 * EAST + NORTH, 2 * EAST + SOUTH]),
    (WEST, [2 * WEST + NORTH, 2 * WEST + SOUTH]),
];

/// For each diagonal neighbour of a point (a horse's leg when it attacks that point), the
/// two points from which a horse attacks through it: `(leg, [from, from])`.
pub const HORSE_ATTACKS: [(i8, [i8; 2]); 4] = [
    (NORTH + EAST, [2 * NORTH + EAST, NORTH + 2 * EAST]),
    (NORTH + WEST, [2 * NORTH + WEST, NORTH + 2 * WEST]),
    (SOUTH + EAST, [2 * SOUTH + EAST, SOUTH + 2 * EAST]),
    (SOUTH + WEST, [2 * SOUTH + WEST, SOUTH + 2 * WEST]),
];

/// A xiangqi position (no history).
#[derive(Clone, Copy)]
pub struct Position {
    board: [Code; 256],
    squares: [[Square; MAX_PIECES]; 2],
    count: [u8; 2],
    slot: [u8; 256],
    generals: [Square; 2],
    side: Side,
    hash: u64,
}

impl PartialEq for Position {
    /// Same pieces on the same points, in the same list order, and the same side to move.
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.side == other.side
            && self.hash == other.hash
            && self.generals == other.generals
            && self.pieces(Side::First) == other.pieces(Side::First)
            && self.pieces(Side::Second) == other.pieces(Side::Second)
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", super::fen::format_board(self))
    }
}

/// What a move took, for taking it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    /// The captured piece's code, or [`EMPTY`].
    pub captured: Code,
    /// Where the captured piece stood in its owner's list.
    pub slot: u8,
}

impl Position {
    /// An empty board with `side` to move (no generals yet: add them with [`Position::put`]).
    pub fn empty(side: Side) -> Position {
        let mut board = [OFF; 256];
        for (sq, cell) in board.iter_mut().enumerate() {
            if ON_BOARD[sq] {
                *cell = EMPTY;
            }
        }
        Position {
            board,
            squares: [[0; MAX_PIECES]; 2],
            count: [0; 2],
            slot: [0; 256],
            generals: [0; 2],
            side,
            hash: if side == Side::Second {
                BLACK_TO_MOVE
            } else {
                0
            },
        }
    }

    /// Puts a piece on an empty point. Returns false (and changes nothing) when the point
    /// is taken or off the board, or the side already has [`MAX_PIECES`] pieces.
    pub fn put(&mut self, sq: Square, piece: Code) -> bool {
        let side = side_of(piece);
        let count = usize::from(self.count[side.index()]);
        if self.board[usize::from(sq)] != EMPTY || !is_piece(piece) || count >= MAX_PIECES {
            return false;
        }
        self.board[usize::from(sq)] = piece;
        self.squares[side.index()][count] = sq;
        self.slot[usize::from(sq)] = count as u8;
        self.count[side.index()] += 1;
        self.hash ^= piece_key(piece, sq);
        if kind_of(piece) == Kind::General {
            self.generals[side.index()] = sq;
        }
        true
    }

    /// What stands on `sq` (a code; [`EMPTY`] or [`OFF`] when nothing).
    #[inline]
    pub fn at(&self, sq: Square) -> Code {
        self.board[usize::from(sq)]
    }

    /// The kind and owner of the piece on `sq`, if any.
    #[inline]
    pub fn piece(&self, sq: Square) -> Option<(Side, Kind)> {
        let code = self.at(sq);
        is_piece(code).then(|| (side_of(code), kind_of(code)))
    }

    /// The points of `side`'s pieces.
    #[inline]
    pub fn pieces(&self, side: Side) -> &[Square] {
        let list = &self.squares[side.index()];
        &list[..usize::from(self.count[side.index()]).min(MAX_PIECES)]
    }

    /// Where `side`'s general stands.
    #[inline]
    pub fn general(&self, side: Side) -> Square {
        self.generals[side.index()]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The Zobrist hash (pieces and side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash after [`Position::play`] of `mv`, without playing it.
    #[inline]
    pub fn hash_after(&self, mv: Move) -> u64 {
        let piece = self.board[usize::from(mv.from)];
        let captured = self.board[usize::from(mv.to)];
        let mut hash =
            self.hash ^ piece_key(piece, mv.from) ^ piece_key(piece, mv.to) ^ BLACK_TO_MOVE;
        if captured != EMPTY {
            hash ^= piece_key(captured, mv.to);
        }
        hash
    }

    /// Plays `mv` (which must move a piece of the side to move to a point it may reach)
    /// and passes the turn.
    #[inline]
    pub fn play(&mut self, mv: Move) -> Taken {
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        let piece = self.board[from];
        let captured = self.board[to];
        let us = self.side.index();
        let them = 1 - us;
        let mut taken = Taken { captured, slot: 0 };
        self.hash ^= piece_key(piece, mv.from) ^ piece_key(piece, mv.to) ^ BLACK_TO_MOVE;
        if captured != EMPTY {
            self.hash ^= piece_key(captured, mv.to);
            let slot = self.slot[to];
            let last = usize::from(self.count[them]) - 1;
            let moved = self.squares[them][last];
            self.squares[them][usize::from(slot)] = moved;
            self.slot[usize::from(moved)] = slot;
            self.count[them] -= 1;
            taken.slot = slot;
        }
        let slot = self.slot[from];
        self.squares[us][usize::from(slot)] = mv.to;
        self.slot[to] = slot;
        self.board[to] = piece;
        self.board[from] = EMPTY;
        if self.generals[us] == mv.from {
            self.generals[us] = mv.to;
        }
        self.side = self.side.opponent();
        taken
    }

    /// Takes back `mv`, which was played last and took `taken`.
    #[inline]
    pub fn take_back(&mut self, mv: Move, taken: Taken) {
        self.side = self.side.opponent();
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        let us = self.side.index();
        let them = 1 - us;
        let piece = self.board[to];
        self.hash ^= piece_key(piece, mv.from) ^ piece_key(piece, mv.to) ^ BLACK_TO_MOVE;
        let slot = self.slot[to];
        self.squares[us][usize::from(slot)] = mv.from;
        self.slot[from] = slot;
        self.board[from] = piece;
        self.board[to] = taken.captured;
        if self.generals[us] == mv.to {
            self.generals[us] = mv.from;
        }
        if taken.captured != EMPTY {
            self.hash ^= piece_key(taken.captured, mv.to);
            let slot = usize::from(taken.slot);
            let count = usize::from(self.count[them]);
            let displaced = self.squares[them][slot];
            self.squares[them][count] = displaced;
            self.slot[usize::from(displaced)] = count as u8;
            self.squares[them][slot] = mv.to;
            self.slot[to] = slot as u8;
            self.count[them] += 1;
        }
    }

    /// Passes the turn (null move).
    #[inline]
    pub fn pass(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= BLACK_TO_MOVE;
    }

    /// Whether `side`'s general is attacked.
    #[inline]
    pub fn general_attacked(&self, side: Side) -> bool {
        let board = &self.board;
        general_attacked_on(
            |sq| board[usize::from(sq)],
            self.general(side),
            side.opponent(),
        )
    }

    /// Whether `mv` (a move of the side to move to a point it may reach) leaves its own
    /// general attacked, judged without playing it.
    #[inline]
    pub fn exposes_general(&self, mv: Move) -> bool {
        let board = &self.board;
        let piece = board[usize::from(mv.from)];
        let us = self.side;
        let general = if mv.from == self.general(us) {
            mv.to
        } else {
            self.general(us)
        };
        general_attacked_on(
            |sq| {
                if sq == mv.from {
                    EMPTY
                } else if sq == mv.to {
                    piece
                } else {
                    board[usize::from(sq)]
                }
            },
            general,
            us.opponent(),
        )
    }
}

/// Whether a general on `target` is attacked by `attacker` on the board `read` describes:
/// chariots and the facing general along lines, cannons over one screen, horses with a free
/// leg, soldiers from the front and (across the river) the sides. Advisors and elephants
/// never reach the other palace, so they are not asked.
#[inline(always)]
pub fn general_attacked_on(read: impl Fn(Square) -> Code, target: Square, attacker: Side) -> bool {
    let chariot = code(attacker, Kind::Chariot);
    let cannon = code(attacker, Kind::Cannon);
    let general = code(attacker, Kind::General);
    for step in ORTHOGONAL {
        let mut sq = offset(target, step);
        let mut piece = read(sq);
        while piece == EMPTY {
            sq = offset(sq, step);
            piece = read(sq);
        }
        if piece == OFF {
            continue;
        }
        if piece == chariot || (piece == general && (step == NORTH || step == SOUTH)) {
            return true;
        }
        sq = offset(sq, step);
        piece = read(sq);
        while piece == EMPTY {
            sq = offset(sq, step);
            piece = read(sq);
        }
        if piece == cannon {
            return true;
        }
    }
    let horse = code(attacker, Kind::Horse);
    for (leg, froms) in HORSE_ATTACKS {
        if read(offset(target, leg)) == EMPTY
            && (read(offset(target, froms[0])) == horse || read(offset(target, froms[1])) == horse)
        {
            return true;
        }
    }
    let soldier = code(attacker, Kind::Soldier);
    if read(offset(target, -forward(attacker))) == soldier {
        return true;
    }
    !on_home_half(attacker, target)
        && (read(offset(target, EAST)) == soldier || read(offset(target, WEST)) == soldier)
}
