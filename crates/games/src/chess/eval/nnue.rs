//! A small efficiently-updatable network for the strong chess evaluation: 768 piece-square
//! inputs per perspective, a hidden layer of [`HIDDEN`] units per perspective with a squared
//! clipped ReLU (side to move first), and one output in centipawns chosen from
//! [`BUCKETS`] output layers by the number of pieces on the board. Trained by
//! `crates/games/examples/chess_nnue.rs`; its weights live in `nnue.bin` beside this file.
//!
//! The compiled network: `NNUE_BATCH=8192 chess_nnue train nnue.bin 32 DATA` (Adam, rate
//! 0.001, then 0.0003 and 0.0001 over the last two fifths; labels 0.9 · sigmoid(Stockfish
//! centipawns / 400) + 0.1 · game result), held-out squared error 0.067215 → 0.002362, the
//! fixed-point file 3.16 cp from the floating-point model on average (worst 18.7) over
//! 20,000 held-out positions. DATA, 5,834,125 quiet positions of ply's self-play, each
//! labelled with Stockfish 15.1's static evaluation (`chess_tune label … 0`):
//! - 2,312,554 from the engine of 3c247d1 (hand-crafted evaluation; `chess_tune gen`: 45,000
//!   games at 200 nodes a move, seed 101, and 25,000 at 600, seed 102);
//! - 3,521,571 from the engine of 79fe866 (the first network): `GEN_ADJUDICATE=3000
//!   chess_tune gen` at 300 nodes, seeds 105 and 106 (~85,000 games, played on into the
//!   endings a lower adjudication cut off), and 105,634 at 200 and 600 nodes, seeds 103, 104.

use std::cell::RefCell;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};

use cozy_chess::{Board, Color, Piece};

/// Hidden units per perspective.
pub const HIDDEN: usize = 256;
/// Output layers, one per band of piece counts (see [`bucket`]).
pub const BUCKETS: usize = 8;
/// Inputs per perspective: colour (own, enemy) × six pieces × 64 squares.
pub const INPUTS: usize = 768;
/// Fixed-point scale of the input layer: a float weight `w` is stored as `w · QA`, and the
/// clipped unit runs from 0 to `QA` (its square from 0 to `QA²`).
pub const QA: i32 = 255;
/// Fixed-point scale of the output layer's weights.
pub const QB: i32 = 256;
/// The network's output, a float `o`, means `o · OUTPUT_SCALE` centipawns.
pub const OUTPUT_SCALE: i32 = 400;
/// The largest magnitude of an output weight a file may hold (the trainer clips at 1.98 ·
/// [`QB`] = 507), so that [`activate`] can sum in 32 bits.
pub const MAX_OUTPUT_WEIGHT: i16 = 1023;
/// The first bytes of a network file.
pub const MAGIC: &[u8; 8] = b"PLYNNUE2";

/// The input indices of `board` from White's and from Black's view.
///
/// From a perspective, pieces of that colour are "own" (0..384) and the others "enemy"
/// (384..768); Black's view mirrors the board top to bottom, so both sides see the same
/// position the same way.
#[inline(always)]
pub fn features(board: &Board, mut visit: impl FnMut(usize, usize)) {
    for color in [Color::White, Color::Black] {
        for piece in Piece::ALL {
            for square in board.colored_pieces(color, piece) {
                let square = square as usize;
                let piece = piece as usize;
                let white = (color as usize) * 384 + piece * 64 + square;
                visit(white, mirrored(white));
            }
        }
    }
}

/// The output layer for a position with `pieces` pieces (kings included): 2–5 → 0, …,
/// 30–32 → 7.
#[inline(always)]
pub fn bucket(pieces: usize) -> usize {
    (pieces.saturating_sub(2) / 4).min(BUCKETS - 1)
}

/// Black's view of a White-view input index: colours swapped, the board mirrored.
#[inline(always)]
pub fn mirrored(white: usize) -> usize {
    let (color, rest) = (white / 384, white % 384);
    (1 - color) * 384 + (rest / 64) * 64 + ((rest % 64) ^ 56)
}

/// A network in the engine's fixed-point form.
pub struct Network {
    /// Tells this network's accumulators from another's in a thread's [`Last`].
    id: u64,
    /// `input[feature]`: the hidden layer's weights from one input.
    input: Vec<[i16; HIDDEN]>,
    bias: [i16; HIDDEN],
    /// `output[bucket]`: the side to move's hidden units first, then the other side's.
    output: Vec<[i16; 2 * HIDDEN]>,
    output_bias: [i32; BUCKETS],
}

/// Why a network file cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not start with [`MAGIC`].
    Magic,
    /// The file's hidden size is not [`HIDDEN`].
    Hidden(u32),
    /// The file's count of output layers is not [`BUCKETS`].
    Buckets(u32),
    /// An output weight's magnitude is above [`MAX_OUTPUT_WEIGHT`].
    OutputWeight(i16),
    /// The file is shorter or longer than its layers.
    Length {
        /// The bytes a network of [`HIDDEN`] units takes.
        expected: usize,
        /// The bytes the file has.
        found: usize,
    },
}

impl Network {
    /// The bytes of a network file: [`MAGIC`], the hidden size and the number of output
    /// layers as `u32`, then little-endian `i16` input weights (input-major), hidden biases
    /// and output weights (layer by layer), and one `i32` bias per output layer.
    pub fn read(bytes: &[u8]) -> Result<Network, NetworkError> {
        let expected = 8 + 8 + 2 * (INPUTS * HIDDEN + HIDDEN + BUCKETS * 2 * HIDDEN) + 4 * BUCKETS;
        if bytes.get(..8) != Some(MAGIC.as_slice()) {
            return Err(NetworkError::Magic);
        }
        let word = |at: usize| {
            bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        let (Some(hidden), Some(buckets)) = (word(8), word(12)) else {
            return Err(NetworkError::Length {
                expected,
                found: bytes.len(),
            });
        };
        if hidden as usize != HIDDEN {
            return Err(NetworkError::Hidden(hidden));
        }
        if buckets as usize != BUCKETS {
            return Err(NetworkError::Buckets(buckets));
        }
        if bytes.len() != expected {
            return Err(NetworkError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let mut words = bytes[16..]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut next = || words.next().unwrap_or(0);
        let input = (0..INPUTS)
            .map(|_| std::array::from_fn(|_| next()))
            .collect();
        let bias = std::array::from_fn(|_| next());
        let output: Vec<[i16; 2 * HIDDEN]> = (0..BUCKETS)
            .map(|_| std::array::from_fn(|_| next()))
            .collect();
        if let Some(&w) = output
            .iter()
            .flatten()
            .find(|w| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
        {
            return Err(NetworkError::OutputWeight(w));
        }
        let tail = &bytes[expected - 4 * BUCKETS..];
        let output_bias = std::array::from_fn(|i| {
            i32::from_le_bytes([
                tail[4 * i],
                tail[4 * i + 1],
                tail[4 * i + 2],
                tail[4 * i + 3],
            ])
        });
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        Ok(Network {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            input,
            bias,
            output,
            output_bias,
        })
    }

    /// The value of `board` for the side to move, in centipawns. The accumulators start
    /// from those of the position this thread evaluated last, so a neighbour in the search
    /// tree costs the few pieces that differ, not every piece.
    pub fn evaluate(&self, board: &Board) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has just been found to support AVX2.
            return unsafe { self.evaluate_avx2(board) };
        }
        self.evaluate_from_last(board)
    }

    /// [`Network::evaluate`] compiled for AVX2 (the build's baseline is SSE2).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn evaluate_avx2(&self, board: &Board) -> i32 {
        self.evaluate_from_last(board)
    }

    #[inline(always)]
    fn evaluate_from_last(&self, board: &Board) -> i32 {
        LAST.with_borrow_mut(|last| {
            let planes = planes(board);
            let changed: u32 = planes
                .iter()
                .zip(&last.planes)
                .map(|(new, old)| (new ^ old).count_ones())
                .sum();
            if last.network != self.id || changed >= board.occupied().len() {
                last.network = self.id;
                self.sum_afresh(board, &mut last.white, &mut last.black);
            } else {
                for (plane, (&new, &old)) in planes.iter().zip(&last.planes).enumerate() {
                    for square in squares(old & !new) {
                        let w = plane * 64 + square;
                        sub(&mut last.white, &self.input[w]);
                        sub(&mut last.black, &self.input[mirrored(w)]);
                    }
                    for square in squares(new & !old) {
                        let w = plane * 64 + square;
                        add(&mut last.white, &self.input[w]);
                        add(&mut last.black, &self.input[mirrored(w)]);
                    }
                }
            }
            last.planes = planes;
            self.output(board, &last.white, &last.black)
        })
    }

    /// [`Network::evaluate`] summing every piece afresh: the reference the reuse of a
    /// thread's last accumulators must match.
    #[cfg(test)]
    fn evaluate_afresh(&self, board: &Board) -> i32 {
        let (mut white, mut black) = (self.bias, self.bias);
        self.sum_afresh(board, &mut white, &mut black);
        self.output(board, &white, &black)
    }

    /// Both perspectives' accumulators of `board`, from the biases and every piece.
    #[inline(always)]
    fn sum_afresh(&self, board: &Board, white: &mut [i16; HIDDEN], black: &mut [i16; HIDDEN]) {
        *white = self.bias;
        *black = self.bias;
        features(board, |w, b| {
            add(white, &self.input[w]);
            add(black, &self.input[b]);
        });
    }

    /// The output for the side to move from both perspectives' accumulators.
    #[inline(always)]
    fn output(&self, board: &Board, white: &[i16; HIDDEN], black: &[i16; HIDDEN]) -> i32 {
        let (us, them) = match board.side_to_move() {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        let layer = bucket(board.occupied().len() as usize);
        let (own, other) = self.output[layer].split_at(HIDDEN);
        // The squared units carry QA² and the weights QB; one QA goes before the bias.
        let sum = (activate(us, own) + activate(them, other)) / i64::from(QA)
            + i64::from(self.output_bias[layer]);
        (sum * i64::from(OUTPUT_SCALE) / i64::from(QA * QB)) as i32
    }
}

/// The accumulators of the position a thread evaluated last, by which network.
struct Last {
    /// The network's id; 0 before the first evaluation.
    network: u64,
    /// The pieces, by colour and kind: plane `colour · 6 + piece`, whose White-view inputs
    /// are `plane · 64 + square`.
    planes: [u64; 12],
    white: [i16; HIDDEN],
    black: [i16; HIDDEN],
}

thread_local! {
    static LAST: RefCell<Last> = const {
        RefCell::new(Last {
            network: 0,
            planes: [0; 12],
            white: [0; HIDDEN],
            black: [0; HIDDEN],
        })
    };
}

/// The pieces of `board` as [`Last::planes`].
#[inline(always)]
fn planes(board: &Board) -> [u64; 12] {
    std::array::from_fn(|plane| {
        let color = Color::index(plane / 6);
        let piece = Piece::index(plane % 6);
        board.colored_pieces(color, piece).0
    })
}

/// The squares of a bitboard, low to high.
#[inline(always)]
fn squares(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let square = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            square
        })
    })
}

#[inline(always)]
fn sub(accumulator: &mut [i16; HIDDEN], weights: &[i16; HIDDEN]) {
    for (a, w) in accumulator.iter_mut().zip(weights) {
        *a = a.wrapping_sub(*w);
    }
}

#[inline(always)]
fn add(accumulator: &mut [i16; HIDDEN], weights: &[i16; HIDDEN]) {
    for (a, w) in accumulator.iter_mut().zip(weights) {
        *a = a.wrapping_add(*w);
    }
}

/// The squared clipped hidden units of one perspective times their output weights.
#[inline(always)]
fn activate(hidden: &[i16; HIDDEN], weights: &[i16]) -> i64 {
    // A run of RUN terms h²·w stays within i32 (255² · MAX_OUTPUT_WEIGHT · RUN < 2³¹), so
    // each run is summed in 32-bit lanes and only the runs' sums in 64 bits.
    const RUN: usize = 32;
    hidden
        .chunks_exact(RUN)
        .zip(weights.chunks_exact(RUN))
        .map(|(hidden, weights)| {
            let run: i32 = hidden
                .iter()
                .zip(weights)
                .map(|(&h, &w)| {
                    let h = i32::from(h.clamp(0, QA as i16));
                    h * h * i32::from(w)
                })
                .sum();
            i64::from(run)
        })
        .sum()
}

/// The network compiled into ply.
pub static NETWORK: LazyLock<Network> = LazyLock::new(|| {
    Network::read(include_bytes!("nnue.bin")).expect("the built-in network file is well formed")
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen;

    #[test]
    fn the_built_in_network_reads_and_sees_both_sides_alike() {
        let start = fen::parse_board(fen::START).expect("valid");
        let white = NETWORK.evaluate(&start);
        let flipped = fen::parse_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
            .expect("valid");
        assert_eq!(white, NETWORK.evaluate(&flipped));
        assert!(white.abs() < 100, "{white}");
        // Bare-king endings are rare in its positions (self-play games were adjudicated
        // before them), so it values them lower than a queen, but as clear wins.
        let queen_up = fen::parse_board("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1").expect("valid");
        assert!(NETWORK.evaluate(&queen_up) > 300);
        let queen_down = fen::parse_board("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1").expect("valid");
        assert!(NETWORK.evaluate(&queen_down) < -300);
        let queen_odds =
            fen::parse_board("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                .expect("valid");
        assert!(NETWORK.evaluate(&queen_odds) > 700);
    }

    #[test]
    fn accumulators_carried_from_the_last_position_match_a_fresh_sum() {
        // A game's positions in order (small differences), then jumps between unrelated
        // positions (a fresh sum), through both networks of this thread.
        let mut game = crate::chess::Chess::new();
        let mut boards = vec![fen::parse_board(fen::START).expect("valid")];
        for san in [
            "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "Nf6", "Nf3", "Bf5", "Bc4", "e6",
            "O-O", "Nc6", "Bg5", "O-O-O", "d5", "exd5",
        ] {
            let mv = crate::chess::notation::parse_move(&game, san).expect("legal");
            ply_search::Game::make_move(&mut game, mv);
            boards.push(game.board().clone());
        }
        boards.push(fen::parse_board("8/8/4k3/8/8/3K4/8/7Q b - - 0 1").expect("valid"));
        boards.push(boards[3].clone());
        let other = Network::read(include_bytes!("nnue.bin")).expect("well formed");
        for board in boards.iter().chain(boards.iter().rev()) {
            assert_eq!(NETWORK.evaluate(board), NETWORK.evaluate_afresh(board));
            assert_eq!(other.evaluate(board), other.evaluate_afresh(board));
            assert_eq!(NETWORK.evaluate(board), other.evaluate(board));
        }
    }

    #[test]
    fn every_build_of_the_network_gives_the_same_values() {
        for text in [
            fen::START,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let board = fen::parse_board(text).expect("valid");
            assert_eq!(
                NETWORK.evaluate(&board),
                NETWORK.evaluate_afresh(&board),
                "{text}"
            );
        }
    }

    #[test]
    fn malformed_files_are_errors() {
        assert_eq!(Network::read(b"nonsense").err(), Some(NetworkError::Magic));
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&64u32.to_le_bytes());
        bytes.extend_from_slice(&(BUCKETS as u32).to_le_bytes());
        assert_eq!(Network::read(&bytes).err(), Some(NetworkError::Hidden(64)));
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        bytes.extend_from_slice(&1u32.to_le_bytes());
        assert_eq!(Network::read(&bytes).err(), Some(NetworkError::Buckets(1)));
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        bytes.extend_from_slice(&(BUCKETS as u32).to_le_bytes());
        assert!(matches!(
            Network::read(&bytes),
            Err(NetworkError::Length { .. })
        ));
        // An output weight past MAX_OUTPUT_WEIGHT could overflow the 32-bit sums.
        let mut bytes = include_bytes!("nnue.bin").to_vec();
        let first_output = 16 + 2 * (INPUTS * HIDDEN + HIDDEN);
        bytes[first_output..first_output + 2].copy_from_slice(&2000i16.to_le_bytes());
        assert_eq!(
            Network::read(&bytes).err(),
            Some(NetworkError::OutputWeight(2000))
        );
    }
}
