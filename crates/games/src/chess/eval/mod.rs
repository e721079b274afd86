//! ply's strong chess player: a network ([`nnue`]) that judges positions, a mop-up term
//! against a bare king ([`mop_up`]), static exchange evaluation for ordering and pruning,
//! and the engine features it switches on; beside it the hand-crafted evaluation it
//! replaced (material, piece-square tables, mobility, pawn structure, passed pawns, king
//! safety, threats), Texel-tuned, kept for the tuner.

mod mop_up;
pub mod nnue;
pub mod params;
mod see;
pub mod terms;
mod weights;

pub use mop_up::mop_up;
pub use params::SEE_VALUES;
pub use see::see;
pub use weights::WEIGHTS;

use cozy_chess::{Color, Move, Piece, Rank};
use ply_search::{Evaluator, Features, Game, Refinements};

use super::position::Chess;
use terms::{DARK_SQUARES, Sink, phase, trace};

/// The engine's sink: weights summed into midgame and endgame scores.
struct Score {
    midgame: i32,
    endgame: i32,
}

impl Sink for Score {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        if let Some(&[midgame, endgame]) = WEIGHTS.get(index) {
            self.midgame += i32::from(midgame) * count;
            self.endgame += i32::from(endgame) * count;
        }
    }
}

/// The evaluation of `board` from White's view, in centipawns, before drawish scaling.
pub fn white_view(board: &cozy_chess::Board) -> i32 {
    let mut score = Score {
        midgame: 0,
        endgame: 0,
    };
    trace(board, &mut score);
    let phase = phase(board);
    (score.midgame * phase + score.endgame * (24 - phase)) / 24
}

/// How much of the score survives in endgames that are hard to win, out of 64: the
/// stronger side without pawns and at most a minor piece up, or bishops of opposite
/// colours with nothing else.
pub fn scale(board: &cozy_chess::Board, white_score: i32) -> i32 {
    let strong = if white_score >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let material = |color: Color| {
        let count = |piece| board.colored_pieces(color, piece).len() as i32;
        3 * (count(Piece::Knight) + count(Piece::Bishop))
            + 5 * count(Piece::Rook)
            + 9 * count(Piece::Queen)
    };
    let strong_pawns = board.colored_pieces(strong, Piece::Pawn).len();
    let advantage = material(strong) - material(!strong);
    if strong_pawns == 0 && advantage <= 3 {
        return if material(strong) <= 3 {
            params::SCALE_BARE_MINOR
        } else {
            params::SCALE_PAWNLESS
        };
    }
    let bishops = board.pieces(Piece::Bishop);
    let others =
        board.pieces(Piece::Knight) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if others.is_empty()
        && board.colored_pieces(Color::White, Piece::Bishop).len() == 1
        && board.colored_pieces(Color::Black, Piece::Bishop).len() == 1
    {
        let dark = (bishops.0 & DARK_SQUARES).count_ones();
        if dark == 1 {
            return params::SCALE_OPPOSITE_BISHOPS;
        }
    }
    64
}

/// The side to move's value of `board` given its White-view value `white`: scaled down in
/// endings that are hard to win and faded towards a draw as the fifty-move counter runs.
fn judged(board: &cozy_chess::Board, white: i32) -> i32 {
    let scaled = white * scale(board, white) / 64;
    let fade = params::FIFTY_MOVE_FADE;
    let faded = scaled * (fade - i32::from(board.halfmove_clock())) / fade;
    match board.side_to_move() {
        Color::White => faded,
        Color::Black => -faded,
    }
}

/// The hand-crafted evaluation ([`white_view`], Texel-tuned) of `board` for the side to
/// move, as the strong player judged before its network: what the tuner
/// (`examples/chess_tune`) fits and checks.
pub fn handcrafted(board: &cozy_chess::Board) -> i32 {
    judged(board, white_view(board))
}

/// ply's strong chess player: the network of [`nnue`] judges positions, with [`mop_up`]
/// against a bare king.
#[derive(Clone, Copy, Debug, Default)]
pub struct Strong;

impl Evaluator<Chess> for Strong {
    fn evaluate(&self, game: &Chess) -> i32 {
        let board = game.board();
        let white = match board.side_to_move() {
            Color::White => nnue::NETWORK.evaluate(board),
            Color::Black => -nnue::NETWORK.evaluate(board),
        };
        judged(board, white + mop_up(board))
    }

    /// The hash with the fifty-move counter mixed in: the value fades with it.
    fn cache_key(&self, game: &Chess) -> Option<u64> {
        let clock = u64::from(game.board().halfmove_clock());
        Some(game.hash() ^ clock.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// The pawns of both sides: static values of one pawn structure err alike.
    fn correction_key(&self, game: &Chess) -> Option<u64> {
        let board = game.board();
        let white = board.colored_pieces(Color::White, Piece::Pawn).0;
        let black = board.colored_pieces(Color::Black, Piece::Pawn).0;
        let mixed = white.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
        Some(mixed ^ (mixed >> 31))
    }

    fn noisy_moves(&self, game: &Chess, moves: &mut Vec<Move>) {
        let board = game.board();
        let us = board.side_to_move();
        let enemy = board.colors(!us);
        let last_rank = Rank::Eighth.relative_to(us).bitboard();
        let ep_square = board
            .en_passant()
            .map(|file| cozy_chess::Square::new(file, Rank::Sixth.relative_to(us)).bitboard())
            .unwrap_or(cozy_chess::BitBoard::EMPTY);
        board.generate_moves(|mut piece_moves| {
            let targets = if piece_moves.piece == Piece::Pawn {
                enemy | last_rank | ep_square
            } else {
                enemy
            };
            piece_moves.to &= targets;
            for mv in piece_moves {
                if mv.promotion.is_none_or(|p| p == Piece::Queen) {
                    moves.push(mv);
                }
            }
            false
        });
    }

    fn tactical_score(&self, game: &Chess, mv: Move) -> Option<i32> {
        let kind = game.move_kind(mv);
        match (kind.captured, mv.promotion) {
            (None, None) => None,
            (None, Some(Piece::Queen)) => {
                let exchange = see(game.board(), mv);
                Some(if exchange >= 0 { 8_000 } else { exchange })
            }
            (_, Some(promotion)) if promotion != Piece::Queen => Some(-20_000),
            (Some(victim), _) => {
                let exchange = see(game.board(), mv);
                if exchange >= 0 {
                    Some(SEE_VALUES[victim as usize] * 8 - kind.piece as i32 + 1_000)
                } else {
                    Some(exchange)
                }
            }
            (None, Some(_)) => None,
        }
    }

    fn exchange(&self, game: &Chess, mv: Move) -> Option<i32> {
        Some(see(game.board(), mv))
    }

    fn features(&self) -> Features {
        Features {
            quiescence: true,
            quiescence_check_evasions: true,
            null_move: true,
            late_move_reductions: true,
            late_move_pruning: true,
            futility_pruning: true,
            reverse_futility_pruning: true,
            bad_tactic_pruning: true,
            check_extension: true,
            aspiration_windows: true,
            futility_margin: params::FUTILITY_MARGIN,
            reverse_futility_margin: params::REVERSE_FUTILITY_MARGIN,
            aspiration_window: params::ASPIRATION_WINDOW,
        }
    }

    fn refinements(&self) -> Refinements {
        Refinements {
            continuation_history: true,
            quiescence_skip_bad_tactics: true,
            internal_iterative_reduction: true,
            history_reductions: true,
            alpha_reduction: false,
            table_pv_reductions: false,
            history_pruning_margin: params::HISTORY_PRUNING_MARGIN,
            quiet_exchange_margin: params::QUIET_EXCHANGE_MARGIN,
            // Sparing quiet checks lost 14 Elo in chess (SPRT, stop 23); it pays in xiangqi.
            spare_checks: false,
            // The table's score for pruning: +4.0 Elo (-9.1 .. +17.1) over 1,907 games at
            // 10,000 nodes, no decision (stop 34); xiangqi gained 26 from it.
            table_eval: false,
            // +37.6 Elo (+17.2 .. +58.2), 622 games at 3+0.03, H1 (stop 36).
            steady_time: true,
            // +30.2 Elo (+12.1 .. +48.4), 866 games at 20,000 nodes, H1 (stop 36).
            singular_margin: params::SINGULAR_MARGIN,
            // +26.3 Elo (+9.8 .. +42.9), 1,100 games at 20,000 nodes, H1 (stop 37).
            correction_limit: params::CORRECTION_LIMIT,
            // +12.2 Elo (+1.5 .. +23.0), 2,332 games at 20,000 nodes, LLR 2.41, and
            // +13.8 (-0.1 .. +27.6) over 1,414 more with another seed (stop 39).
            null_move_eval_divisor: params::NULL_MOVE_EVAL_DIVISOR,
            // +21.6 Elo (+6.9 .. +36.4), 1,482 games at 20,000 nodes, H1 (stop 40).
            quiescence_futility_margin: params::QUIESCENCE_FUTILITY_MARGIN,
            razor_margin: 0,
        }
    }
}

/// Whether `game` is a position the strong evaluation may judge (not finished).
pub fn is_quiet(game: &Chess) -> bool {
    if game.in_check() {
        return false;
    }
    let mut noisy = Vec::new();
    Strong.noisy_moves(game, &mut noisy);
    noisy.iter().all(|&mv| {
        Strong
            .tactical_score(game, mv)
            .is_none_or(|score| score < 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen;

    fn eval(fen_text: &str) -> i32 {
        Strong.evaluate(&fen::parse(fen_text, false).expect("valid"))
    }

    #[test]
    fn symmetric_positions_score_alike_for_either_side_to_move() {
        let white = eval(fen::START);
        let black = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(white, black);
        assert!((0..60).contains(&white), "{white}");
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        let a = eval("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let b = eval("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(a, b);
    }

    #[test]
    fn material_and_drawish_endings() {
        assert!(eval("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1") > 300);
        assert!(eval("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1") < -300);
        assert!(
            handcrafted(&fen::parse_board("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1").expect("valid")) > 700
        );
        assert_eq!(eval("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"), 0);
        assert!(eval("4k3/8/8/8/8/8/8/R3K1n1 w - - 0 1").abs() < 100);
    }

    #[test]
    fn quiet_moves_are_judged_by_their_exchange_for_pruning() {
        let game = fen::parse("4k3/8/8/4p3/8/8/8/3QK3 w - - 0 1", false).expect("valid");
        // The queen steps where a pawn takes it; the king steps where nothing can.
        assert_eq!(
            Strong.exchange(&game, "d1d4".parse().expect("move")),
            Some(-950)
        );
        assert_eq!(
            Strong.exchange(&game, "e1f2".parse().expect("move")),
            Some(0)
        );
        assert!(Strong.refinements().quiet_exchange_margin > 0);
    }

    #[test]
    fn noisy_moves_are_captures_and_queen_promotions() {
        let game = fen::parse("1r2k3/P7/8/3p4/4P3/8/8/4K3 w - - 0 1", false).expect("valid");
        let mut moves = Vec::new();
        Strong.noisy_moves(&game, &mut moves);
        let mut names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        names.sort();
        assert_eq!(names, ["a7a8q", "a7b8q", "e4d5"]);
        assert!(Strong.tactical_score(&game, "a7b8q".parse().expect("move")) > Some(0));
        assert!(Strong.tactical_score(&game, "a7a8q".parse().expect("move")) < Some(0));
        assert_eq!(
            Strong.tactical_score(&game, "e1d2".parse().expect("move")),
            None
        );
    }
}
