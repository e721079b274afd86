//! `Chess`: a game of chess as the search sees it — cozy-chess's board and legal move
//! generator, a stack of boards for unmake, and the history of position keys that the
//! repetition rules need. Notation, evaluation and front-end views live elsewhere.

use cozy_chess::{BitBoard, Board, Color, File, Move, Piece, Rank, Square, get_pawn_attacks};
use ply_search::{Game, Outcome, Side};

/// A chess game in progress: the current board, every earlier board of this line (for
/// unmake), and one position key per board (for repetition).
#[derive(Clone, Debug)]
pub struct Chess {
    board: Board,
    earlier: Vec<Board>,
    /// Position keys of every board from the start, the current one last.
    keys: Vec<u64>,
    chess960: bool,
}

/// How a move changes the board, as the rules, notation and evaluation name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveKind {
    /// The piece that moves.
    pub piece: Piece,
    /// The piece taken, if any (a pawn for en passant).
    pub captured: Option<Piece>,
    /// The king castles (cozy-chess writes it as king takes own rook).
    pub castles: bool,
    /// A pawn takes en passant.
    pub en_passant: bool,
}

impl Chess {
    /// The usual start position.
    pub fn new() -> Chess {
        Chess::from_board(Board::default(), false)
    }

    /// A game from `board`; `chess960` chooses Fischer-random castling notation.
    pub fn from_board(board: Board, chess960: bool) -> Chess {
        let key = position_key(&board);
        Chess {
            board,
            earlier: Vec::with_capacity(256),
            keys: vec![key],
            chess960,
        }
    }

    /// The current board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether moves are named with Chess960 (king takes rook) castling.
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Plies played since this game started (the length of the undo stack).
    pub fn plies_played(&self) -> usize {
        self.earlier.len()
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.board.is_legal(mv)
    }

    /// What `mv` (a legal move) does.
    #[inline]
    pub fn move_kind(&self, mv: Move) -> MoveKind {
        let board = &self.board;
        let us = board.side_to_move();
        let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        let castles = piece == Piece::King && board.colors(us).has(mv.to);
        let en_passant = piece == Piece::Pawn
            && mv.from.file() != mv.to.file()
            && board.piece_on(mv.to).is_none();
        let captured = if castles {
            None
        } else if en_passant {
            Some(Piece::Pawn)
        } else {
            board.piece_on(mv.to)
        };
        MoveKind {
            piece,
            captured,
            castles,
            en_passant,
        }
    }

    /// Whether the side to move has a piece other than pawns and king (null move is then
    /// sound enough: zugzwang is rare).
    pub fn has_non_pawn_material(&self, color: Color) -> bool {
        let board = &self.board;
        let pieces = board.pieces(Piece::Knight)
            | board.pieces(Piece::Bishop)
            | board.pieces(Piece::Rook)
            | board.pieces(Piece::Queen);
        !(pieces & board.colors(color)).is_empty()
    }

    /// How many times the current position occurred in this game, itself included.
    pub fn repetitions(&self) -> usize {
        let current = self.key();
        let window = usize::from(self.board.halfmove_clock()).min(self.keys.len() - 1);
        let last = self.keys.len() - 1;
        1 + (2..=window)
            .step_by(2)
            .filter(|&back| self.keys[last - back] == current)
            .count()
    }

    /// The position key: the Zobrist hash, with the en-passant file only when a pawn of the
    /// side to move could take there (positions that differ only in a dead en-passant right
    /// are the same position for the repetition rule).
    #[inline]
    pub fn key(&self) -> u64 {
        self.keys
            .last()
            .copied()
            .unwrap_or_else(|| position_key(&self.board))
    }

    /// Whether neither side can ever mate: king against king, king and one minor piece
    /// against king, or kings and bishops all on squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        let board = &self.board;
        let heavy =
            board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
        if !heavy.is_empty() {
            return false;
        }
        let knights = board.pieces(Piece::Knight);
        let bishops = board.pieces(Piece::Bishop);
        let minors = knights.len() + bishops.len();
        if minors <= 1 {
            return true;
        }
        if knights.is_empty() {
            const DARK: u64 = 0xAA55_AA55_AA55_AA55;
            let dark = bishops & BitBoard(DARK);
            return dark.is_empty() || dark == bishops;
        }
        false
    }

    /// The outcome by the fifty-move rule, threefold repetition or dead position, without
    /// looking at mate (a mate on the hundredth half-move still wins).
    fn drawn_by_rule(&self) -> bool {
        if self.board.halfmove_clock() >= 100 {
            return !self.is_checkmate();
        }
        self.insufficient_material() || self.repetitions() >= 3
    }

    /// Whether the side to move is checkmated (the one thing that beats the fifty-move rule).
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_move()
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        self.board.generate_moves(|_| true)
    }

    /// Why the game is drawn here, if a drawing rule applies: "fifty-move rule",
    /// "threefold repetition" or "insufficient material".
    pub fn draw_reason(&self) -> Option<&'static str> {
        if self.board.halfmove_clock() >= 100 && !self.is_checkmate() {
            Some("fifty-move rule")
        } else if self.repetitions() >= 3 {
            Some("threefold repetition")
        } else if self.insufficient_material() {
            Some("insufficient material")
        } else {
            None
        }
    }

    /// Counts the leaves of the legal-move tree `depth` plies deep, bulk-counting the last
    /// ply as Stockfish's `go perft` does (copy-make on the board, nothing else updated).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        perft_board(&self.board, depth)
    }
}

impl Default for Chess {
    fn default() -> Self {
        Chess::new()
    }
}

fn perft_board(board: &Board, depth: u32) -> u64 {
    let mut leaves = 0u64;
    if depth == 1 {
        board.generate_moves(|moves| {
            leaves += moves.len() as u64;
            false
        });
        return leaves;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            leaves += perft_board(&child, depth - 1);
        }
        false
    });
    leaves
}

/// The position key of `board` (see [`Chess::key`]).
#[inline]
pub fn position_key(board: &Board) -> u64 {
    match board.en_passant() {
        Some(file) if en_passant_capturable(board, file) => board.hash(),
        _ => board.hash_without_ep(),
    }
}

/// Whether a pawn of the side to move stands next to the pawn that just advanced two squares
/// on `file` (pins are ignored: a rare, harmless over-approximation).
fn en_passant_capturable(board: &Board, file: File) -> bool {
    let us = board.side_to_move();
    let target = Square::new(file, Rank::Sixth.relative_to(us));
    let attackers = get_pawn_attacks(target, !us) & board.colored_pieces(us, Piece::Pawn);
    !attackers.is_empty()
}

/// The side of a cozy-chess colour.
#[inline]
pub fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::First,
        Color::Black => Side::Second,
    }
}

/// Packs a move in 15 bits: from, to, promotion (0 none, 1–4 knight…queen).
#[inline]
pub fn pack(mv: Move) -> u16 {
    let promotion = match mv.promotion {
        None => 0,
        Some(Piece::Knight) => 1,
        Some(Piece::Bishop) => 2,
        Some(Piece::Rook) => 3,
        Some(_) => 4,
    };
    mv.from as u16 | (mv.to as u16) << 6 | promotion << 12
}

impl Game for Chess {
    type Move = Move;

    #[inline]
    fn side_to_move(&self) -> Side {
        side_of(self.board.side_to_move())
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.board.generate_moves(|piece_moves| {
            moves.extend(piece_moves);
            false
        });
    }

    #[inline]
    fn make_move(&mut self, mv: Move) {
        let next = {
            let mut next = self.board.clone();
            next.play_unchecked(mv);
            next
        };
        self.earlier.push(std::mem::replace(&mut self.board, next));
        self.keys.push(position_key(&self.board));
    }

    #[inline]
    fn unmake_move(&mut self, _mv: Move) {
        if let Some(previous) = self.earlier.pop() {
            self.board = previous;
            self.keys.pop();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.drawn_by_rule().then_some(Outcome::Draw)
    }

    fn outcome_when_stuck(&self) -> Outcome {
        if self.in_check() {
            Outcome::Win(side_of(!self.board.side_to_move()))
        } else {
            Outcome::Draw
        }
    }

    /// Inside the tree a position seen once before since the root is already a draw (the
    /// side that repeats can repeat again); before the root it takes the full threefold.
    fn search_outcome(&self, ply: usize) -> Option<Outcome> {
        let board = &self.board;
        let clock = usize::from(board.halfmove_clock());
        if clock >= 100 {
            return (!self.is_checkmate()).then_some(Outcome::Draw);
        }
        if clock >= 4 {
            let current = self.key();
            let last = self.keys.len() - 1;
            let window = clock.min(last);
            let mut seen = 0;
            let mut back = 4;
            while back <= window {
                if self.keys[last - back] == current {
                    if back <= ply {
                        return Some(Outcome::Draw);
                    }
                    seen += 1;
                    if seen >= 2 {
                        return Some(Outcome::Draw);
                    }
                }
                back += 2;
            }
        }
        self.insufficient_material().then_some(Outcome::Draw)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.key()
    }

    #[inline]
    fn move_index(&self, mv: Move) -> usize {
        mv.from as usize * 64 + mv.to as usize
    }

    fn move_index_bound(&self) -> usize {
        64 * 64
    }

    #[inline]
    fn continuation_index(&self, mv: Move) -> usize {
        let piece = self
            .board
            .piece_on(mv.from)
            .map_or(0, |piece| piece as usize);
        let color = self.board.side_to_move() as usize;
        (color * 6 + piece) * 64 + mv.to as usize
    }

    fn continuation_index_bound(&self) -> usize {
        2 * 6 * 64
    }

    #[inline]
    fn pack_move(mv: Move) -> u16 {
        pack(mv)
    }

    #[inline]
    fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    fn null_move_allowed(&self) -> bool {
        !self.in_check() && self.has_non_pawn_material(self.board.side_to_move())
    }

    fn make_null_move(&mut self) {
        if let Some(next) = self.board.null_move() {
            self.earlier.push(std::mem::replace(&mut self.board, next));
            self.keys.push(position_key(&self.board));
        }
    }

    fn unmake_null_move(&mut self) {
        if let Some(previous) = self.earlier.pop() {
            self.board = previous;
            self.keys.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &mut Chess, moves: &[&str]) {
        for text in moves {
            let mv = crate::chess::notation::parse_move(game, text).expect("legal");
            game.make_move(mv);
        }
    }

    #[test]
    fn a_repetition_inside_the_tree_is_a_draw_before_the_root_it_takes_three() {
        let mut game = Chess::new();
        play(&mut game, &["Nf3", "Nf6", "Ng1", "Ng8"]);
        // The start position again: twice in the game.
        assert_eq!(game.repetitions(), 2);
        assert_eq!(game.outcome(), None);
        // Seen 4 plies ago, inside a search rooted 4 or more plies back: a draw.
        assert_eq!(game.search_outcome(4), Some(Outcome::Draw));
        // Rooted here (the earlier occurrence is before the root): not yet.
        assert_eq!(game.search_outcome(1), None);
        play(&mut game, &["Nf3", "Nf6", "Ng1", "Ng8"]);
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.outcome(), Some(Outcome::Draw));
        assert_eq!(game.search_outcome(1), Some(Outcome::Draw));
    }

    #[test]
    fn null_moves_and_unmake_restore_the_key() {
        let mut game = Chess::new();
        play(&mut game, &["e4", "c5"]);
        let key = game.key();
        assert!(game.null_move_allowed());
        game.make_null_move();
        assert_ne!(game.key(), key);
        assert_eq!(game.side_to_move(), Side::Second);
        game.unmake_null_move();
        assert_eq!(game.key(), key);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            game.make_move(mv);
            game.unmake_move(mv);
            assert_eq!(game.key(), key);
        }
    }

    #[test]
    fn dead_en_passant_rights_do_not_split_positions() {
        let mut a = Chess::new();
        play(&mut a, &["e4", "Nf6", "Nf3", "Ng8", "Ng1"]);
        let b = crate::chess::fen::parse(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            false,
        )
        .expect("valid");
        assert_eq!(a.key(), b.key());
        let mut c =
            crate::chess::fen::parse("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", false).expect("valid");
        play(&mut c, &["e4"]);
        assert_eq!(
            c.key(),
            c.board().hash(),
            "f4 can take e3: the right counts"
        );
    }
}
