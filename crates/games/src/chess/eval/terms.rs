//! The terms of the strong evaluation, written once over a [`Sink`]: the engine's sink adds
//! weights into a midgame and an endgame score, the tuner's sink records how often each
//! parameter counts. Terms are computed for both colours; a term for Black counts negative.

use cozy_chess::{
    BitBoard, Board, Color, Piece, Square, get_bishop_moves, get_king_moves, get_knight_moves,
    get_rook_moves,
};

use super::params::*;

/// Receives `count` occurrences of parameter `index` (negative for Black's).
pub trait Sink {
    /// Adds `count` times parameter `index`.
    fn add(&mut self, index: usize, count: i32);
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
/// The dark squares (a1 is dark).
pub(crate) const DARK_SQUARES: u64 = 0xAA55_AA55_AA55_AA55;

/// The seventh rank from `color`'s side.
#[inline]
fn seventh_rank(color: Color) -> u64 {
    match color {
        Color::White => 0xFF << 48,
        Color::Black => 0xFF << 8,
    }
}

/// Squares attacked by `pawns` of `color`.
#[inline]
pub fn pawn_attacks(pawns: u64, color: Color) -> u64 {
    match color {
        Color::White => ((pawns << 7) & !FILE_H) | ((pawns << 9) & !FILE_A),
        Color::Black => ((pawns >> 9) & !FILE_H) | ((pawns >> 7) & !FILE_A),
    }
}

/// Every square in front of the squares of `set` on their files, from `color`'s view.
#[inline]
fn fill_forward(set: u64, color: Color) -> u64 {
    let mut fill = set;
    match color {
        Color::White => {
            fill |= fill << 8;
            fill |= fill << 16;
            fill |= fill << 32;
            fill << 8
        }
        Color::Black => {
            fill |= fill >> 8;
            fill |= fill >> 16;
            fill |= fill >> 32;
            fill >> 8
        }
    }
}

#[inline]
fn adjacent_files(set: u64) -> u64 {
    ((set << 1) & !FILE_A) | ((set >> 1) & !FILE_H)
}

#[inline]
fn file_fill(set: u64) -> u64 {
    fill_forward(set, Color::White) | fill_forward(set, Color::Black) | set
}

/// Rank of `square` from `color`'s side, 0–7.
#[inline]
fn relative_rank(square: usize, color: Color) -> usize {
    match color {
        Color::White => square / 8,
        Color::Black => 7 - square / 8,
    }
}

/// Square index seen from White's side (Black's squares mirrored by rank).
#[inline]
fn white_view(square: usize, color: Color) -> usize {
    match color {
        Color::White => square,
        Color::Black => square ^ 56,
    }
}

#[inline]
fn distance(a: usize, b: usize) -> i32 {
    let files = (a % 8).abs_diff(b % 8);
    let ranks = (a / 8).abs_diff(b / 8);
    files.max(ranks) as i32
}

#[inline]
fn squares(set: u64) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let square = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(square)
    })
}

#[inline]
fn square(index: usize) -> Square {
    Square::index(index & 63)
}

/// Per-side attack maps gathered while the pieces are scored.
#[derive(Default, Clone, Copy)]
struct Attacks {
    pawns: u64,
    all: u64,
    minors: u64,
    king_units: i32,
    king_attackers: i32,
    /// Squares reached by knights, bishops, rooks and queens.
    by_piece: [u64; 4],
}

/// The game phase: 24 with every piece on the board, 0 with pawns and kings only.
#[inline]
pub fn phase(board: &Board) -> i32 {
    let count = |piece| board.pieces(piece).len() as i32;
    (count(Piece::Knight) + count(Piece::Bishop) + 2 * count(Piece::Rook) + 4 * count(Piece::Queen))
        .min(24)
}

/// Feeds every term of `board` to `sink`.
pub fn trace<S: Sink>(board: &Board, sink: &mut S) {
    let occupied = board.occupied().0;
    let pawns = [
        board.colored_pieces(Color::White, Piece::Pawn).0,
        board.colored_pieces(Color::Black, Piece::Pawn).0,
    ];
    let mut attacks = [Attacks::default(), Attacks::default()];
    for color in [Color::White, Color::Black] {
        attacks[color as usize].pawns = pawn_attacks(pawns[color as usize], color);
    }
    let kings = [
        board.king(Color::White) as usize,
        board.king(Color::Black) as usize,
    ];

    for color in [Color::White, Color::Black] {
        let us = color as usize;
        let them = 1 - us;
        let sign = if us == 0 { 1 } else { -1 };
        let own = board.colors(color).0;
        let enemy_king_zone = (get_king_moves(square(kings[them])).0) | 1u64 << kings[them];
        let mobility_area = !own & !attacks[them].pawns;
        let mut all = attacks[us].pawns | get_king_moves(square(kings[us])).0;
        let mut minors = 0u64;
        let mut units = 0;
        let mut attackers = 0;

        for piece in Piece::ALL {
            let set = board.colored_pieces(color, piece).0;
            for from in squares(set) {
                sink.add(MATERIAL + piece as usize, sign);
                sink.add(
                    PIECE_SQUARE + piece as usize * 64 + white_view(from, color),
                    sign,
                );
                let reach = match piece {
                    Piece::Pawn | Piece::King => continue,
                    Piece::Knight => get_knight_moves(square(from)).0,
                    Piece::Bishop => get_bishop_moves(square(from), BitBoard(occupied)).0,
                    Piece::Rook => get_rook_moves(square(from), BitBoard(occupied)).0,
                    Piece::Queen => {
                        get_bishop_moves(square(from), BitBoard(occupied)).0
                            | get_rook_moves(square(from), BitBoard(occupied)).0
                    }
                };
                all |= reach;
                attacks[us].by_piece[piece as usize - 1] |= reach;
                let mobility = (reach & mobility_area).count_ones() as usize;
                let (table, weight) = match piece {
                    Piece::Knight => (MOBILITY_KNIGHT, 2),
                    Piece::Bishop => (MOBILITY_BISHOP, 2),
                    Piece::Rook => (MOBILITY_ROOK, 3),
                    _ => (MOBILITY_QUEEN, 5),
                };
                sink.add(table + mobility, sign);
                if matches!(piece, Piece::Knight | Piece::Bishop) {
                    minors |= reach;
                }
                let on_zone = (reach & enemy_king_zone).count_ones() as i32;
                if on_zone > 0 {
                    attackers += 1;
                    units += weight * on_zone;
                }
                if piece == Piece::Rook
                    && relative_rank(from, color) == 6
                    && (relative_rank(kings[them], color) == 7
                        || pawns[them] & seventh_rank(color) != 0)
                {
                    sink.add(ROOK_SEVENTH, sign);
                }
                if piece == Piece::Bishop {
                    let shade = if (from / 8 + from % 8) % 2 == 0 {
                        DARK_SQUARES
                    } else {
                        !DARK_SQUARES
                    };
                    let own = (pawns[us] & shade).count_ones() as i32;
                    if own > 0 {
                        sink.add(BISHOP_PAWNS, sign * own);
                    }
                }
                if piece == Piece::Rook {
                    let file = file_fill(1u64 << from);
                    if file & (pawns[0] | pawns[1]) == 0 {
                        sink.add(ROOK_OPEN_FILE, sign);
                    } else if file & pawns[us] == 0 {
                        sink.add(ROOK_SEMI_OPEN_FILE, sign);
                    }
                }
                if piece == Piece::Knight {
                    let rank = relative_rank(from, color);
                    let chasers = adjacent_files(fill_forward(1u64 << from, color));
                    if (3..=5).contains(&rank)
                        && attacks[us].pawns & 1u64 << from != 0
                        && chasers & pawns[them] == 0
                    {
                        sink.add(KNIGHT_OUTPOST, sign);
                    }
                }
            }
        }
        if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
            sink.add(BISHOP_PAIR, sign);
        }
        attacks[us].all = all;
        attacks[us].minors = minors;
        attacks[us].king_units = units;
        attacks[us].king_attackers = attackers;
    }

    for color in [Color::White, Color::Black] {
        let us = color as usize;
        let them = 1 - us;
        let sign = if us == 0 { 1 } else { -1 };
        pawn_terms(board, color, &pawns, &attacks, kings, sign, sink);

        // King safety: the attack on the enemy king and our own shelter.
        let queens = board.colored_pieces(color, Piece::Queen).0;
        if attacks[us].king_attackers >= 2 || (attacks[us].king_attackers >= 1 && queens != 0) {
            let bucket = (attacks[us].king_units as usize).min(KING_ATTACK_BUCKETS - 1);
            sink.add(KING_ATTACK + bucket, sign);
        }
        safe_checks(board, color, &attacks, kings[them], sign, sink);
        let king = kings[us];
        let king_file = king % 8;
        for file in king_file.saturating_sub(1)..=(king_file + 1).min(7) {
            let file_mask = FILE_A << file;
            let shield = file_mask & pawns[us] & fill_forward(1u64 << king, color);
            let nearest = squares(shield)
                .map(|sq| relative_rank(sq, color).saturating_sub(relative_rank(king, color)))
                .min();
            match nearest {
                Some(1) => sink.add(SHIELD_NEAR, sign),
                Some(2) => sink.add(SHIELD_FAR, sign),
                _ => sink.add(SHIELD_MISSING, sign),
            }
        }
        if file_fill(1u64 << king) & pawns[us] == 0 {
            sink.add(KING_OPEN_FILE, sign);
        }
        pawn_storm(color, &pawns, king, sign, sink);

        // Threats against the enemy's pieces.
        let enemy = board.colors(!color).0;
        let enemy_pieces = enemy & !pawns[them] & !board.pieces(Piece::King).0;
        let by_pawn = (attacks[us].pawns & enemy_pieces).count_ones() as i32;
        if by_pawn > 0 {
            sink.add(THREAT_BY_PAWN, sign * by_pawn);
        }
        let hanging = (attacks[us].all & enemy & !attacks[them].all & !board.pieces(Piece::King).0)
            .count_ones() as i32;
        if hanging > 0 {
            sink.add(HANGING, sign * hanging);
        }
        let majors = enemy & (board.pieces(Piece::Rook).0 | board.pieces(Piece::Queen).0);
        let by_minor = (attacks[us].minors & majors).count_ones() as i32;
        if by_minor > 0 {
            sink.add(THREAT_BY_MINOR, sign * by_minor);
        }
    }
    sink.add(
        TEMPO,
        if board.side_to_move() == Color::White {
            1
        } else {
            -1
        },
    );
}

/// The nearest enemy pawn in front of `color`'s king on its file and each file beside it,
/// by that pawn's rank seen from `color`'s side.
fn pawn_storm<S: Sink>(color: Color, pawns: &[u64; 2], king: usize, sign: i32, sink: &mut S) {
    let them = 1 - color as usize;
    let rank = king / 8;
    let ahead = match color {
        Color::White => u64::MAX.checked_shl(8 * (rank as u32 + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    };
    let king_file = king % 8;
    for file in king_file.saturating_sub(1)..=(king_file + 1).min(7) {
        let stormers = (FILE_A << file) & pawns[them] & ahead;
        if let Some(rank) = squares(stormers).map(|sq| relative_rank(sq, color)).min() {
            sink.add(PAWN_STORM + rank, sign);
        }
    }
}

/// Counts, per kind of piece, the squares from which `color` could check the enemy king
/// (on `king`) with a piece that reaches them, where nothing of the enemy's attacks.
fn safe_checks<S: Sink>(
    board: &Board,
    color: Color,
    attacks: &[Attacks; 2],
    king: usize,
    sign: i32,
    sink: &mut S,
) {
    let us = color as usize;
    let occupied = BitBoard(board.occupied().0);
    let safe = !board.colors(color).0 & !attacks[1 - us].all;
    let diagonal = get_bishop_moves(square(king), occupied).0;
    let straight = get_rook_moves(square(king), occupied).0;
    let from = [
        get_knight_moves(square(king)).0,
        diagonal,
        straight,
        diagonal | straight,
    ];
    for (kind, squares) in from.iter().enumerate() {
        let count = (squares & attacks[us].by_piece[kind] & safe).count_ones() as i32;
        if count > 0 {
            sink.add(SAFE_CHECK + kind, sign * count);
        }
    }
}

fn pawn_terms<S: Sink>(
    board: &Board,
    color: Color,
    pawns: &[u64; 2],
    attacks: &[Attacks; 2],
    kings: [usize; 2],
    sign: i32,
    sink: &mut S,
) {
    let us = color as usize;
    let them = 1 - us;
    let occupied = board.occupied().0;
    for from in squares(pawns[us]) {
        let bit = 1u64 << from;
        let rank = relative_rank(from, color);
        let front = fill_forward(bit, color);
        let neighbours = adjacent_files(file_fill(bit)) & pawns[us];
        if front & pawns[us] != 0 {
            sink.add(DOUBLED, sign);
        }
        if neighbours == 0 {
            sink.add(ISOLATED, sign);
        } else {
            // Backward: every neighbour is in front, and the stop square is guarded by a pawn.
            let behind_or_level = neighbours & !adjacent_files(front);
            let stop = match color {
                Color::White => bit << 8,
                Color::Black => bit >> 8,
            };
            if behind_or_level == 0 && stop & attacks[them].pawns != 0 {
                sink.add(BACKWARD, sign);
            }
        }
        let beside = adjacent_files(bit) & pawns[us];
        if beside != 0 {
            sink.add(PHALANX + rank, sign);
        }
        if attacks[us].pawns & bit != 0 {
            sink.add(SUPPORTED + rank, sign);
        }
        let blockers = (front | adjacent_files(front)) & pawns[them];
        if blockers == 0 {
            sink.add(PASSED + rank, sign);
            if front & occupied == 0 {
                sink.add(PASSED_FREE + rank, sign);
            }
            let stop = match color {
                Color::White => (from + 8).min(63),
                Color::Black => from.saturating_sub(8),
            };
            sink.add(PASSED_OWN_KING + rank, sign * distance(kings[us], stop));
            sink.add(PASSED_ENEMY_KING + rank, sign * distance(kings[them], stop));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_attacks_stay_on_the_board() {
        let a2_h2 = (1u64 << 8) | (1u64 << 15);
        assert_eq!(
            pawn_attacks(a2_h2, Color::White),
            (1u64 << 17) | (1u64 << 22)
        );
        let a7_h7 = (1u64 << 48) | (1u64 << 55);
        assert_eq!(
            pawn_attacks(a7_h7, Color::Black),
            (1u64 << 41) | (1u64 << 46)
        );
    }

    #[test]
    fn forward_fill_and_ranks() {
        assert_eq!(fill_forward(1 << 60, Color::White), 0);
        assert_eq!(fill_forward(1 << 4, Color::White).count_ones(), 7);
        assert_eq!(relative_rank(8, Color::Black), 6);
        assert_eq!(white_view(0, Color::Black), 56);
        assert_eq!(distance(0, 63), 7);
    }

    /// How often each parameter counts in `fen`.
    fn counts(fen: &str) -> Vec<i32> {
        struct Counts(Vec<i32>);
        impl Sink for Counts {
            fn add(&mut self, index: usize, count: i32) {
                self.0[index] += count;
            }
        }
        let board = crate::chess::fen::parse_board(fen).expect("valid FEN");
        let mut sink = Counts(vec![0; COUNT]);
        trace(&board, &mut sink);
        sink.0
    }

    #[test]
    fn safe_checks_count_the_check_squares_the_defence_does_not_cover() {
        // The knight on e4 reaches d6 and f6, both checking e8 and unguarded.
        let open = counts("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
        assert_eq!(open[SAFE_CHECK], 2);
        assert_eq!(open[SAFE_CHECK + 1..SAFE_CHECK + 4], [0, 0, 0]);
        // A pawn on e7 guards both.
        let guarded = counts("4k3/4p3/8/8/4N3/8/8/4K3 w - - 0 1");
        assert_eq!(guarded[SAFE_CHECK], 0);
        // Black's rook on a8 reaches a1, a check along the first rank that the king on e1
        // does not guard; Black's terms count negative.
        let rook = counts("r3k3/8/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(rook[SAFE_CHECK..SAFE_CHECK + 4], [0, 0, -1, 0]);
    }

    #[test]
    fn storms_sevenths_and_bishop_pawns() {
        // Black's g4 pawn storms White's king on g1 (its rank 3 from White's side), h5 too
        // (rank 4); nothing stands on the f-file. White's f2 pawn is before Black's king on
        // e8 (rank 6 from Black's side), counting negative.
        let storm = counts("4k3/8/8/7p/6p1/8/5PPP/6K1 w - - 0 1");
        assert_eq!(storm[PAWN_STORM + 3], 1);
        assert_eq!(storm[PAWN_STORM + 4], 1);
        assert_eq!(storm[PAWN_STORM + 6], -1);
        assert_eq!(storm[PAWN_STORM..ROOK_SEVENTH].iter().sum::<i32>(), 1);
        // A rook on the seventh with the king behind it counts; on the sixth it does not.
        assert_eq!(counts("4k3/R7/8/8/8/8/8/4K3 w - - 0 1")[ROOK_SEVENTH], 1);
        assert_eq!(counts("4k3/8/R7/8/8/8/8/4K3 w - - 0 1")[ROOK_SEVENTH], 0);
        // The bishop on c1 (dark) with pawns on b2 (dark) and c2 (light).
        assert_eq!(
            counts("4k3/8/8/8/8/8/1PP5/2B1K3 w - - 0 1")[BISHOP_PAWNS],
            1
        );
    }
}
